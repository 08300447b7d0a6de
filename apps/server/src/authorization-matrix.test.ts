import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import {
  accessDenial,
  isAccessAction,
  permissionsForRoles,
  type AccessAction,
  type PrincipalLimits,
  type Role,
} from '@sbuilding/shared';
import { createTestApp, type TestApp } from './test/app.js';
import { createTenant } from './test/tenants.js';
import {
  bShare,
  CASES,
  methodOf,
  NOT_TENANT_DATA,
  type Ids,
  type Method,
  type RouteCase,
} from './test/route-cases.js';
import { OPERATIONS_CASES } from './test/cases/operations.js';
import { plantPlatform, plantWorld } from './test/world.js';
import { snapshot } from './test/snapshot.js';
import { devices } from './modules/devices/tables.js';

/**
 * The authorization matrix (issue 32): every operation of the API (read from /docs/json, with the access its
 * route declares as `x-access`) × every kind of principal × its own project's rows (world M), another project's
 * rows of its tenant (world N) and another tenant's rows (world B).
 *
 * - Without a credential, or with a credential that is not one (a share link's token, a device's MQTT token as
 *   a bearer): 401 everywhere.
 * - A principal the action's rule refuses (`accessDenial` of packages/shared: its role, a read-only key on a
 *   write, a project-limited key on the tenant's administration, a key on a session-only call): 403, on its own
 *   rows, before the input is even read.
 * - Otherwise, rows outside its limits (another tenant's; another project's for a key limited to world M; every
 *   building but its own for a weixin customer) are refused (403/404), or, where a route names no row, left out
 *   of its answer; and nothing of theirs changes.
 * - Rows within its limits: each read answers as for their owner. Each write is made once, in order, by the
 *   project-limited read-write key on world M (the tenant-isolation test makes them as the owner's session).
 */

type Call = (
  method: Method,
  url: string,
  payload?: object,
  headers?: Record<string, string>,
) => Promise<LightMyRequestResponse>;

interface Principal {
  readonly name: string;
  readonly call: Call;
  /** Null: no credential the API accepts (401 expected everywhere). */
  readonly limits: PrincipalLimits | null;
  /** The worlds whose rows are within its limits. */
  readonly within: readonly World[];
  /** Another principal whose reads are its own (the same user and limits, another credential's mode). */
  readonly readsAs?: string;
}

type World = 'M' | 'N' | 'B';

interface Operation {
  readonly route: string;
  readonly action: AccessAction;
  readonly mode: 'read' | 'write';
  readonly level: string;
}

/**
 * Routes outside the tenant-isolation cases (the caller's own account, a few platform reads), each with a call
 * on a world. Public routes are not here: they declare what guards them instead (x-access.public).
 */
const ACCOUNT_CASES: RouteCase[] = [
  { route: 'GET /getInfo', url: () => '/getInfo', allowed: 'ownerB' },
  { route: 'GET /getRouters', url: () => '/getRouters', allowed: 'ownerB' },
  { route: 'POST /logout', url: () => '/logout', allowed: 'ownerB' },
  { route: 'GET /system/user/profile', url: () => '/system/user/profile', allowed: 'ownerB' },
  {
    route: 'PUT /system/user/profile',
    url: () => '/system/user/profile',
    payload: () => ({ nickName: 'Taken over', email: 'x@example.com', phonenumber: '', sex: '0' }),
    allowed: 'ownerB',
  },
  {
    route: 'PUT /system/user/profile/updatePwd',
    url: () => '/system/user/profile/updatePwd',
    payload: () => ({ oldPassword: 'mmanager123', newPassword: 'taken-over-1' }),
    allowed: 'ownerB',
  },
  { route: 'GET /sso/identities', url: () => '/sso/identities', allowed: 'ownerB' },
  {
    route: 'DELETE /sso/identities/{id}',
    url: () => '/sso/identities/999999',
    allowed: 'ownerB',
    allowedStatus: 404,
  },
  {
    route: 'POST /sso/link',
    url: () => '/sso/link',
    payload: () => ({ provider: 'platform' }),
    allowed: 'ownerB',
  },
];

