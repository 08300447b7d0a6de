import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app.js';
import { as, createTenant, demoTenantId } from '../../test/tenants.js';
import { startTestIdp, type TestIdp } from '../../test/oidc-provider.js';
import { CONSOLE_URL, ENV_CLIENT, REDIRECT_URI, ssoDriver, type SsoDriver } from '../../test/sso.js';
import { users } from '../users/tables.js';
import { sysConfig } from '../system/tables.js';
import { clearConfigCache } from '../system/config-cache.js';
import { ssoInvitations, ssoProviders } from './tables.js';

/* Invited registration, tenant providers (OIDC and OAuth 2.0) and what keeps tenants apart. */

const TENANT_CLIENT = { client_id: 'tenant-b', client_secret: 'tenant-b-secret-0123456789' };
const OAUTH2_CLIENT = {
  client_id: 'tenant-b-oauth2',
  client_secret: 'tenant-b-oauth2-secret-0123',
  token_endpoint_auth_method: 'client_secret_post',
};

let idp: TestIdp;
let t: TestApp;
let sso: SsoDriver;
let tenantA: number;
let tenantB: number;
let managerA: ReturnType<typeof as>;
let managerB: ReturnType<typeof as>;

const data = <T>(res: { json: () => unknown }) => (res.json() as { data: T }).data;

beforeAll(async () => {
  idp = await startTestIdp({
    clients: [ENV_CLIENT, TENANT_CLIENT, OAUTH2_CLIENT].map((c) => ({ ...c, redirect_uris: [REDIRECT_URI] })),
  });
  t = await createTestApp({
    env: {
      OIDC_ISSUER: idp.issuer,
      OIDC_CLIENT_ID: ENV_CLIENT.client_id,
      OIDC_CLIENT_SECRET: ENV_CLIENT.client_secret,
      PUBLIC_URL: CONSOLE_URL,
    },
  });
  sso = ssoDriver(t);
  tenantA = await demoTenantId(t);
  ({ tenantId: tenantB } = await createTenant(t, 'Tenant B', [
    { username: 'bmanager', role: 'tbAdmin' },
    { username: 'bcustomer', role: 'tbCustomer' },
  ]));
  managerA = as(t, await t.login('manager', 'manager123'));
  managerB = as(t, await t.login('bmanager', 'bmanager123'));
});
afterAll(async () => {
  await t?.close();
  await idp?.close();
});

async function register(payload: Record<string, string>) {
  return sso.inject({
    method: 'POST',
    url: '/register',
    payload: { ...payload, ...(await t.solveCaptcha()) },
  });
}

async function invite(who: ReturnType<typeof as>, body: object = { role: 'tbCustomer' }) {
  const res = await who('PUT', '/sbuilding/invitation/create', body);
  expect(res.statusCode, res.body).toBe(200);
  return data<{ id: number; token: string; status: string; tenantName: string }>(res);
}

