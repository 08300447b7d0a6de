import { describe, expect, it } from 'vitest';
import { PNG_1X1 } from '../../test/multipart.js';
import { findSvgHazards, sanitizeSvg, SvgRejected } from './svg-sanitizer.js';

const NS = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"';
const svg = (inner: string, rootAttrs = '') =>
  Buffer.from(`<svg ${NS} viewBox="0 0 100 50"${rootAttrs}>${inner}</svg>`);
const BENIGN =
  '<rect id="room" x="1" y="2" width="30" height="20" fill="#abcdef"/><text x="5" y="9">Office 101</text>';
const clean = async (inner: string, rootAttrs = '') => (await sanitizeSvg(svg(inner, rootAttrs))).svg;

async function rejection(bytes: Buffer): Promise<string> {
  try {
    await sanitizeSvg(bytes);
    return 'accepted';
  } catch (error) {
    return error instanceof SvgRejected ? error.reason : 'crashed';
  }
}

describe('the SVG sanitizer keeps what a floor plan needs', () => {
  it('keeps shapes, text, ids, the view box and camelCase attributes, as well-formed XML', async () => {
    const { svg: out, viewBox } = await sanitizeSvg(
      svg(
        `${BENIGN}<defs><linearGradient id="g" gradientUnits="userSpaceOnUse"><stop offset="0"/></linearGradient></defs>`,
      ),
    );
    expect(out).toContain('<rect id="room" x="1" y="2" width="30" height="20" fill="#abcdef"/>');
    expect(out).toContain('<text x="5" y="9">Office 101</text>');
    expect(out).toContain('viewBox="0 0 100 50"');
    expect(out).toContain('gradientUnits="userSpaceOnUse"');
    expect(
      out.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg"'),
    ).toBe(true);
    expect(viewBox).toEqual([0, 0, 100, 50]);
    expect(findSvgHazards(out)).toEqual([]);
  });

  it('gives the same result when run on its own output', async () => {
    const once = await clean(`${BENIGN}<style>.a{fill:url(#g)}</style><use href="#room" x="40"/>`);
    expect((await sanitizeSvg(Buffer.from(once))).svg).toBe(once);
  });

  it('reads the view box from width and height when the SVG has none', async () => {
    const bytes = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="800px" height="400">${BENIGN}</svg>`,
    );
    expect((await sanitizeSvg(bytes)).viewBox).toEqual([0, 0, 800, 400]);
  });
});

describe('the SVG sanitizer removes every hostile part', () => {
  it('removes <script> elements, keeping their siblings', async () => {
    const out = await clean(
      `<script>alert('x')</script><script xlink:href="http://evil.example/x.js"/>${BENIGN}`,
    );
    expect(out).not.toMatch(/script|alert|evil/);
    expect(out).toContain('Office 101');
  });

  it('removes event handler attributes (onload, onclick, onmouseover), keeping the elements', async () => {
    const out = await clean(
      '<rect id="r" width="5" height="5" onclick="alert(1)" onmouseover="alert(2)" fill="red"/>',
      ' onload="alert(0)"',
    );
    expect(out).not.toMatch(/\bon\w+=|alert/);
    expect(out).toContain('<rect id="r" width="5" height="5" fill="red"/>');
  });

  it('removes javascript: links from <a> (xlink:href and href), keeping the linked text', async () => {
    const out = await clean(
      '<a xlink:href="javascript:alert(1)"><text>Lobby</text></a><a href=" JavaScript:alert(2)"><text>Hall</text></a>',
    );
    expect(out).not.toMatch(/javascript|alert/i);
    expect(out).toContain('<a><text>Lobby</text></a>');
    expect(out).toContain('<a><text>Hall</text></a>');
  });

  it('removes external images but keeps an embedded PNG or JPEG picture', async () => {
    const embedded = `data:image/png;base64,${PNG_1X1.toString('base64')}`;
    const out = await clean(
      `<image href="http://evil.example/x.png" width="1" height="1"/>` +
        `<image xlink:href="https://evil.example/y.png" width="2" height="2"/>` +
        `<image href="data:image/svg+xml;base64,PHN2Zy8+" width="3" height="3"/>` +
        `<image href="${embedded}" width="4" height="4"/>`,
    );
    expect(out).not.toMatch(/evil|svg\+xml/);
    expect(out).toContain(`<image href="${embedded}" width="4" height="4"/>`);
    expect(out).toContain('<image width="1" height="1"/>');
  });

  it('removes <foreignObject> with its HTML content', async () => {
    const out = await clean(
      `<foreignObject width="10" height="10"><div xmlns="http://www.w3.org/1999/xhtml"><iframe src="http://evil.example"/>Hi</div></foreignObject>${BENIGN}`,
    );
    expect(out).not.toMatch(/foreignObject|iframe|div|evil/i);
    expect(out).toContain('Office 101');
  });

  it('removes external <use> references and keeps local ones', async () => {
    const out = await clean(
      `${BENIGN}<use href="http://evil.example/sprite.svg#a"/><use xlink:href="data:image/svg+xml,x#b"/><use href="#room" x="40"/>`,
    );
    expect(out).not.toMatch(/evil|data:/);
    expect(out).toContain('<use href="#room" x="40"/>');
  });

  it('removes url(http://...) from style attributes, presentation attributes and <style> sheets, keeping local ones', async () => {
    const out = await clean(
      '<style>@import url(http://evil.example/a.css); .a{fill:url(http://evil.example/p.svg#p)} .b{fill:url(#g);stroke:blue}</style>' +
        '<rect style="fill:url(http://evil.example/x.png); stroke: #123456" width="1" height="1"/>' +
        '<rect filter="url(https://evil.example/f.svg#f)" fill="url(#g)" width="2" height="2"/>' +
        '<rect style="background:u\\72l(http://evil.example)" width="3" height="3"/>',
    );
    expect(out).not.toMatch(/evil|@import|\\/);
    expect(out).toContain('.a{fill:none}');
    expect(out).toContain('.b{fill:url(#g);stroke:blue}');
    expect(out).toContain('<rect style="stroke: #123456" width="1" height="1"/>');
    expect(out).toContain('<rect fill="url(#g)" width="2" height="2"/>');
    expect(out).toContain('<rect width="3" height="3"/>');
  });

  it('removes animation that could rewrite a link, and processing instructions', async () => {
    const out = await clean(
      '<?xml-stylesheet href="http://evil.example/s.css"?><a><set attributeName="href" to="javascript:alert(1)"/>' +
        '<animate attributeName="href" values="javascript:alert(1)"/><text>x</text></a>',
    );
    expect(out).not.toMatch(/set|animate|javascript|evil/);
    expect(out).toContain('<a><text>x</text></a>');
  });

  it('finds every hazard of a hostile file before sanitizing and none after', async () => {
    const hostile = svg(
      `<script>1</script><foreignObject/><use href="http://e.example/x"/><a xlink:href="javascript:1"/>` +
        `<image href="http://e.example/i.png"/><rect style="fill:url(http://e.example)"/>`,
      ' onload="1"',
    );
    expect(findSvgHazards(hostile.toString())).toHaveLength(7);
    expect(findSvgHazards((await sanitizeSvg(hostile)).svg)).toEqual([]);
  });
});

describe('the SVG sanitizer refuses what is not a plain SVG document', () => {
  it('refuses a PNG (whatever it is called) as a format error', async () => {
    expect(await rejection(PNG_1X1)).toBe('format');
  });

  it('refuses malformed XML, an HTML page and an <svg> outside the SVG namespace', async () => {
    expect(await rejection(Buffer.from(`<svg ${NS}><g></svg>`))).toBe('format');
    expect(await rejection(Buffer.from('<html><body><svg></svg></body></html>'))).toBe('format');
    expect(await rejection(Buffer.from('<svg viewBox="0 0 1 1"><rect/></svg>'))).toBe('format');
  });

  it('refuses entity declarations (billion laughs) as unsafe', async () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]><svg ${NS}><text>&b;</text></svg>`;
    expect(await rejection(Buffer.from(bomb))).toBe('unsafe');
  });

  it('refuses bytes that are not UTF-8', async () => {
    expect(
      await rejection(
        Buffer.concat([
          Buffer.from(`<svg ${NS}><text>`),
          Buffer.from([0xff, 0xfe]),
          Buffer.from('</text></svg>'),
        ]),
      ),
    ).toBe('format');
  });
});
