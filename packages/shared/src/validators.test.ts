import { describe, expect, it } from 'vitest';
import { isEmail, isExternal, isPhone, isSignedDecimal } from './validators.js';

describe('isExternal', () => {
  it('treats http:, https:, mailto: and tel: links as external', () => {
    for (const link of ['http://a.b', 'https://a.b/c', 'mailto:x@y.z', 'tel:+8610'])
      expect(isExternal(link)).toBe(true);
  });
  it('treats app paths and other schemes as internal', () => {
    for (const link of ['/board/index', 'board', 'ftp://x', 'javascript:alert(1)'])
      expect(isExternal(link)).toBe(false);
  });
});

describe('isSignedDecimal', () => {
  it('accepts an optional sign, an integer without leading zeros and an optional fraction', () => {
    for (const v of ['0', '-0', '+12', '12.5', '-0.25', '100']) expect(isSignedDecimal(v)).toBe(true);
  });
  it('rejects leading zeros, bare dots, exponents and text', () => {
    for (const v of ['01', '1.', '.5', '1e3', 'abc', '', '--1', '1.2.3'])
      expect(isSignedDecimal(v)).toBe(false);
  });
});

describe('isEmail', () => {
  it('accepts ordinary addresses', () => {
    for (const v of ['a@b.co', 'first.last+tag@mail.example.com']) expect(isEmail(v)).toBe(true);
  });
  it('rejects addresses without a domain part or with spaces', () => {
    for (const v of ['a@b', 'a.b.co', 'a @b.co', '@b.co', 'a@.co']) expect(isEmail(v)).toBe(false);
  });
});

describe('isPhone', () => {
  it('accepts mainland mobile numbers and international numbers', () => {
    for (const v of ['13800138000', '+86 10 6552 9988', '+1-202-555-0143', '02012345678'])
      expect(isPhone(v)).toBe(true);
  });
  it('rejects short numbers, letters and doubled separators', () => {
    for (const v of ['12345', '1380013800a', '+86  10 6552', 'phone', '']) expect(isPhone(v)).toBe(false);
  });
});
