import crypto from 'node:crypto';
import type { SigningKeySource } from '../../platform/auth/secret.js';

/** Links are re-issued per hour: every row read within one hour carries the same URL (browser cache). */
const STEP_SECONDS = 3600;

export type LinkVerdict = 'ok' | 'expired' | 'invalid';

/**
 * Signed file links. The console shows images and floor plans with `<img src>`, which cannot send the
 * Authorization header, so every row that references a file carries
 * `/sbuilding/file/{id}?exp={unix seconds}&sig={HMAC-SHA256(id, exp)}`. The key is derived from the
 * session-token signing key, so every process that accepts the same tokens accepts the same links, and a
 * link stays valid 1-2 hours (until `exp`, the end of the next full hour).
 */
export class FileLinks {
  private derived: Buffer | undefined;

  /** `signingKey`: the key itself, or where it is read once the database is open (ServerSecrets). */
  constructor(
    private readonly signingKey: Uint8Array | SigningKeySource,
    private readonly now: () => number = Date.now,
  ) {}

  /** A key of its own: a file signature can never pass for a token signature or the other way round. */
  private get key(): Buffer {
    const signing = this.signingKey instanceof Uint8Array ? this.signingKey : this.signingKey.signingKey();
    this.derived ??= crypto.createHmac('sha256', signing).update('sbuilding file links v1').digest();
    return this.derived;
  }

  url(id: string): string {
    const exp = (Math.floor(this.now() / 1000 / STEP_SECONDS) + 2) * STEP_SECONDS;
    return `/sbuilding/file/${id}?exp=${exp}&sig=${this.sign(id, exp)}`;
  }

  /** The signature is checked first, so a forged link reads as invalid whatever its expiry. */
  verify(id: string, exp: number, sig: string): LinkVerdict {
    const expected = Buffer.from(this.sign(id, exp));
    const given = Buffer.from(sig);
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return 'invalid';
    return exp * 1000 > this.now() ? 'ok' : 'expired';
  }

  private sign(id: string, exp: number): string {
    return crypto.createHmac('sha256', this.key).update(`${id.toLowerCase()}\n${exp}`).digest('base64url');
  }
}