describe('invited registration', () => {
  it('registers into the inviting tenant with the role, once, and signs the person in', async () => {
    const invitation = await invite(managerA, { role: 'tbVisualDisplay', expiresInDays: 3 });
    expect(invitation).toMatchObject({ status: 'pending', tenantName: 'Demo Tenant' });
    const info = await t.app.inject({
      method: 'GET',
      url: `/register/invitation?invitation=${invitation.token}`,
    });
    expect(data(info)).toMatchObject({
      tenantName: 'Demo Tenant',
      role: 'tbVisualDisplay',
      providers: [{ key: 'env' }],
    });

    const res = await register({
      invitation: invitation.token,
      username: 'wallscreen',
      password: 'screen123',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { token } = data<{ token: string }>(res);
    const me = data<{ user: { deptId: number }; roles: string[] }>(await as(t, token)('GET', '/getInfo'));
    expect(me.user.deptId).toBe(tenantA);
    expect(me.roles).toEqual(['tbVisualDisplay']);
    // The new user signs in with its password too.
    expect(await t.login('wallscreen', 'screen123')).toBeTruthy();

    const again = await register({ invitation: invitation.token, username: 'second', password: 'second123' });
    expect(again.json().msg).toBe('This invitation has already been used');
    const rows = data<{ rows: { id: number; status: string; usedBy: string }[] }>(
      await managerA('POST', '/sbuilding/invitation/getList', {}),
    ).rows;
    expect(rows.find((r) => r.id === invitation.id)).toMatchObject({ status: 'used', usedBy: 'wallscreen' });
  });

  it('says plainly why an invitation cannot be used, and creates nothing when the username is taken', async () => {
    expect(
      (await register({ invitation: 'no-such-invitation', username: 'x1', password: 'secret1' })).json().msg,
    ).toBe('This invitation link is not valid');
    const expired = await invite(managerA);
    await t.app.db
      .update(ssoInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(ssoInvitations.id, expired.id));
    const info = await t.app.inject({
      method: 'GET',
      url: `/register/invitation?invitation=${expired.token}`,
    });
    expect(info.json().msg).toBe('This invitation has expired');

    const revoked = await invite(managerA);
    expect((await managerA('DELETE', `/sbuilding/invitation/del/${revoked.id}`)).statusCode).toBe(200);
    expect(
      (await register({ invitation: revoked.token, username: 'x2', password: 'secret1' })).json().msg,
    ).toBe('This invitation link is not valid');

    const fresh = await invite(managerA);
    const taken = await register({ invitation: fresh.token, username: 'Customer', password: 'secret1' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().msg).toBe('The username [Customer] already exists');
    const [row] = await t.app.db.select().from(ssoInvitations).where(eq(ssoInvitations.id, fresh.id));
    expect(row?.usedAt).toBeNull();
    // The rules of the user form: 6-20 characters.
    const short = await register({ invitation: fresh.token, username: 'shorty', password: '12345' });
    expect(short.json().msg).toBe('Password length must be between 6 and 20 characters');
  });

  it('checks the captcha as the login page does', async () => {
    const invitation = await invite(managerA);
    const res = await t.app.inject({
      method: 'POST',
      url: '/register',
      payload: {
        invitation: invitation.token,
        username: 'robot',
        password: 'robot123',
        uuid: (await t.solveCaptcha()).uuid,
        code: 'zzzz',
      },
    });
    expect(res.json().msg).toBe('Wrong verification code');
    expect(await t.app.db.select().from(users).where(eq(users.username, 'robot'))).toEqual([]);
  });

  it('registers through a provider, linking the identity at once', async () => {
    const invitation = await invite(managerA);
    const back = data<{ kind: string; ticket: string }>(
      await sso.signIn('carol', { provider: 'env', invitation: invitation.token }),
    );
    expect(back.kind).toBe('register');
    const info = await sso.inject({ method: 'GET', url: `/register/invitation?ticket=${back.ticket}` });
    expect(data(info)).toMatchObject({ tenantName: 'Demo Tenant', role: 'tbCustomer', providers: [] });
    const res = await register({ ticket: back.ticket, username: 'carol', password: 'carol123' });
    expect(res.statusCode, res.body).toBe(200);
    const [carol] = await t.app.db.select().from(users).where(eq(users.username, 'carol'));
    expect(carol).toMatchObject({ email: 'carol@idp.example', nickName: 'Carol Example', tenantId: tenantA });
    const direct = data<{ kind: string; token: string }>(await sso.signIn('carol'));
    expect(direct.kind).toBe('signedIn');
    // A linked identity cannot register a second account.
    const twice = await sso.signIn('carol', { provider: 'env', invitation: (await invite(managerA)).token });
    expect(twice.json().msg).toBe('This identity is already linked to another account');
  });

  it('is switched off with the system config key sys.account.registerUser', async () => {
    const invitation = await invite(managerA);
    await t.app.db
      .update(sysConfig)
      .set({ configValue: 'false' })
      .where(eq(sysConfig.configKey, 'sys.account.registerUser'));
    clearConfigCache(t.app.db, 'sys.account.registerUser');
    try {
      const res = await register({ invitation: invitation.token, username: 'nobody', password: 'nobody1' });
      expect(res.json().msg).toBe('Registration is switched off');
      expect(
        data<{ registrationEnabled: boolean }>(await t.app.inject({ method: 'GET', url: '/sso/providers' }))
          .registrationEnabled,
      ).toBe(false);
    } finally {
      await t.app.db
        .update(sysConfig)
        .set({ configValue: 'true' })
        .where(eq(sysConfig.configKey, 'sys.account.registerUser'));
      clearConfigCache(t.app.db, 'sys.account.registerUser');
    }
  });

  it("lets only a tenant's administrators invite, into their own tenant", async () => {
    const customer = as(t, await t.login('customer', 'customer123'));
    expect((await customer('PUT', '/sbuilding/invitation/create', { role: 'tbCustomer' })).statusCode).toBe(
      403,
    );
    expect((await managerA('PUT', '/sbuilding/invitation/create', { role: 'tbAdmin' })).statusCode).toBe(400);
    // A tenantId in the body is ignored for a tbAdmin.
    const own = await invite(managerA, { role: 'tbCustomer', tenantId: tenantB });
    expect(own.tenantName).toBe('Demo Tenant');
  });
});

describe('tenant providers', () => {
  let oidcProvider: number;
  let oauth2Provider: number;
  /** The providers' keys: what the login link, an invitation's or a session's list names them by. */
  let oidcKey: string;
  let oauth2Key: string;

  beforeAll(async () => {
    const created = await managerB('PUT', '/sbuilding/sso/provider/create', {
      name: 'B Keycloak',
      protocol: 'oidc',
      issuer: idp.issuer,
      clientId: TENANT_CLIENT.client_id,
      clientSecret: TENANT_CLIENT.client_secret,
      tenantId: tenantA, // ignored: a tbAdmin's providers are its own tenant's
    });
    expect(created.statusCode, created.body).toBe(200);
    ({ id: oidcProvider, loginKey: oidcKey } = data<{ id: number; loginKey: string }>(created));
    const oauth2 = await managerB('PUT', '/sbuilding/sso/provider/create', {
      name: 'B WeCom',
      protocol: 'oauth2',
      issuer: idp.issuer,
      clientId: OAUTH2_CLIENT.client_id,
      clientSecret: OAUTH2_CLIENT.client_secret,
      scopes: 'openid email',
      authorizationEndpoint: `${idp.issuer}/auth`,
      tokenEndpoint: `${idp.issuer}/token`,
      userinfoEndpoint: `${idp.issuer}/me`,
      subjectClaim: 'email',
      newUserRole: 'tbCustomer',
    });
    expect(oauth2.statusCode, oauth2.body).toBe(200);
    ({ id: oauth2Provider, loginKey: oauth2Key } = data<{ id: number; loginKey: string }>(oauth2));
  });

  it('keeps the client secret sealed at rest and never answers it', async () => {
    const [row] = await t.app.db.select().from(ssoProviders).where(eq(ssoProviders.id, oidcProvider));
    expect(row?.tenantId).toBe(tenantB);
    expect(row?.clientSecretSealed).toMatch(/^v1\./);
    expect(row?.clientSecretSealed).not.toContain(TENANT_CLIENT.client_secret);
    const listed = await managerB('POST', '/sbuilding/sso/provider/getList', {});
    expect(listed.body).not.toContain(TENANT_CLIENT.client_secret);
    expect(data<{ rows: { name: string; hasSecret: boolean }[] }>(listed).rows).toMatchObject([
      { name: 'B Keycloak', hasSecret: true },
      { name: 'B WeCom', hasSecret: true },
    ]);
    // Another tenant's administrator neither sees nor touches them.
    expect(data<{ total: number }>(await managerA('POST', '/sbuilding/sso/provider/getList', {})).total).toBe(
      0,
    );
    expect((await managerA('GET', `/sbuilding/sso/provider/${oidcProvider}`)).statusCode).toBe(404);
  });

  it('refuses http:// issuers that are not loopback addresses', async () => {
    const res = await managerB('PUT', '/sbuilding/sso/provider/create', {
      name: 'Plain',
      protocol: 'oidc',
      issuer: 'http://idp.example.com',
      clientId: 'x',
      clientSecret: 'y',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('The address must start with https:// (http:// only for localhost)');
  });

  it("never binds a tenant provider's identity to another tenant's account", async () => {
    const { ticket } = data<{ ticket: string }>(await sso.signIn('dave', { provider: oidcKey }));
    const refused = await sso.inject({
      method: 'POST',
      url: '/sso/bind',
      payload: { ticket, username: 'manager', password: 'manager123', ...(await t.solveCaptcha()) },
    });
    expect(refused.json().msg).toBe('This identity provider cannot sign in this account');
    const bound = await sso.inject({
      method: 'POST',
      url: '/sso/bind',
      payload: { ticket, username: 'bcustomer', password: 'bcustomer123', ...(await t.solveCaptcha()) },
    });
    expect(bound.statusCode, bound.body).toBe(200);
    const token = data<{ token: string }>(await sso.signIn('dave', { provider: oidcKey })).token;
    const me = as(t, token);
    expect(data<{ user: { deptId: number } }>(await me('GET', '/getInfo')).user.deptId).toBe(tenantB);
    // Signed in through B's provider, the session sees B's data only.
    const aProjects = data<{ rows: { id: number }[] }>(
      await managerA('POST', '/sbuilding/project/getList', {}),
    ).rows;
    expect(aProjects.length).toBeGreaterThan(0);
    expect((await me('POST', '/sbuilding/project/getList', {})).json().data.total).toBe(0);
    // The same person at the platform-wide provider is another identity: not signed in as bcustomer.
    expect(data<{ kind: string }>(await sso.signIn('dave')).kind).toBe('bind');
  });

  it("refuses to link a tenant provider to another tenant's account from the profile", async () => {
    const res = await sso.authorize({ provider: oidcKey }, await t.login('manager', 'manager123'));
    expect(res.json().msg).toBe('This identity provider cannot sign in this account');
  });

  it('signs in through an OAuth 2.0 provider by its configured claim, and registers new identities with its role', async () => {
    const back = data<{ kind: string; ticket: string }>(await sso.signIn('erin', { provider: oauth2Key }));
    expect(back.kind).toBe('bind');
    const info = data<{ identityLabel: string; canRegister: boolean }>(
      await sso.inject({ method: 'GET', url: `/sso/ticket?ticket=${back.ticket}` }),
    );
    expect(info).toEqual({ providerName: 'B WeCom', identityLabel: 'erin@idp.example', canRegister: true });
    const created = await register({ ticket: back.ticket, username: 'erin', password: 'erin1234' });
    expect(created.statusCode, created.body).toBe(200);
    const [erin] = await t.app.db.select().from(users).where(eq(users.username, 'erin'));
    expect(erin).toMatchObject({ tenantId: tenantB, roles: ['tbCustomer'] });
    const again = data<{ kind: string; token: string }>(await sso.signIn('erin', { provider: oauth2Key }));
    expect(again.kind).toBe('signedIn');
  });

  it("shows an anonymous visitor no tenant's provider, only the one a login link names, while it is enabled", async () => {
    const keys = (query = '') =>
      t.app
        .inject({ method: 'GET', url: `/sso/providers${query}` })
        .then((r) => data<{ providers: { key: string; name: string }[] }>(r).providers.map((p) => p.key));
    // Who uses the platform is nobody's business without a link: the platform's provider only.
    expect(await keys()).toEqual(['env']);
    expect(await keys(`?sso=${encodeURIComponent(oidcKey)}`)).toEqual(['env', oidcKey]);
    expect(await keys(`?sso=${encodeURIComponent(oauth2Key)}`)).toEqual(['env', oauth2Key]);
    // A bare id, or a key with its id changed, names nothing; nor can /sso/authorize be walked by ids.
    expect(await keys(`?sso=${oidcProvider}`)).toEqual(['env']);
    const forged = `${oauth2Provider}.${oidcKey.split('.')[1] ?? ''}`;
    expect(await keys(`?sso=${encodeURIComponent(forged)}`)).toEqual(['env']);
    for (const provider of [String(oidcProvider), forged]) {
      expect((await sso.authorize({ provider })).json().msg).toBe(
        'This identity provider does not exist or is switched off',
      );
    }
    // A tenant's own people see their tenant's providers once signed in (to link them), and an invited
    // person those of the inviting tenant.
    const linkable = data<{ linkable: { key: string }[] }>(await managerB('GET', '/sso/identities')).linkable;
    expect(linkable.map((p) => p.key)).toEqual(['env', oidcKey, oauth2Key]);
    expect(data<{ linkable: unknown[] }>(await managerA('GET', '/sso/identities')).linkable).toEqual([
      { key: 'env', name: 'OpenID Connect' },
    ]);
    const invitation = await invite(managerB);
    const info = await t.app.inject({
      method: 'GET',
      url: `/register/invitation?invitation=${invitation.token}`,
    });
    expect(data<{ providers: { key: string }[] }>(info).providers.map((p) => p.key)).toEqual([
      'env',
      oidcKey,
      oauth2Key,
    ]);

    const row = data<{ version: number }>(await managerB('GET', `/sbuilding/sso/provider/${oauth2Provider}`));
    const saved = await managerB('POST', `/sbuilding/sso/provider/save/${oauth2Provider}`, {
      name: 'B WeCom',
      protocol: 'oauth2',
      issuer: idp.issuer,
      clientId: OAUTH2_CLIENT.client_id,
      authorizationEndpoint: `${idp.issuer}/auth`,
      tokenEndpoint: `${idp.issuer}/token`,
      userinfoEndpoint: `${idp.issuer}/me`,
      subjectClaim: 'email',
      enabled: false,
      version: row.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // A switched-off provider's link offers it no more.
    expect(await keys(`?sso=${encodeURIComponent(oauth2Key)}`)).toEqual(['env']);
  });

  it('says so when a provider cannot be reached', async () => {
    const closed = await startTestIdp({ clients: [] });
    await closed.close();
    const created = await managerB('PUT', '/sbuilding/sso/provider/create', {
      name: 'Gone',
      protocol: 'oidc',
      issuer: closed.issuer,
      clientId: 'x',
      clientSecret: 'y',
    });
    const res = await sso.authorize({ provider: data<{ loginKey: string }>(created).loginKey });
    expect(res.statusCode).toBe(503);
    expect(res.json().msg).toBe('Cannot reach Gone at the moment, please try again later');
  });
});
