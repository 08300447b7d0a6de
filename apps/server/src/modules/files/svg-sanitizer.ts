import createDOMPurify, { type DOMPurify } from 'dompurify';
import { fileTypeFromBuffer } from 'file-type';
import { JSDOM, type DOMWindow } from 'jsdom';
import type { ViewBox } from '@sbuilding/shared';

/**
 * Floor plans are SVG, and SVG is a document format that can run script and fetch other resources. An
 * uploaded plan is therefore rebuilt from an allow-list before it is stored (and served, as an image,
 * under a sandboxing CSP):
 *
 * 1. the bytes must be UTF-8 XML whose root is `<svg>` in the SVG namespace (a PNG renamed .svg is not);
 *    a DTD with an internal subset or entity declarations is refused outright;
 * 2. DOMPurify (SVG + SVG filter profiles, plus `<use>`) drops scripts, event handlers, foreignObject,
 *    animation elements and everything not on its lists;
 * 3. this module then removes what DOMPurify allows but a plan must not have: every `href`/`xlink:href`
 *    except a local fragment (`#id`) or, on `<image>`, an embedded `data:image/png|jpeg;base64,` picture;
 *    every `url(...)` that is not a local fragment (attributes, `style` attributes, `<style>` sheets),
 *    `@import`, `image-set()` and CSS escapes (which could spell either);
 * 4. the result is serialized as XML, parsed again and checked by `findSvgHazards`: anything left is a
 *    refusal, never a stored file.
 */

