import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSealer } from './sealing.js';

const config = (secret: string) => ({ jwtSecret: secret, dataDir: '/nonexistent' });
const SECRET = crypto.randomBytes(32).toString('base64url');

describe('sealing secrets at rest', () => {
  it('opens what it sealed, and never stores the plain text', () => {
    const sealer = createSealer(config(SECRET), 'sso');
    const sealed = sealer.seal('client-secret-123', 'provider:1');
    expect(sealed).not.toContain('client-secret-123');
    expect(sealer.open(sealed, 'provider:1')).toBe('client-secret-123');
    // A fresh IV each time: the same secret never seals to the same text.
    expect(sealer.seal('client-secret-123', 'provider:1')).not.toBe(sealed);
  });

  it('refuses an altered value, another context, another purpose and another server secret', () => {
    const sealer = createSealer(config(SECRET), 'sso');
    const sealed = sealer.seal('client-secret-123', 'provider:1');
    const [v, iv, body, tag] = sealed.split('.');
    const flipped = Buffer.from(body ?? '', 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() => sealer.open([v, iv, flipped.toString('base64url'), tag].join('.'), 'provider:1')).toThrow();
    expect(() => sealer.open(sealed, 'provider:2')).toThrow();
    expect(() => createSealer(config(SECRET), 'other').open(sealed, 'provider:1')).toThrow();
    const otherSecret = crypto.randomBytes(32).toString('base64url');
    expect(() => createSealer(config(otherSecret), 'sso').open(sealed, 'provider:1')).toThrow();
  });
});