/** The platform reads of NOT_TENANT_DATA, called on the platform's rows (the same in every world). */
const PLATFORM_CASES: RouteCase[] = [
  { route: 'GET /system/config/list', url: () => '/system/config/list', allowed: 'admin' },
  { route: 'GET /system/config/{id}', url: (i) => `/system/config/${i.config}`, allowed: 'admin' },
  {
    route: 'GET /system/config/configKey/{key}',
    url: () => '/system/config/configKey/b.existing',
    allowed: 'admin',
  },
  { route: 'GET /system/config/export', url: () => '/system/config/export', allowed: 'admin' },
  { route: 'GET /system/dict/data/list', url: () => '/system/dict/data/list', allowed: 'admin' },
  { route: 'GET /system/dict/data/{id}', url: (i) => `/system/dict/data/${i.dict}`, allowed: 'admin' },
  {
    route: 'GET /system/dict/data/type/{type}',
    url: () => '/system/dict/data/type/sb_b_test',
    allowed: 'admin',
  },
  { route: 'GET /system/dict/data/export', url: () => '/system/dict/data/export', allowed: 'admin' },
  {
    route: 'GET /common/download',
    url: () => '/common/download?fileName=nothing.xlsx',
    allowed: 'admin',
    // No export of that name: the point is who may ask.
    allowedStatus: 404,
  },
  {
    route: 'GET /sbuilding/device/import/template',
    url: () => '/sbuilding/device/import/template',
    allowed: 'admin',
  },
  {
    route: 'GET /sbuilding/common/getDevCategorys',
    url: () => '/sbuilding/common/getDevCategorys',
    allowed: 'admin',
  },
  {
    route: 'GET /sbuilding/common/getDevCatalogue',
    url: () => '/sbuilding/common/getDevCatalogue',
    allowed: 'admin',
  },
  { route: 'GET /system/config/smtp', url: () => '/system/config/smtp', allowed: 'admin' },
  {
    route: 'PUT /system/config/smtp',
    url: () => '/system/config/smtp',
    payload: () => ({ host: 'mail.example.com', port: 25, from: 'facilities@example.com' }),
    allowed: 'admin',
  },
  // The platform's backup (test/cases/operations.ts).
  ...OPERATIONS_CASES,
];

/**
 * Reads that answer their owner but not every principal the action admits, for a reason of the service's
 * (not the policy's): the route, the principals, what they hear, and why.
 */
const SERVICE_REFUSALS: Record<string, { principals: readonly string[]; status: number; why: string }> = {
  'POST /sbuilding/api-key/getList': {
    principals: ['customer', 'display'],
    status: 403,
    why: "another user's keys: an administrator's only (apiKey.adminOnly)",
  },
};

/** Writes of the cases whose row is outside project M even in world M (404 for the limited key), and why. */
const OUTSIDE_LIMITED_KEY: Record<string, number> = {
  // The case deletes the world's empty project, which is not among the key's projects.
  'DELETE /sbuilding/project/del/{id}': 404,
};

let t: TestApp;
/** Who owns each world's rows (the tenant's manager), and the platform administrator. */
const owners = {} as Record<World | 'admin', Principal>;
const worlds = {} as Record<World, Ids>;
let tenantM = 0;
let tenantB = 0;
let operations: Operation[] = [];
let principals: Principal[] = [];
let limitedWriter: Principal;

const limitsOf = (role: Role, key?: { readOnly?: boolean; projectLimited?: boolean }): PrincipalLimits => ({
  roles: [role],
  permissions: permissionsForRoles([role]),
  credential: key ? 'apiKey' : 'session',
  readOnly: key?.readOnly ?? false,
  projectLimited: key?.projectLimited ?? false,
});

function caller(authorization: string | undefined): Call {
  return (method, url, payload, headers) =>
    t.app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload }),
      headers: { ...(authorization ? { authorization } : {}), ...headers },
    });
}

async function sessionOf(username: string, password: string): Promise<Call> {
  return caller(`Bearer ${await t.login(username, password)}`);
}

