import { SignJWT, jwtVerify } from 'jose';
import { z } from 'zod';

/** Issuer and audience of every token; a token minted for anything else is refused. */
export const TOKEN_ISSUER = 'sbuilding';
export const TOKEN_AUDIENCE = 'sbuilding';
const ALGORITHM = 'HS256';

export interface TokenClaims {
  sessionId: string;
  userId: number;
}

const claimsSchema = z.object({
  sid: z.uuid(),
  sub: z.string().regex(/^[1-9]\d{0,9}$/),
});

/**
 * The secret as a WebCrypto key, imported once per secret: given the raw bytes, jose imports them again on
 * every call, which every authenticated request paid for.
 */
const imported = new WeakMap<Uint8Array, Promise<CryptoKey>>();
function hmacKey(secret: Uint8Array): Promise<CryptoKey> {
  let key = imported.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', new Uint8Array(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    imported.set(secret, key);
  }
  return key;
}

/** A token for a session; it expires with the session's absolute limit. */
export async function signToken(key: Uint8Array, claims: TokenClaims, expiresAt: Date): Promise<string> {
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(await hmacKey(key));
}

/**
 * The claims of a well-formed token: HS256 only (never `none`), a valid signature, not expired, our
 * issuer and audience. Null for anything else; the caller still has to check the session row.
 */
export async function verifyToken(key: Uint8Array, token: string): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, await hmacKey(key), {
      algorithms: [ALGORITHM],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      requiredClaims: ['exp', 'sub', 'sid'],
    });
    const claims = claimsSchema.safeParse(payload);
    if (!claims.success) return null;
    return { sessionId: claims.data.sid, userId: Number(claims.data.sub) };
  } catch {
    return null;
  }
}
