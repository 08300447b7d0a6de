import { SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';

let t: TestApp;
let token: string;
let claims: { sid: string; sub: string; exp: number };
let secret: Uint8Array;
beforeAll(async () => {
  t = await createTestApp({ captchaEnabled: false });
  token = await t.login('manager', 'manager123');
  const payload = decodeJwt(token);
  claims = { sid: String(payload.sid), sub: String(payload.sub), exp: Number(payload.exp) };
  secret = new TextEncoder().encode(t.app.config.jwtSecret);
});
afterAll(() => t.close());

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const getInfo = (bearer: string) =>
  t.app.inject({ method: 'GET', url: '/getInfo', headers: { authorization: `Bearer ${bearer}` } });

/** A token for the live session, with one thing changed. */
function forge(
  overrides: { aud?: string; iss?: string; exp?: number; sub?: string; alg?: 'HS256' | 'HS512' },
  key = secret,
) {
  return new SignJWT({ sid: claims.sid })
    .setProtectedHeader({ alg: overrides.alg ?? 'HS256' })
    .setSubject(overrides.sub ?? claims.sub)
    .setIssuer(overrides.iss ?? 'sbuilding')
    .setAudience(overrides.aud ?? 'sbuilding')
    .setIssuedAt()
    .setExpirationTime(overrides.exp ?? claims.exp)
    .sign(key);
}

describe('access tokens', () => {
  it('carry the session id and user id, for issuer and audience sbuilding, signed HS256', () => {
    const [header] = token.split('.');
    expect(JSON.parse(Buffer.from(header ?? '', 'base64url').toString())).toMatchObject({ alg: 'HS256' });
    const payload = decodeJwt(token);
    expect(payload).toMatchObject({ iss: 'sbuilding', aud: 'sbuilding', sid: expect.any(String) });
    expect(Number(payload.sub)).toBeGreaterThan(0);
  });

  it('the genuine token is accepted, as is a token re-signed the same way (the control)', async () => {
    expect((await getInfo(token)).statusCode).toBe(200);
    expect((await getInfo(await forge({}))).statusCode).toBe(200);
  });

  it('refuses an unsigned token with alg none', async () => {
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(decodeJwt(token))}.`;
    expect((await getInfo(none)).statusCode).toBe(401);
  });

  it('refuses a token for another audience', async () => {
    expect((await getInfo(await forge({ aud: 'another-app' }))).statusCode).toBe(401);
  });

  it('refuses a token from another issuer', async () => {
    expect((await getInfo(await forge({ iss: 'someone-else' }))).statusCode).toBe(401);
  });

  it('refuses a token signed with another secret', async () => {
    const other = new TextEncoder().encode('x'.repeat(48));
    expect((await getInfo(await forge({}, other))).statusCode).toBe(401);
  });

  it('refuses a token signed with another algorithm, even with the right secret', async () => {
    expect((await getInfo(await forge({ alg: 'HS512' }))).statusCode).toBe(401);
  });

  it('refuses an expired token even while its session row is live', async () => {
    expect((await getInfo(await forge({ exp: Math.floor(Date.now() / 1000) - 10 }))).statusCode).toBe(401);
  });

  it("refuses a token that pairs the session with another user's id", async () => {
    expect((await getInfo(await forge({ sub: String(Number(claims.sub) + 1) }))).statusCode).toBe(401);
  });

  it('refuses garbage and a header without the Bearer scheme', async () => {
    expect((await getInfo('not.a.token')).statusCode).toBe(401);
    const raw = await t.app.inject({ method: 'GET', url: '/getInfo', headers: { authorization: token } });
    expect(raw.statusCode).toBe(401);
  });
});
