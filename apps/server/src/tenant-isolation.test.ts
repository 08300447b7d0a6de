import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from './test/app.js';
import { as, createTenant } from './test/tenants.js';
import { buildings } from './modules/buildings/tables.js';
import {
  bMark,
  bNoonNap,
  CASES,
  hall,
  methodOf,
  NOT_TENANT_DATA,
  refusedWith403or404,
  type Ids,
} from './test/route-cases.js';
import { plantPlatform, plantWorld } from './test/world.js';
import { snapshot } from './test/snapshot.js';

/**
 * Tenant isolation, the core promise: a user of tenant A trying the ids of tenant B's objects on EVERY
 * endpoint gets 403 or 404 and changes nothing. Each case is also run by someone allowed to (B's own
 * manager, or the admin for platform settings), which proves the ids tried were real. The cases are in
 * test/route-cases.ts (shared with the authorization matrix); extend them when adding an endpoint.
 */

let t: TestApp;
let tenantB: number;
let ids: Ids;
let attacker: ReturnType<typeof as>;
let ownerB: ReturnType<typeof as>;
let admin: ReturnType<typeof as>;

beforeAll(async () => {
  t = await createTestApp({ env: { BLE_INIT_STEP_MS: '0' } });
  ({ tenantId: tenantB } = await createTenant(t, 'Tenant B', [{ username: 'bmanager', role: 'tbAdmin' }]));
  attacker = as(t, await t.login('manager', 'manager123'));
  ownerB = as(t, await t.login('bmanager', 'bmanager123'));
  admin = as(t, await t.login('admin', 'admin123'));
  const platform = await plantPlatform(t, admin);
  ids = await plantWorld(t, ownerB, tenantB, { letter: 'B', hex: 'BB' }, platform);
});
afterAll(() => t.close());