/** The documented operations with the access their routes declare. */
function documentedOperations(): { operations: Operation[]; publicRoutes: string[] } {
  const out: Operation[] = [];
  const publicRoutes: string[] = [];
  for (const [path, item] of Object.entries(t.app.swagger().paths ?? {})) {
    for (const [method, op] of Object.entries(item ?? {})) {
      const route = `${method.toUpperCase()} ${path}`;
      const access = (op as { 'x-access'?: Record<string, string> })['x-access'];
      if (!access) throw new Error(`${route} has no x-access in /docs/json`);
      if (access.public) {
        publicRoutes.push(route);
        continue;
      }
      const action = access.action ?? '';
      if (!isAccessAction(action)) throw new Error(`${route}: unknown action ${action}`);
      out.push({ route, action, mode: access.mode === 'read' ? 'read' : 'write', level: access.level ?? '' });
    }
  }
  return { operations: out, publicRoutes };
}

const ALL_CASES = [...CASES, ...ACCOUNT_CASES, ...PLATFORM_CASES];
const caseOf = (route: string): RouteCase => {
  const found = ALL_CASES.find((c) => c.route === route);
  if (!found) throw new Error(`no case for ${route}`);
  return found;
};

const send = (p: Principal, c: RouteCase, ids: Ids) =>
  p.call(methodOf(c.route), c.url(ids), c.payload?.(ids), c.headers);

const describeTry = (p: Principal, route: string, world: World, res: LightMyRequestResponse) =>
  `${p.name} on ${route} (world ${world}) answered ${res.statusCode}: ${res.body.slice(0, 300)}`;

beforeAll(async () => {
  t = await createTestApp({ env: { BLE_INIT_STEP_MS: '0' } });
  ({ tenantId: tenantM } = await createTenant(t, 'Tenant M', [
    { username: 'mmanager', role: 'tbAdmin' },
    { username: 'mcustomer', role: 'tbCustomer' },
    { username: 'mdisplay', role: 'tbVisualDisplay' },
  ]));
  ({ tenantId: tenantB } = await createTenant(t, 'Tenant B', [{ username: 'bmanager', role: 'tbAdmin' }]));
  const admin = await sessionOf('admin', 'admin123');
  const mOwner = await sessionOf('mmanager', 'mmanager123');
  const bOwner = await sessionOf('bmanager', 'bmanager123');
  const platform = await plantPlatform(t, admin);
  worlds.M = await plantWorld(t, mOwner, tenantM, { letter: 'M', hex: 'CC' }, platform);
  worlds.N = await plantWorld(t, mOwner, tenantM, { letter: 'N', hex: 'DD' }, platform);
  worlds.B = await plantWorld(t, bOwner, tenantB, { letter: 'B', hex: 'BB' }, platform);

  const occupant = await mOwner('PUT', '/sbuilding/user/create', {
    userName: 'moccupant',
    nickName: 'M occupant',
    password: 'moccupant123',
    role: 'tbWeixinCustomer',
    hallIds: [worlds.M.hall],
  });
  expect(occupant.statusCode, occupant.body).toBe(200);
  const key = async (access: 'read' | 'readWrite', projectIds: number[] = []) => {
    const res = await mOwner('PUT', '/sbuilding/api-key/create', {
      name: `matrix ${access}`,
      access,
      projectIds,
    });
    expect(res.statusCode, res.body).toBe(200);
    return caller(`Bearer ${res.json().data.key}`);
  };
  const shared = await mOwner('POST', '/sbuilding/energy/report/share', bShare(worlds.M.project));
  const shareToken: unknown = shared.json().data.token;
  const [device] = await t.app.db
    .select({ token: devices.accessToken })
    .from(devices)
    .where(eq(devices.id, worlds.M.sensor));

  const everyWorld: World[] = ['M', 'N', 'B'];
  const tenantWorlds: World[] = ['M', 'N'];
  limitedWriter = {
    name: 'read-write key limited to project M',
    call: await key('readWrite', [worlds.M.project]),
    limits: limitsOf('tbAdmin', { projectLimited: true }),
    within: ['M'],
    readsAs: 'read key limited to project M',
  };
  principals = [
    { name: 'no credential', call: caller(undefined), limits: null, within: [] },
    { name: "a share link's token", call: caller(`Bearer ${String(shareToken)}`), limits: null, within: [] },
    { name: "a device's access token", call: caller(`Bearer ${device?.token}`), limits: null, within: [] },
    { name: 'admin', call: admin, limits: limitsOf('admin'), within: everyWorld },
    { name: 'manager', call: mOwner, limits: limitsOf('tbAdmin'), within: tenantWorlds },
    {
      name: 'customer',
      call: await sessionOf('mcustomer', 'mcustomer123'),
      limits: limitsOf('tbCustomer'),
      within: tenantWorlds,
    },
    {
      name: 'display',
      call: await sessionOf('mdisplay', 'mdisplay123'),
      limits: limitsOf('tbVisualDisplay'),
      within: tenantWorlds,
    },
    {
      name: 'weixin customer',
      call: await sessionOf('moccupant', 'moccupant123'),
      limits: limitsOf('tbWeixinCustomer'),
      within: ['M'],
    },
    {
      name: 'read key',
      call: await key('read'),
      limits: limitsOf('tbAdmin', { readOnly: true }),
      within: tenantWorlds,
    },
    {
      name: 'read-write key',
      call: await key('readWrite'),
      limits: limitsOf('tbAdmin', {}),
      within: tenantWorlds,
      readsAs: 'read key',
    },
    {
      name: 'read key limited to project M',
      call: await key('read', [worlds.M.project]),
      limits: limitsOf('tbAdmin', { readOnly: true, projectLimited: true }),
      within: ['M'],
    },
    limitedWriter,
  ];
  const manager = principals.find((p) => p.name === 'manager');
  const platformAdmin = principals.find((p) => p.name === 'admin');
  if (!manager || !platformAdmin) throw new Error('principals missing');
  owners.M = manager;
  owners.N = manager;
  owners.B = { name: 'B manager', call: bOwner, limits: limitsOf('tbAdmin'), within: ['B'] };
  owners.admin = platformAdmin;
  operations = documentedOperations().operations;
}, 180_000);
afterAll(() => t.close());

