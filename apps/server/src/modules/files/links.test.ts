import { describe, expect, it } from 'vitest';
import { FileLinks } from './links.js';

const KEY = new TextEncoder().encode('a-test-signing-key-of-at-least-32-characters');
const ID = '3f1c2b0e-8d4a-4c5e-9f6a-1b2c3d4e5f60';
const HOUR = 3_600_000;

function parse(url: string) {
  const parsed = new URL(url, 'http://host');
  return {
    path: parsed.pathname,
    exp: Number(parsed.searchParams.get('exp')),
    sig: parsed.searchParams.get('sig') ?? '',
  };
}

describe('signed file links', () => {
  it('point at /sbuilding/file/{id} and verify until they expire, 1 to 2 hours after issue', () => {
    let now = Date.UTC(2026, 0, 5, 10, 30);
    const links = new FileLinks(KEY, () => now);
    const { path, exp, sig } = parse(links.url(ID));
    expect(path).toBe(`/sbuilding/file/${ID}`);
    expect(exp * 1000).toBe(Date.UTC(2026, 0, 5, 12, 0));
    expect(links.verify(ID, exp, sig)).toBe('ok');
    now = exp * 1000 - 1;
    expect(links.verify(ID, exp, sig)).toBe('ok');
    now = exp * 1000;
    expect(links.verify(ID, exp, sig)).toBe('expired');
  });

  it('stay the same within an hour, so the browser can cache the file', () => {
    let now = Date.UTC(2026, 0, 5, 10, 1);
    const links = new FileLinks(KEY, () => now);
    const first = links.url(ID);
    now += 50 * 60_000;
    expect(links.url(ID)).toBe(first);
    now += HOUR;
    expect(links.url(ID)).not.toBe(first);
  });

  it('refuse a changed id, a stretched expiry, a forged signature and another key', () => {
    const links = new FileLinks(KEY);
    const { exp, sig } = parse(links.url(ID));
    expect(links.verify(ID.replace('3f', '4f'), exp, sig)).toBe('invalid');
    expect(links.verify(ID, exp + 3600, sig)).toBe('invalid');
    expect(links.verify(ID, exp, `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`)).toBe('invalid');
    expect(links.verify(ID, exp, '')).toBe('invalid');
    const other = new FileLinks(new TextEncoder().encode('another-signing-key-of-at-least-32-characters'));
    expect(other.verify(ID, exp, sig)).toBe('invalid');
  });

  it('read a forged link as invalid even when its expiry has passed', () => {
    const links = new FileLinks(KEY);
    expect(links.verify(ID, 1000, 'x'.repeat(43))).toBe('invalid');
  });
});