describe('tenant isolation', () => {
  it('has a case or a stated reason for every project, calendar, building, file, config, dictionary and download route', async () => {
    await t.app.ready();
    const documented = Object.entries(t.app.swagger().paths ?? {}).flatMap(([path, item]) =>
      Object.keys(item ?? {}).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const ours = documented.filter((r) =>
      /^\w+ \/(sbuilding\/|system\/config|system\/dict|common\/|tool\/gen)/.test(r),
    );
    const covered = new Set([...CASES.map((c) => c.route), ...Object.keys(NOT_TENANT_DATA)]);
    expect(ours.filter((r) => !covered.has(r))).toEqual([]);
    expect([...covered].filter((r) => !ours.includes(r))).toEqual([]);
  });

  it("refuses tenant A's manager every try on tenant B's ids with 403 or 404, and changes nothing", async () => {
    const before = await snapshot(t.app.db, [tenantB]);
    for (const c of CASES) {
      const res = await attacker(methodOf(c.route), c.url(ids), c.payload?.(ids), c.headers);
      try {
        // 403 or 404 refuses any try; a route with nothing to refuse says what it answers instead.
        if (res.statusCode !== 403 && res.statusCode !== 404) (c.refused ?? refusedWith403or404)(res, ids);
      } catch (error) {
        throw new Error(`${c.route} answered ${res.statusCode}: ${res.body}`, { cause: error });
      }
    }
    expect(await snapshot(t.app.db, [tenantB])).toEqual(before);
  });

  it('lets tenant B (or the admin, for platform settings) do each of those tries, so the ids were real', async () => {
    for (const c of CASES) {
      const who = c.allowed === 'admin' ? admin : ownerB;
      const res = await who(methodOf(c.route), c.url(ids), c.payload?.(ids), c.headers);
      expect(res.statusCode, `${c.route}: ${res.body}`).toBe(c.allowedStatus ?? 200);
    }
  });

  it("refuses a weixin customer of tenant A every try on tenant B's ids, and B's building everywhere", async () => {
    const [ownHall] = await t.app.db
      .select({ id: buildings.id })
      .from(buildings)
      .where(eq(buildings.name, 'Building A'));
    const created = await attacker('PUT', '/sbuilding/user/create', {
      userName: 'aoccupant',
      password: 'aoccupant123',
      nickName: 'A occupant',
      role: 'tbWeixinCustomer',
      hallIds: [ownHall!.id],
    });
    expect(created.statusCode, created.body).toBe(200);
    const occupant = as(t, await t.login('aoccupant', 'aoccupant123'));
    const before = await snapshot(t.app.db, [tenantB]);
    for (const c of CASES) {
      const res = await occupant(methodOf(c.route), c.url(ids), c.payload?.(ids), c.headers);
      try {
        // Outside the mini-program's calls a weixin customer reaches nothing (403), whatever the ids.
        if (c.route.includes(' /sbuilding/wx/')) (c.refused ?? refusedWith403or404)(res, ids);
        else expect(res.statusCode).toBe(403);
      } catch (error) {
        throw new Error(`${c.route} answered ${res.statusCode}: ${res.body}`, { cause: error });
      }
    }
    expect(await snapshot(t.app.db, [tenantB])).toEqual(before);
  });

  it("refuses to attach tenant B's uploads to tenant A's own buildings and floors", async () => {
    const before = await snapshot(t.app.db, [tenantB]);
    const campus = (
      await attacker('POST', '/sbuilding/project/getList', { projectName: 'Demo Campus' })
    ).json().data.rows[0];
    const ownHall = (await attacker('POST', '/sbuilding/hall/getList', { projectId: campus.id })).json().data
      .rows[0];
    const tries = [
      await attacker('PUT', '/sbuilding/hall/create', { ...hall, projectId: campus.id, imageId: ids.image }),
      await attacker('POST', `/sbuilding/hall/save/${ownHall.id}`, {
        ...hall,
        imageId: ids.image,
        version: ownHall.version,
      }),
      await attacker('PUT', '/sbuilding/floor/create', {
        buildingId: ownHall.id,
        name: 'X',
        planId: ids.plan,
      }),
      await attacker('PUT', '/sbuilding/floor/create', {
        buildingId: ownHall.id,
        name: 'X',
        imageId: ids.image,
      }),
    ];
    for (const res of tries) expect(res.statusCode, res.body).toBe(404);
    expect(await snapshot(t.app.db, [tenantB])).toEqual(before);
  });

  it("refuses to bind tenant B's device to tenant A's mark or to put it in A's group", async () => {
    const before = await snapshot(t.app.db, [tenantB]);
    const campus = (
      await attacker('POST', '/sbuilding/project/getList', { projectName: 'Demo Campus' })
    ).json().data.rows[0];
    const ownHall = (await attacker('POST', '/sbuilding/hall/getList', { projectId: campus.id })).json().data
      .rows[0];
    const ownFloor = (await attacker('POST', '/sbuilding/floor/getList', { buildingId: ownHall.id })).json()
      .data.rows[0];
    const ownMark = (
      await attacker('PUT', '/sbuilding/mark/create', { ...bMark, floorId: ownFloor.id })
    ).json().data;
    const tries = [
      await attacker('POST', `/sbuilding/mark/bind/${ownMark.id}`, { deviceId: ids.markDevice, version: 1 }),
      await attacker('PUT', '/sbuilding/mark/create', {
        ...bMark,
        floorId: ownFloor.id,
        deviceId: ids.markDevice,
      }),
      await attacker('PUT', '/sbuilding/group/create', {
        projectId: campus.id,
        name: 'Stolen',
        deviceIds: [ids.markDevice],
      }),
    ];
    for (const res of tries) expect(res.statusCode, res.body).toBe(404);
    expect(await snapshot(t.app.db, [tenantB])).toEqual(before);
  });

  it("refuses tenant B's zones in a noon nap of tenant A's own project", async () => {
    const before = await snapshot(t.app.db, [tenantB]);
    const campus = (
      await attacker('POST', '/sbuilding/project/getList', { projectName: 'Demo Campus' })
    ).json().data.rows[0];
    const res = await attacker('PUT', '/sbuilding/noonNap/create', {
      ...bNoonNap(ids),
      projectId: campus.id,
    });
    expect(res.statusCode, res.body).toBe(404);
    expect(await snapshot(t.app.db, [tenantB])).toEqual(before);
  });

  it("refuses tenant B's gateways as the gateway of tenant A's own devices", async () => {
    const before = await snapshot(t.app.db, [tenantB]);
    const campus = (
      await attacker('POST', '/sbuilding/project/getList', { projectName: 'Demo Campus' })
    ).json().data.rows[0];
    const ownHall = (await attacker('POST', '/sbuilding/hall/getList', { projectId: campus.id })).json().data
      .rows[0];
    const at = { buildingId: ownHall.id, name: 'Borrowed' };
    const tries = [
      await attacker('PUT', '/sbuilding/device/create-ac20', {
        ...at,
        acGatewayId: ids.acGateway,
        indoorAddr: 9,
        outdoorAddr: 1,
      }),
      await attacker('PUT', '/sbuilding/device/create/s2', {
        ...at,
        macAddr: 'AB:0D:00:00:00:09',
        codeAddr: 'ABORROWED001',
        bleGatewayId: ids.bleGateway,
      }),
    ];
    for (const res of tries) expect(res.statusCode, res.body).toBe(400);
    expect(await snapshot(t.app.db, [tenantB])).toEqual(before);
  });

  it("lets the admin see every tenant's projects", async () => {
    const res = await admin('POST', '/sbuilding/project/getList', { projectName: 'Tenant B', pageSize: 100 });
    expect(res.json().data.total).toBeGreaterThan(0);
  });
});
