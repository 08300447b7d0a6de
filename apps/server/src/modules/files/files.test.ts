import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { createTestApp, type TestApp } from '../../test/app.js';
import { as, demoTenantId } from '../../test/tenants.js';
import { GIF_1X1, JPEG_1X1, multipartFile, PLAN_SVG, PNG_1X1 } from '../../test/multipart.js';
import { loadSigningKey } from '../../platform/auth/secret.js';
import { FileLinks } from './links.js';
import { files } from './tables.js';

let t: TestApp;
let manager: ReturnType<typeof as>;
let managerZh: ReturnType<typeof as>;
let customer: ReturnType<typeof as>;
let admin: ReturnType<typeof as>;

beforeAll(async () => {
  t = await createTestApp();
  const token = await t.login('manager', 'manager123');
  manager = as(t, token);
  managerZh = as(t, token, 'ZH');
  customer = as(t, await t.login('customer', 'customer123'));
  admin = as(t, await t.login('admin', 'admin123'));
});
afterAll(() => t.close());

type Caller = ReturnType<typeof as>;
function upload(who: Caller, kind: 'image' | 'svg', name: string, content: Buffer | string, query = '') {
  const { payload, headers } = multipartFile(name, content);
  return who('POST', `/sbuilding/file/upload/${kind}${query}`, payload, headers);
}
const fetchUrl = (url: string) => t.app.inject({ method: 'GET', url });
const fileCount = async () => (await t.app.db.select({ n: count() }).from(files))[0]?.n;

describe('image upload', () => {
  it('stores a PNG under a name the server made up and answers the row with a signed link', async () => {
    const res = await upload(manager, 'image', '../../etc/passwd.png', PNG_1X1);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      kind: 'image',
      mime: 'image/png',
      originalName: 'passwd.png',
      viewBox: null,
      tenantId: await demoTenantId(t),
    });
    expect(data.url).toMatch(new RegExp(`^/sbuilding/file/${data.id}\\?exp=\\d+&sig=[\\w-]{43}$`));
    const stored = await t.app.files.store.read(`${data.id}.png`);
    expect(stored?.subarray(0, 8)).toEqual(PNG_1X1.subarray(0, 8));
    expect(data.size).toBe(stored?.length);
  });

  it('keeps only the pixels of a PNG: an HTML tail after the image data is not stored nor served', async () => {
    const tail = Buffer.from('<html><script>alert(document.cookie)</script></html>');
    const res = await upload(manager, 'image', 'polyglot.png', Buffer.concat([PNG_1X1, tail]));
    expect(res.statusCode).toBe(200);
    const served = await fetchUrl(res.json().data.url);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.subarray(0, 8)).toEqual(PNG_1X1.subarray(0, 8));
    expect(served.rawPayload.includes('<script>')).toBe(false);
    const { width, height } = await sharp(served.rawPayload).metadata();
    expect([width, height]).toEqual([1, 1]);
  });

  it("strips a JPEG's metadata (EXIF with the camera's position) and keeps the picture upright", async () => {
    // A 4 x 2 photo whose EXIF says "rotate 90°" and names the camera and its owner.
    const photo = await sharp({ create: { width: 4, height: 2, channels: 3, background: '#c33' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({ IFD0: { Artist: 'secret-owner', Make: 'SpyCam' } })
      .toBuffer();
    expect((await sharp(photo).metadata()).orientation).toBe(6);
    expect(photo.includes('secret-owner')).toBe(true);
    const res = await upload(manager, 'image', 'photo.jpg', photo);
    expect(res.statusCode).toBe(200);
    const served = (await fetchUrl(res.json().data.url)).rawPayload;
    expect(served.includes('secret-owner')).toBe(false);
    expect(served.includes('SpyCam')).toBe(false);
    const meta = await sharp(served).metadata();
    expect(meta.exif).toBeUndefined();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 2, 4]);
  });

  it('refuses bytes that start like a PNG but do not decode', async () => {
    const res = await upload(manager, 'image', 'broken.png', PNG_1X1.subarray(0, 40));
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('File format error, Please upload the picture type');
  });

  it('recognises a JPEG by its bytes whatever its name and declared type', async () => {
    const { payload, headers } = multipartFile('photo.gif', JPEG_1X1, 'image/gif');
    const res = await manager('POST', '/sbuilding/file/upload/image', payload, headers);
    expect(res.json().data).toMatchObject({ kind: 'image', mime: 'image/jpeg' });
  });

  it("refuses a GIF with the spec's message, in English and Chinese, and stores nothing", async () => {
    const before = await fileCount();
    const en = await upload(manager, 'image', 'anim.gif', GIF_1X1);
    expect(en.statusCode).toBe(400);
    expect(en.json().msg).toBe('File format error, Please upload the picture type');
    const zh = await upload(managerZh, 'image', 'anim.gif', GIF_1X1);
    expect(zh.json().msg).toBe('文件格式错误，请上传图片类型');
    expect(await fileCount()).toBe(before);
  });

  it('refuses an SVG renamed .png', async () => {
    const res = await upload(manager, 'image', 'plan.png', PLAN_SVG);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('File format error, Please upload the picture type');
  });

  it('refuses 11 MiB with 413 and a clear message, on both upload calls, and stores nothing', async () => {
    const before = await fileCount();
    const big = Buffer.concat([PNG_1X1, Buffer.alloc(11 * 1024 * 1024)]);
    for (const kind of ['image', 'svg'] as const) {
      const res = await upload(manager, kind, 'big.png', big);
      expect(res.statusCode).toBe(413);
      expect(res.json().msg).toBe('The file is too large: at most 10 MB can be uploaded');
    }
    expect(await fileCount()).toBe(before);
  });

  it('accepts a picture of 9 MiB (the limit is the upload limit, not the JSON body limit)', async () => {
    const res = await upload(
      manager,
      'image',
      'large.png',
      Buffer.concat([PNG_1X1, Buffer.alloc(9 * 1024 * 1024)]),
    );
    expect(res.statusCode).toBe(200);
    // Stored re-encoded: the picture, not the 9 MiB of padding after it.
    expect(res.json().data.size).toBeLessThan(1024);
  });

  it('asks for a file when the request has none', async () => {
    const res = await manager('POST', '/sbuilding/file/upload/image', { file: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('Choose one file to upload');
  });

  it('lets only writers upload: a customer gets 403, no session 401', async () => {
    expect((await upload(customer, 'image', 'a.png', PNG_1X1)).statusCode).toBe(403);
    const { payload, headers } = multipartFile('a.png', PNG_1X1);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/sbuilding/file/upload/image',
      payload,
      headers,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('makes the admin name the tenant of an upload', async () => {
    const res = await upload(admin, 'image', 'a.png', PNG_1X1);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('Choose the tenant the file belongs to');
    const tenantId = await demoTenantId(t);
    const named = await upload(admin, 'image', 'a.png', PNG_1X1, `?tenantId=${tenantId}`);
    expect(named.json().data.tenantId).toBe(tenantId);
  });
});

describe('floor plan upload', () => {
  it('stores a sanitized SVG with its view box', async () => {
    const hostile = PLAN_SVG.replace(
      '</svg>',
      '<script>alert(1)</script><image href="http://evil.example/x.png"/></svg>',
    );
    const res = await upload(manager, 'svg', 'plan.svg', hostile);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ kind: 'svg', mime: 'image/svg+xml', viewBox: [0, 0, 1000, 600] });
    const served = await fetchUrl(res.json().data.url);
    expect(served.body).toContain('Office 101');
    expect(served.body).not.toMatch(/script|evil/);
  });

  it('refuses a PNG renamed .svg', async () => {
    const res = await upload(manager, 'svg', 'plan.svg', PNG_1X1);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('File format error, Please upload an SVG file');
  });

  it('refuses an SVG whose entities could explode', async () => {
    const bomb = `<!DOCTYPE svg [<!ENTITY a "aaaa">]><svg xmlns="http://www.w3.org/2000/svg"><text>&a;</text></svg>`;
    const res = await upload(manager, 'svg', 'bomb.svg', bomb);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/could not be made safe/);
  });
});