describe('the authorization matrix', () => {
  it('has a declaration and a case for every operation of the API', () => {
    const { publicRoutes } = documentedOperations();
    expect(operations.length).toBeGreaterThan(200);
    const missing = operations
      .filter((op) => !ALL_CASES.some((c) => c.route === op.route))
      .map((op) => op.route);
    expect(missing).toEqual([]);
    // Every platform read without a case here is a public route, which says what guards it instead.
    for (const route of Object.keys(NOT_TENANT_DATA))
      expect(ALL_CASES.some((c) => c.route === route) || publicRoutes.includes(route), route).toBe(true);
  });

  it('answers 401 to every operation without a credential the API accepts', async () => {
    for (const p of principals.filter((x) => x.limits === null)) {
      for (const op of operations) {
        const res = await send(p, caseOf(op.route), worlds.M);
        expect(res.statusCode, describeTry(p, op.route, 'M', res)).toBe(401);
      }
    }
  });

  it('refuses (403) every operation whose action the principal may not take, on its own rows', async () => {
    const before = await snapshot(t.app.db, [tenantM, tenantB]);
    let refused = 0;
    for (const p of principals) {
      if (!p.limits) continue;
      for (const op of operations) {
        if (accessDenial(p.limits, op.action) === null) continue;
        const res = await send(p, caseOf(op.route), worlds.M);
        expect(res.statusCode, describeTry(p, op.route, 'M', res)).toBe(403);
        refused += 1;
      }
    }
    expect(refused).toBeGreaterThan(500);
    expect(await snapshot(t.app.db, [tenantM, tenantB])).toEqual(before);
  }, 600_000);

  it("refuses every principal another tenant's rows, and a limited one the rows outside its limits", async () => {
    const before = await snapshot(t.app.db, [tenantB]);
    const beforeN = worldRows(await snapshot(t.app.db, [tenantM]), worlds.N);
    for (const p of principals) {
      if (!p.limits) continue;
      for (const op of operations) {
        // Platform and account rows are the same in every world.
        if (op.level === 'platform' || op.level === 'account') continue;
        if (accessDenial(p.limits, op.action) !== null) continue;
        const c = caseOf(op.route);
        for (const world of ['N', 'B'] as const) {
          if (p.within.includes(world)) continue;
          const res = await send(p, c, worlds[world]);
          try {
            if (res.statusCode !== 403 && res.statusCode !== 404) {
              expect(
                c.refused,
                'answered without a refusal, and the case says nothing is to refuse',
              ).toBeDefined();
              c.refused?.(res, worlds[world], tenantM);
            }
          } catch (error) {
            throw new Error(describeTry(p, op.route, world, res), { cause: error });
          }
        }
      }
    }
    expect(await snapshot(t.app.db, [tenantB])).toEqual(before);
    expect(worldRows(await snapshot(t.app.db, [tenantM]), worlds.N)).toEqual(beforeN);
  }, 600_000);

  it('answers every read within its limits as it answers the owner at that moment', async () => {
    // Reads change nothing: the owner's answer to a read on a world is asked once.
    const answers = new Map<string, number>();
    const ownerStatus = async (c: RouteCase, world: World): Promise<number> => {
      const key = `${c.route} ${world}`;
      const known = answers.get(key);
      if (known !== undefined) return known;
      const owner = c.allowed === 'admin' ? owners.admin : owners[world];
      const status = (await send(owner, c, worlds[world])).statusCode;
      answers.set(key, status);
      return status;
    };
    for (const op of operations) {
      if (op.mode !== 'read') continue;
      const c = caseOf(op.route);
      const refusal = SERVICE_REFUSALS[op.route];
      for (const p of principals) {
        if (!p.limits || accessDenial(p.limits, op.action) !== null) continue;
        // A read-write key reads as the read-only key of the same limits (reads are what both may do): the
        // phases above try it on everything else.
        if (p.readsAs) continue;
        const worldsWithin = op.level === 'platform' || op.level === 'account' ? (['M'] as const) : p.within;
        for (const world of worldsWithin) {
          const expected = refusal?.principals.includes(p.name)
            ? refusal.status
            : await ownerStatus(c, world);
          const res = await send(p, c, worlds[world]);
          expect(res.statusCode, describeTry(p, op.route, world, res)).toBe(expected);
        }
      }
    }
  }, 600_000);

  it('lets a key limited to project M make every write its action allows there, and refuses the rest', async () => {
    const limits = limitedWriter.limits;
    if (!limits) throw new Error('no limits');
    for (const c of [...CASES, ...PLATFORM_CASES]) {
      const op = operations.find((o) => o.route === c.route);
      if (!op || op.mode !== 'write') continue;
      const res = await send(limitedWriter, c, worlds.M);
      const allowed = accessDenial(limits, op.action) === null;
      const expected = !allowed ? 403 : (OUTSIDE_LIMITED_KEY[c.route] ?? c.allowedStatus ?? 200);
      expect(res.statusCode, describeTry(limitedWriter, c.route, 'M', res)).toBe(expected);
    }
  }, 600_000);
});

type Snapshot = Awaited<ReturnType<typeof snapshot>>;

/** The rows of a snapshot that belong to one world's projects and buildings (its tenant's others left out). */
function worldRows(all: Snapshot, world: Ids) {
  const halls = new Set([world.hall, world.emptyHall]);
  const floors = new Set([world.floor, world.emptyFloor]);
  const projects = new Set([world.project, world.emptyProject]);
  const belongs = (row: unknown): boolean => {
    if (typeof row !== 'object' || row === null) return false;
    const value = (key: string): unknown => Reflect.get(row, key);
    const nested = Object.values(row).find(
      (v) => typeof v === 'object' && v !== null && !(v instanceof Date),
    );
    if (nested && !('id' in row)) return belongs(nested);
    return (
      projects.has(Number(value('projectId'))) ||
      halls.has(Number(value('buildingId'))) ||
      floors.has(Number(value('floorId')))
    );
  };
  const ownProject = (row: unknown) =>
    typeof row === 'object' && row !== null && 'id' in row && projects.has(Number(row.id));
  return Object.fromEntries(
    Object.entries(all).map(([table, rows]) => [
      table,
      rows.filter((row: unknown) => (table === 'projects' ? ownProject(row) : belongs(row))),
    ]),
  );
}
