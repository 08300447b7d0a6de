import crypto from 'node:crypto';
import type { SigningKeySource } from '../../platform/auth/secret.js';

/*
 * How the outside world names a tenant's provider: `<id>.<mac>`, the row id and 96 bits of an HMAC of it
 * under a key derived from the server secret. A bare id would let an anonymous visitor count through
 * /sso/authorize and learn which organisations use the platform (the provider's address names them); the
 * key is unguessable, so a tenant's provider is reachable only through a link its administrator handed
 * out (`/login?sso=<key>`), an invitation of its tenant, or a session of its tenant.
 */

export interface ProviderKeys {
  /** The key of tenant provider `id`. */
  keyOf(id: number): string;
  /** The provider id a key names, or null for a key this server did not make. */
  idOf(key: string): number | null;
}

const MAC_LENGTH = 16;
const KEY_FORMAT = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{16})$/;

export function createProviderKeys(source: SigningKeySource): ProviderKeys {
  // Derived at first use: a server's generated signing key is known once its database is open.
  let derived: Buffer | undefined;
  const mac = (id: number) => {
    derived ??= Buffer.from(
      crypto.hkdfSync('sha256', source.signingKey(), Buffer.alloc(0), 'sbuilding sso provider key', 32),
    );
    return crypto
      .createHmac('sha256', derived)
      .update(`sso-provider:${id}`)
      .digest('base64url')
      .slice(0, MAC_LENGTH);
  };
  return {
    keyOf: (id) => `${id}.${mac(id)}`,
    idOf(key) {
      const match = KEY_FORMAT.exec(key);
      if (!match?.[1] || !match[2]) return null;
      const id = Number(match[1]);
      const expected = Buffer.from(mac(id));
      const given = Buffer.from(match[2]);
      return crypto.timingSafeEqual(expected, given) ? id : null;
    },
  };
}
