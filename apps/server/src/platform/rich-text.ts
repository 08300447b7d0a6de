import createDOMPurify, { type DOMPurify } from 'dompurify';
import { JSDOM } from 'jsdom';

/**
 * Rich text (the HTML of an editor field, e.g. what the code generator's "rich text" control writes) is
 * sanitised before it is stored, with DOMPurify as the floor-plan uploads are: only the HTML profile's
 * elements and attributes stay; scripts, event handlers, `javascript:` links, styles, forms and embedded
 * documents go. The console shows it again only through its editor, never as raw markup.
 */

let purify: DOMPurify | undefined;

function thePurifier(): DOMPurify {
  // One window for the process: building a JSDOM costs tens of milliseconds.
  purify ??= createDOMPurify(new JSDOM('').window);
  return purify;
}

const CONFIG = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: [
    'style',
    'form',
    'input',
    'button',
    'textarea',
    'select',
    'option',
    'iframe',
    'object',
    'embed',
  ],
  FORBID_ATTR: ['style', 'class', 'id'],
};

/** Sanitised HTML; null stays null (an empty optional field). */
export function sanitizeRichText(html: string): string;
export function sanitizeRichText(html: string | null): string | null;
export function sanitizeRichText(html: string | null): string | null {
  return html === null ? null : thePurifier().sanitize(html, CONFIG);
}