describe('serving files', () => {
  let png: { id: string; url: string };
  let plan: { id: string; url: string };
  beforeAll(async () => {
    png = (await upload(manager, 'image', 'p.png', PNG_1X1)).json().data;
    plan = (await upload(manager, 'svg', 'p.svg', PLAN_SVG)).json().data;
  });

  it('sends a file by its signed link with the stored type, nosniff, a sandboxing CSP and private caching', async () => {
    const res = await fetchUrl(png.url);
    expect(res.statusCode).toBe(200);
    expect((await sharp(res.rawPayload).metadata()).format).toBe('png');
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox",
    );
    expect(res.headers['cache-control']).toMatch(/^private/);
  });

  it('sends a floor plan as image/svg+xml under the same CSP', async () => {
    const res = await fetchUrl(plan.url);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['content-security-policy']).toMatch(/default-src 'none'.*sandbox$/);
    expect(res.body).toContain('<svg xmlns="http://www.w3.org/2000/svg"');
  });

  it('refuses an expired link and a forged one with 403', async () => {
    const past = new FileLinks(loadSigningKey(t.app.config), () => Date.now() - 3 * 3_600_000);
    const expired = await fetchUrl(past.url(png.id));
    expect(expired.statusCode).toBe(403);
    expect(expired.json().msg).toBe('The file link has expired; reload the page');
    const forged = await fetchUrl(png.url.replace(/sig=.*/, `sig=${'A'.repeat(43)}`));
    expect(forged.statusCode).toBe(403);
    expect(forged.json().msg).toBe('The file link is not valid');
    const stretched = await fetchUrl(png.url.replace(/exp=(\d+)/, (_m, exp) => `exp=${Number(exp) + 3600}`));
    expect(stretched.statusCode).toBe(403);
    const otherFile = await fetchUrl(png.url.replace(png.id, plan.id));
    expect(otherFile.statusCode).toBe(403);
  });

  it('answers 404 for a validly signed link to a file that does not exist', async () => {
    const res = await fetchUrl(t.app.files.links.url(crypto.randomUUID()));
    expect(res.statusCode).toBe(404);
  });

  it('accepts a bearer token of the owning tenant instead of a link, and nothing at all with 401', async () => {
    const bearer = await manager('GET', `/sbuilding/file/${png.id}`);
    expect(bearer.statusCode).toBe(200);
    expect(bearer.headers['content-type']).toBe('image/png');
    expect((await fetchUrl(`/sbuilding/file/${png.id}`)).statusCode).toBe(401);
  });

  it('records the file in the files table with its tenant and uploader', async () => {
    const [row] = await t.app.db.select().from(files).where(eq(files.id, png.id));
    expect(row).toMatchObject({
      kind: 'image',
      mime: 'image/png',
      storedName: `${png.id}.png`,
      originalName: 'p.png',
    });
    expect(row?.createdBy).toEqual(expect.any(Number));
  });
});
