import { expect } from 'vitest';
import { emptyPage, nextPlanted, type RouteCase } from './common.js';

/* Users (users/*), tenants (tenants/*), API keys (api-keys/*), single sign-on and invitations (sso/*). */

export const bUser = { nickName: 'B customer', role: 'tbCustomer', password: 'secret123' };

/** B's users (users/*). */
export const USER_CASES: RouteCase[] = [
  {
    route: 'POST /sbuilding/user/getList',
    url: () => '/sbuilding/user/getList',
    payload: (i) => ({ tenantId: i.tenant, pageSize: 100 }),
    allowed: 'ownerB',
    // A tenantId in the filter is the admin's alone: anyone else gets its own tenant's users, none of B's.
    refused: (res, i) => {
      expect(res.statusCode).toBe(200);
      expect(res.json().data.rows.map((r: { deptId: number }) => r.deptId)).not.toContain(i.tenant);
    },
  },
  { route: 'GET /sbuilding/user/{id}', url: (i) => `/sbuilding/user/${i.user}`, allowed: 'ownerB' },
  {
    route: 'PUT /sbuilding/user/create',
    url: () => '/sbuilding/user/create',
    payload: (i) => ({ ...bUser, userName: `planted${nextPlanted()}`, deptId: i.tenant }),
    allowed: 'ownerB',
    // As with projects: deptId is ignored, the user lands in the caller's tenant.
    refused: (res, i) => {
      expect(res.statusCode).toBe(200);
      expect(res.json().data.deptId).not.toBe(i.tenant);
    },
  },
  {
    route: 'POST /sbuilding/user/save/{id}',
    url: (i) => `/sbuilding/user/save/${i.user}`,
    payload: () => ({ ...bUser, nickName: 'B customer, renamed', version: 1 }),
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/user/resetPwd/{id}',
    url: (i) => `/sbuilding/user/resetPwd/${i.user}`,
    payload: () => ({ password: 'taken-over' }),
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/user/blacklist/{id}',
    url: (i) => `/sbuilding/user/blacklist/${i.user}`,
    payload: () => ({ blacklisted: true }),
    allowed: 'ownerB',
  },
  {
    route: 'DELETE /sbuilding/user/del/{id}',
    url: (i) => `/sbuilding/user/del/${i.user}`,
    allowed: 'ownerB',
  },
];

/** Tenants are the admin's alone: a tenant administrator is refused (403) whatever the id. */
export const TENANT_CASES: RouteCase[] = [
  {
    route: 'POST /sbuilding/tenant/getList',
    url: () => '/sbuilding/tenant/getList',
    payload: () => ({}),
    allowed: 'admin',
  },
  { route: 'GET /sbuilding/tenant/{id}', url: (i) => `/sbuilding/tenant/${i.tenant}`, allowed: 'admin' },
  {
    route: 'PUT /sbuilding/tenant/create',
    url: () => '/sbuilding/tenant/create',
    payload: () => ({
      name: `Planted tenant ${nextPlanted()}`,
      admin: { userName: `planted${nextPlanted()}`, nickName: 'P', password: 'secret123' },
    }),
    allowed: 'admin',
  },
  {
    route: 'POST /sbuilding/tenant/save/{id}',
    url: (i) => `/sbuilding/tenant/save/${i.tenant}`,
    payload: () => ({ name: 'Tenant B', status: '0', version: 1 }),
    allowed: 'admin',
  },
  {
    route: 'DELETE /sbuilding/tenant/del/{id}',
    url: (i) => `/sbuilding/tenant/del/${i.emptyTenant}`,
    allowed: 'admin',
  },
];

/** API keys (api-keys/*): keys of B's users. */
export const API_KEY_CASES: RouteCase[] = [
  {
    route: 'PUT /sbuilding/api-key/create',
    url: () => '/sbuilding/api-key/create',
    // A key for B's user: another tenant's user id is 404.
    payload: (i) => ({ name: 'B service', access: 'read', userId: i.user }),
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/api-key/getList',
    url: () => '/sbuilding/api-key/getList',
    payload: (i) => ({ userId: i.user }),
    allowed: 'ownerB',
    refused: emptyPage,
  },
  {
    route: 'DELETE /sbuilding/api-key/del/{id}',
    url: (i) => `/sbuilding/api-key/del/${i.apiKey}`,
    allowed: 'ownerB',
  },
];

/** Single sign-on providers and invitations (modules/sso): a tbAdmin's own tenant's only. */
export const bProvider = {
  name: 'B IdP',
  protocol: 'oidc',
  issuer: 'https://idp.b.example',
  clientId: 'b-client',
  clientSecret: 'b-secret',
};
export const SSO_CASES: RouteCase[] = [
  {
    route: 'POST /sbuilding/sso/provider/getList',
    url: () => '/sbuilding/sso/provider/getList',
    payload: (i) => ({ tenantId: i.tenant }),
    allowed: 'ownerB',
    refused: emptyPage,
  },
  {
    route: 'GET /sbuilding/sso/provider/{id}',
    url: (i) => `/sbuilding/sso/provider/${i.ssoProvider}`,
    allowed: 'ownerB',
  },
  {
    route: 'PUT /sbuilding/sso/provider/create',
    url: () => '/sbuilding/sso/provider/create',
    payload: (i) => ({ ...bProvider, name: 'Into B?', tenantId: i.tenant }),
    allowed: 'ownerB',
    // A tbAdmin's tenantId is ignored: the provider lands in A's own tenant.
    refused: (res, i) => expect(res.json().data.tenantId).not.toBe(i.tenant),
  },
  {
    route: 'POST /sbuilding/sso/provider/save/{id}',
    url: (i) => `/sbuilding/sso/provider/save/${i.ssoProvider}`,
    payload: () => ({ ...bProvider, clientSecret: '', name: 'Taken over', version: 1 }),
    allowed: 'ownerB',
  },
  {
    route: 'DELETE /sbuilding/sso/provider/del/{id}',
    url: (i) => `/sbuilding/sso/provider/del/${i.ssoProvider}`,
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/invitation/getList',
    url: () => '/sbuilding/invitation/getList',
    payload: (i) => ({ tenantId: i.tenant }),
    allowed: 'ownerB',
    refused: emptyPage,
  },
  {
    route: 'PUT /sbuilding/invitation/create',
    url: () => '/sbuilding/invitation/create',
    payload: (i) => ({ role: 'tbCustomer', tenantId: i.tenant }),
    allowed: 'ownerB',
    refused: (res, i) => expect(res.json().data.tenantId).not.toBe(i.tenant),
  },
  {
    route: 'DELETE /sbuilding/invitation/del/{id}',
    url: (i) => `/sbuilding/invitation/del/${i.invitation}`,
    allowed: 'ownerB',
  },
];
