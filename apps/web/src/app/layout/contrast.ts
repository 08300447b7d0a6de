/** WCAG 2.1 contrast helpers for the user-chosen theme colour. */

/** AA contrast for normal text. */
export const AA_TEXT_CONTRAST = 4.5;

type Rgb = [number, number, number];

function parseHex(color: string): Rgb | undefined {
  const hex = color.trim().replace(/^#/, '');
  const full =
    hex.length === 3 || hex.length === 4 ? [...hex.slice(0, 3)].map((c) => c + c).join('') : hex.slice(0, 6);
  if (!/^[0-9a-fA-F]{6}$/.test(full)) return undefined;
  const channel = (i: number) => parseInt(full.slice(i, i + 2), 16);
  return [channel(0), channel(2), channel(4)];
}

function linear(channel: number): number {
  const c = channel / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

function luminance([r, g, b]: Rgb): number {
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

export function contrastRatio(a: string, b: string): number {
  const ca = parseHex(a);
  const cb = parseHex(b);
  if (!ca || !cb) return 1;
  const la = luminance(ca);
  const lb = luminance(cb);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

function toHex(rgb: Rgb): string {
  return `#${rgb.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
}

/**
 * The colour darkened just enough for white text on it to pass AA. The spec's startup colour (#0082ff)
 * and several presets are too light for white labels, yet the user's choice should still be recognisable,
 * so it is shaded rather than replaced.
 */
export function readableOnWhiteText(color: string): string {
  const rgb = parseHex(color);
  if (!rgb) return color;
  for (let shade = 0; shade <= 100; shade += 5) {
    const keep = (100 - shade) / 100;
    const hex = toHex([rgb[0] * keep, rgb[1] * keep, rgb[2] * keep]);
    if (contrastRatio(hex, '#ffffff') >= AA_TEXT_CONTRAST) return hex;
  }
  return '#000000';
}

/** `color` darkened to `keep` (0-1) of its brightness, e.g. the hover shade of an already readable colour. */
export function darker(color: string, keep: number): string {
  const rgb = parseHex(color);
  if (!rgb) return color;
  return toHex([rgb[0] * keep, rgb[1] * keep, rgb[2] * keep]);
}