const SVG_NS = 'http://www.w3.org/2000/svg';
/** Elements that must never survive (checked again after sanitizing). */
const FORBIDDEN_ELEMENTS = new Set([
  'script',
  'foreignobject',
  'iframe',
  'object',
  'embed',
  'animate',
  'set',
  'handler',
  'listener',
  'discard',
]);
const LOCAL_FRAGMENT = /^#[\w.:-]+$/;
const EMBEDDED_PICTURE = /^data:image\/(png|jpeg);base64,[a-z0-9+/=\s]*$/i;
const URL_FUNCTION = /url\(\s*(?:"([^"]*)"|'([^']*)'|([^)"'\s]*))\s*\)/gi;
/** CSS that can load something without a plain url(), or hide one behind escapes. */
const CSS_LOADERS = /\\|@import|image-set\(|expression\(|-moz-binding|behavior\s*:/i;

export class SvgRejected extends Error {
  constructor(readonly reason: 'format' | 'unsafe') {
    super(`svg rejected: ${reason}`);
    this.name = 'SvgRejected';
  }
}

export interface SanitizedSvg {
  svg: string;
  viewBox: ViewBox | null;
}

let dom: { window: DOMWindow; purify: DOMPurify } | undefined;
function theDom() {
  // One window for the process: building a JSDOM costs tens of milliseconds, sanitizing reuses it.
  if (!dom) {
    const { window } = new JSDOM('');
    dom = { window, purify: createDOMPurify(window) };
  }
  return dom;
}

/** Whether every reference in a piece of CSS points inside the document (`url(#id)`). */
export function cssIsLocal(css: string): boolean {
  if (CSS_LOADERS.test(css)) return false;
  let local = true;
  const rest = css.replace(URL_FUNCTION, (_whole, dq?: string, sq?: string, bare?: string) => {
    if (!(dq ?? sq ?? bare ?? '').trim().startsWith('#')) local = false;
    return '';
  });
  return local && !/url\(/i.test(rest);
}

function hrefAllowed(element: string, value: string): boolean {
  const target = value.trim();
  return LOCAL_FRAGMENT.test(target) || (element === 'image' && EMBEDDED_PICTURE.test(target));
}

/** Whether an attribute could run script or reach outside the document. */
function attributeIsHazard(element: string, name: string, value: string): boolean {
  if (name.toLowerCase().startsWith('on') || name === 'base') return true;
  if (name === 'href') return !hrefAllowed(element, value);
  if (/javascript:/i.test(value)) return true;
  return (name === 'style' || /url\(|image-set\(|\\/i.test(value)) && !cssIsLocal(value);
}

/** An attribute's cleaned value (a style keeps its harmless declarations), or null to remove it. */
function cleanAttribute(element: string, name: string, value: string): string | null {
  if (!attributeIsHazard(element, name, value)) return value;
  if (name !== 'style' || /javascript:/i.test(value)) return null;
  const kept = value.split(';').filter((declaration) => declaration.trim() !== '' && cssIsLocal(declaration));
  return kept.length > 0 ? kept.map((d) => d.trim()).join('; ') : null;
}

/** A `<style>` sheet with external references replaced by `none`, or null to drop the sheet. */
function cleanStylesheet(css: string): string | null {
  if (/\\/.test(css)) return null;
  const cleaned = css
    .replace(/@import[^;]*;?/gi, '')
    .replace(URL_FUNCTION, (whole, dq?: string, sq?: string, bare?: string) =>
      (dq ?? sq ?? bare ?? '').trim().startsWith('#') ? whole : 'none',
    );
  return cssIsLocal(cleaned) ? cleaned : null;
}

const isElement = (node: Node): node is Element => node.nodeType === 1;

function elementsOf(root: Element): Element[] {
  return [root, ...Array.from(root.querySelectorAll('*'))];
}

/** Parses SVG text as XML; undefined unless it is well-formed with an `<svg>` root in the SVG namespace. */
function parseSvg(text: string): Element | undefined {
  if (/<!ENTITY/i.test(text) || /<!DOCTYPE[^>]*\[/i.test(text)) return undefined;
  const document = new (theDom().window.DOMParser)().parseFromString(text, 'image/svg+xml');
  const root = document.documentElement;
  if (root.localName !== 'svg' || root.namespaceURI !== SVG_NS) return undefined;
  if (document.getElementsByTagName('parsererror').length > 0) return undefined;
  return root;
}

/** What in an SVG text could run script or reach outside the document; empty when nothing. */
export function findSvgHazards(text: string): string[] {
  const root = parseSvg(text);
  if (!root) return ['not a well-formed SVG document'];
  const hazards: string[] = [];
  for (const element of elementsOf(root)) {
    const name = element.localName.toLowerCase();
    if (element.namespaceURI !== SVG_NS) hazards.push(`element ${element.nodeName} outside SVG`);
    if (FORBIDDEN_ELEMENTS.has(name)) hazards.push(`element ${name}`);
    if (name === 'style' && !cssIsLocal(element.textContent ?? ''))
      hazards.push('external reference in <style>');
    for (const attr of Array.from(element.attributes)) {
      if (attr.name.startsWith('xmlns')) continue;
      if (attributeIsHazard(name, attr.localName, attr.value)) {
        hazards.push(`attribute ${attr.name}="${attr.value}" on ${name}`);
      }
    }
  }
  return hazards;
}

async function decode(bytes: Uint8Array): Promise<string> {
  const detected = await fileTypeFromBuffer(bytes);
  // file-type knows binary formats (and plain XML), not SVG: anything it recognises otherwise is not a plan.
  if (detected && detected.ext !== 'xml') throw new SvgRejected('format');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new SvgRejected('format');
  }
}

/** Parses, sanitizes and re-checks an uploaded SVG; throws SvgRejected('format' | 'unsafe'). */
export async function sanitizeSvg(bytes: Uint8Array): Promise<SanitizedSvg> {
  const text = await decode(bytes);
  if (/<!ENTITY/i.test(text) || /<!DOCTYPE[^>]*\[/i.test(text)) throw new SvgRejected('unsafe');
  const root = parseSvg(text);
  if (!root) throw new SvgRejected('format');
  const { window, purify } = theDom();
  const document = root.ownerDocument;
  // An HTML document (DOMPurify's) cannot hold CDATA sections; comments and processing instructions
  // (xml-stylesheet) have no place in a plan.
  const walker = document.createTreeWalker(root, window.NodeFilter.SHOW_ALL);
  const odd: Node[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.nodeType === window.Node.CDATA_SECTION_NODE) odd.push(node);
    if (node.nodeType === window.Node.COMMENT_NODE) odd.push(node);
    if (node.nodeType === window.Node.PROCESSING_INSTRUCTION_NODE) odd.push(node);
  }
  for (const node of odd) {
    if (node.nodeType === window.Node.CDATA_SECTION_NODE) {
      node.parentNode?.replaceChild(document.createTextNode(node.textContent ?? ''), node);
    } else node.parentNode?.removeChild(node);
  }

  const body = purify.sanitize(root, {
    USE_PROFILES: { svg: true, svgFilters: true },
    ADD_TAGS: ['use'],
    FORBID_TAGS: [...FORBIDDEN_ELEMENTS],
    RETURN_DOM: true,
  });
  const svg = Array.from(body.childNodes).find(isElement);
  if (!svg || svg.localName !== 'svg' || svg.namespaceURI !== SVG_NS) throw new SvgRejected('unsafe');
  for (const element of elementsOf(svg)) {
    const name = element.localName.toLowerCase();
    if (name === 'style') {
      const css = cleanStylesheet(element.textContent ?? '');
      if (css === null) element.remove();
      else element.textContent = css;
    }
    for (const attr of Array.from(element.attributes)) {
      if (attr.name.startsWith('xmlns')) continue;
      const value = cleanAttribute(name, attr.localName, attr.value);
      if (value === null) element.removeAttributeNode(attr);
      else if (value !== attr.value) attr.value = value;
    }
  }

  const out = `<?xml version="1.0" encoding="UTF-8"?>\n${new window.XMLSerializer().serializeToString(svg)}\n`;
  // Belt and braces: the stored file is what this check passed, parsed afresh.
  if (findSvgHazards(out).length > 0) throw new SvgRejected('unsafe');
  return { svg: out, viewBox: viewBoxOf(svg) };
}

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** `viewBox`, or `0 0 width height` from unit-less (or px) width and height; null otherwise. */
export function viewBoxOf(svg: Element): ViewBox | null {
  const parts = (svg.getAttribute('viewBox') ?? '').trim().split(/[\s,]+/);
  if (parts.length === 4 && parts.every((p) => NUMBER.test(p))) {
    const [x, y, w, h] = parts.map(Number);
    if (x !== undefined && y !== undefined && w !== undefined && h !== undefined && w > 0 && h > 0) {
      return [x, y, w, h];
    }
  }
  const size = (attr: string) => {
    const value = (svg.getAttribute(attr) ?? '').trim().replace(/px$/, '');
    return NUMBER.test(value) && Number(value) > 0 ? Number(value) : undefined;
  };
  const width = size('width');
  const height = size('height');
  return width !== undefined && height !== undefined ? [0, 0, width, height] : null;
}
