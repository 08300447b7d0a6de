import crypto from 'node:crypto';
import type { Config } from '../env.js';
import { loadSigningKey, type SigningKeySource } from './secret.js';

/** A value sealed for storage: `v1.<iv>.<ciphertext>.<tag>`, base64url parts. */
const VERSION = 'v1';

export interface Sealer {
  /** AES-256-GCM with a fresh 96-bit IV; `context` (e.g. a row's purpose) is authenticated, not stored. */
  seal(plain: string, context: string): string;
  /** The plain text, or throws when the value was altered, sealed for another context or with another key. */
  open(sealed: string, context: string): string;
}

/**
 * Secrets kept at rest (a tenant's identity-provider client secret) are sealed with a key derived by
 * HKDF-SHA256 from the server secret (JWT_SECRET or the generated one in the database) and a purpose label, so
 * a copy of the database alone does not give them away and the key is never the signing key itself.
 * Changing the server secret makes sealed values unreadable: they must be entered again.
 */
export function createSealer(
  source: Pick<Config, 'jwtSecret' | 'dataDir'> | SigningKeySource,
  purpose: string,
): Sealer {
  // Derived at first use: a server's generated key is known once its database is open.
  let derived: Buffer | undefined;
  const keyOf = (): Buffer => {
    const signing = 'signingKey' in source ? source.signingKey() : loadSigningKey(source);
    derived ??= Buffer.from(
      crypto.hkdfSync('sha256', signing, Buffer.alloc(0), `sbuilding sealing ${purpose}`, 32),
    );
    return derived;
  };
  return {
    seal(plain, context) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', keyOf(), iv);
      cipher.setAAD(Buffer.from(context));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const parts = [iv, body, cipher.getAuthTag()].map((b) => b.toString('base64url'));
      return [VERSION, ...parts].join('.');
    },
    open(sealed, context) {
      const [version, iv, body, tag] = sealed.split('.');
      if (version !== VERSION || iv === undefined || body === undefined || tag === undefined) {
        throw new Error('not a sealed value');
      }
      const decipher = crypto.createDecipheriv('aes-256-gcm', keyOf(), Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}
