import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app.js';
import { as } from '../../test/tenants.js';
import { demoProjectId } from '../../test/device-import.js';
import { plantDevice } from '../../test/devices.js';
import { apiKeys } from '../api-keys/tables.js';
import { hashKey } from '../api-keys/index.js';
import { users } from '../users/tables.js';
import { workTimes } from '../calendar/tables.js';
import { floors, zones } from '../buildings/tables.js';
import { FAILED_KEYS_PER_MINUTE } from '../api-keys/index.js';

/**
 * The attacks of issue 32 on a running server, each now refused. A read-write key limited to the demo
 * project tries another project of its own tenant; keys try to outlive themselves; a key's prefix tries to
 * lock it out.
 */

let t: TestApp;
let manager: ReturnType<typeof as>;
let demoProject: number;
let other: { project: number; hall: number; floor: number; zone: number; mark: number; workTime: number };
let limitedKey: string;
let readKey: string;
let adminReadKey: string;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

function withKey(key: string, ip = '203.0.113.7') {
  return (method: Method, url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      remoteAddress: ip,
      headers: { authorization: `Bearer ${key}`, lang: 'EN' },
      ...(payload === undefined ? {} : { payload }),
    });
}

async function data(res: Promise<{ statusCode: number; body: string; json(): { data: { id: number } } }>) {
  const answered = await res;
  expect(answered.statusCode, answered.body).toBe(200);
  return answered.json().data;
}

async function keyOf(caller: ReturnType<typeof as>, body: object): Promise<string> {
  const res = await caller('PUT', '/sbuilding/api-key/create', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { key: string } }>().data.key;
}

beforeAll(async () => {
  t = await createTestApp({ env: { API_KEY_RATE_LIMIT: '40' } });
  const token = await t.login('manager', 'manager123');
  manager = as(t, token);
  demoProject = await demoProjectId(t, token);
  const project = (
    await data(
      manager('PUT', '/sbuilding/project/create', { projectName: 'Site 3', status: 'new', address: 'X' }),
    )
  ).id;
  const hall = (
    await data(
      manager('PUT', '/sbuilding/hall/create', {
        projectId: project,
        name: 'Site 3 hall',
        longitude: 1,
        latitude: 1,
      }),
    )
  ).id;
  const floor = (await data(manager('PUT', '/sbuilding/floor/create', { buildingId: hall, name: 'F1' }))).id;
  const zone = (
    await data(manager('PUT', '/sbuilding/sector/create', { floorId: floor, name: 'Z', type: 'office' }))
  ).id;
  const mark = (
    await data(
      manager('PUT', '/sbuilding/mark/create', {
        floorId: floor,
        markName: 'M-1',
        belongType: 'lighting',
        x: 1,
        y: 1,
      }),
    )
  ).id;
  const workTime = (
    await data(
      manager('POST', '/sbuilding/work/rest', {
        projectId: project,
        name: 'Noon nap',
        startTime: '12:00',
        endTime: '13:00',
        timeType: 'NAP',
        zoneType: 'office',
      }),
    )
  ).id;
  other = { project, hall, floor, zone, mark, workTime };
  limitedKey = await keyOf(manager, { name: 'Site 1 only', access: 'readWrite', projectIds: [demoProject] });
  readKey = await keyOf(manager, { name: 'Reader', access: 'read' });
  adminReadKey = await keyOf(as(t, await t.login('admin', 'admin123')), {
    name: 'Admin reader',
    access: 'read',
  });
});
afterAll(() => t.close());

describe('a read-write key limited to one project', () => {
  it("reads, renames, creates and deletes nothing of another project's floors, zones and marks", async () => {
    const key = withKey(limitedKey);
    const tries = [
      await key('GET', `/sbuilding/floor/${other.floor}`),
      await key('POST', `/sbuilding/floor/save/${other.floor}`, { name: 'Mine', version: 1 }),
      await key('PUT', '/sbuilding/floor/create', { buildingId: other.hall, name: 'Planted' }),
      await key('DELETE', `/sbuilding/floor/del/${other.floor}`),
      await key('GET', `/sbuilding/sector/${other.zone}`),
      await key('POST', `/sbuilding/sector/save/${other.zone}`, { name: 'Mine', type: 'office', version: 1 }),
      await key('PUT', '/sbuilding/sector/create', { floorId: other.floor, name: 'Planted', type: 'office' }),
      await key('DELETE', `/sbuilding/sector/del/${other.zone}`),
      await key('POST', '/sbuilding/mark/getList', { floorId: other.floor }),
      await key('POST', `/sbuilding/mark/move/${other.mark}`, { x: 5, y: 5, version: 1 }),
      await key('DELETE', `/sbuilding/mark/del/${other.mark}`),
    ];
    for (const res of tries) expect(res.statusCode, res.body).toBe(404);
    const [floor] = await t.app.db.select().from(floors).where(eq(floors.id, other.floor));
    expect(floor?.name).toBe('F1');
    expect(await t.app.db.select().from(zones).where(eq(zones.floorId, other.floor))).toHaveLength(1);
  });

  it('changes and deletes no work time of another project by its id (the noon nap keeps its window)', async () => {
    const key = withKey(limitedKey);
    const change = await key('PUT', '/sbuilding/work/rest', {
      id: other.workTime,
      projectId: demoProject,
      name: 'Gone',
      startTime: '00:00',
      endTime: '00:01',
      timeType: 'NAP',
      zoneType: 'office',
      version: 1,
    });
    expect(change.statusCode, change.body).toBe(404);
    expect((await key('DELETE', `/sbuilding/work/rest/${other.workTime}`)).statusCode).toBe(404);
    const [nap] = await t.app.db.select().from(workTimes).where(eq(workTimes.id, other.workTime));
    expect(nap).toMatchObject({ startTime: '12:00', endTime: '13:00' });
  });

  it('administers nothing of the tenant: no user made, promoted, blacklisted or deleted, no invitation, no provider, no project', async () => {
    const key = withKey(limitedKey);
    const [customer] = await t.app.db.select().from(users).where(eq(users.username, 'customer'));
    const tries = [
      await key('PUT', '/sbuilding/user/create', {
        userName: 'backdoor',
        nickName: 'B',
        password: 'known-pass1',
        role: 'tbAdmin',
      }),
      await key('POST', `/sbuilding/user/save/${customer?.id}`, {
        nickName: 'C',
        role: 'tbAdmin',
        version: 1,
      }),
      await key('POST', `/sbuilding/user/blacklist/${customer?.id}`, { blacklisted: true }),
      await key('DELETE', `/sbuilding/user/del/${customer?.id}`),
      await key('POST', '/sbuilding/user/getList', {}),
      await key('PUT', '/sbuilding/invitation/create', { role: 'tbAdmin' }),
      await key('PUT', '/sbuilding/sso/provider/create', {
        name: 'Mine',
        protocol: 'oidc',
        issuer: 'https://idp.example.com',
        clientId: 'x',
        clientSecret: 'y',
      }),
      await key('PUT', '/sbuilding/project/create', {
        projectName: 'Out of reach',
        status: 'new',
        address: 'X',
      }),
    ];
    for (const res of tries) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().msg).toContain('limited to some projects');
    }
    expect(await t.app.db.select().from(users).where(eq(users.username, 'backdoor'))).toHaveLength(0);
  });

  it('still does its work in its own project', async () => {
    const key = withKey(limitedKey);
    const halls = await key('POST', '/sbuilding/hall/getList', { projectId: demoProject });
    expect(halls.statusCode, halls.body).toBe(200);
    const hall = halls.json().data.rows[0];
    const floor = await key('PUT', '/sbuilding/floor/create', {
      buildingId: hall.id,
      name: 'Added by a key',
    });
    expect(floor.statusCode, floor.body).toBe(200);
    expect((await key('DELETE', `/sbuilding/floor/del/${floor.json().data.id}`)).statusCode).toBe(200);
  });
});

describe('a key cannot outlive itself', () => {
  it('links no identity at a sign-in provider and changes no profile', async () => {
    const key = withKey(limitedKey);
    const link = await key('POST', '/sso/link', { provider: 'platform' });
    expect(link.statusCode).toBe(403);
    expect(link.json().msg).toBe('This operation needs a signed-in session, not an API key');
    const unlimited = await keyOf(manager, { name: 'Unlimited', access: 'readWrite' });
    expect((await withKey(unlimited)('POST', '/sso/link', { provider: 'platform' })).statusCode).toBe(403);
    const profile = await withKey(unlimited)('PUT', '/system/user/profile', {
      nickName: 'Key holder',
      email: 'attacker@example.com',
      phonenumber: '',
      sex: '0',
    });
    expect(profile.statusCode).toBe(403);
    expect(
      (await withKey(unlimited)('PUT', '/sbuilding/api-key/create', { name: 'n', access: 'readWrite' }))
        .statusCode,
    ).toBe(403);
  });

  it("does not read a device's MQTT token with a read-only key, nor replace it with any key", async () => {
    const [hall] = (await manager('POST', '/sbuilding/hall/getList', { projectId: demoProject })).json().data
      .rows;
    const device = await plantDevice(t, hall.id, 'th10', 'Key-read sensor');
    const read = await withKey(readKey)('GET', `/sbuilding/device/credentials/${device}`);
    expect(read.statusCode).toBe(403);
    expect(read.json().msg).toBe('This API key is read-only');
    const unlimited = await keyOf(manager, { name: 'Writer', access: 'readWrite' });
    expect((await withKey(unlimited)('GET', `/sbuilding/device/credentials/${device}`)).statusCode).toBe(200);
    expect((await withKey(unlimited)('POST', `/sbuilding/device/credentials/${device}`)).statusCode).toBe(
      403,
    );
    // A project-limited key is no tenant administrator, even in its own project.
    expect((await withKey(limitedKey)('GET', `/sbuilding/device/credentials/${device}`)).statusCode).toBe(
      403,
    );
  });

  it('does not write through a GET: a read-only key does not synchronise the generator', async () => {
    const res = await withKey(adminReadKey)('GET', '/tool/gen/synchDb/projects');
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe('This API key is read-only');
  });
});

describe("a building's occupant", () => {
  it('makes no API key, and a key made before is held to its buildings as its session is', async () => {
    const halls = (await manager('POST', '/sbuilding/hall/getList', { projectId: demoProject })).json().data
      .rows;
    const [own, otherHall] = halls;
    const created = await manager('PUT', '/sbuilding/user/create', {
      userName: 'occupant',
      nickName: 'Occupant',
      password: 'occupant123',
      role: 'tbWeixinCustomer',
      hallIds: [own.id],
    });
    expect(created.statusCode, created.body).toBe(200);
    const occupant = as(t, await t.login('occupant', 'occupant123'));
    expect(
      (await occupant('PUT', '/sbuilding/api-key/create', { name: 'mine', access: 'read' })).statusCode,
    ).toBe(403);
    // A key of an earlier release, made before occupants were refused keys.
    const key = `sbk_occupant_${'B'.repeat(43)}`;
    await t.app.db.insert(apiKeys).values({
      tenantId: created.json().data.deptId,
      userId: created.json().data.userId,
      name: 'old',
      keyHash: hashKey(key),
      prefix: 'sbk_occupant',
      readOnly: true,
      expiresAt: new Date(Date.now() + 86_400_000),
      createdBy: 'occupant',
    });
    const seen = await withKey(key)('GET', '/sbuilding/wx/halls');
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().data.map((h: { id: number }) => h.id)).toEqual([own.id]);
    expect((await withKey(key)('GET', `/sbuilding/wx/hall/${otherHall.id}`)).statusCode).toBe(404);
  });
});

describe('nobody locks a key out', () => {
  it('answers the real key from its own address however many wrong secrets are sent with its prefix', async () => {
    const prefix = limitedKey.slice(0, limitedKey.lastIndexOf('_'));
    const forged = `${prefix}_${'A'.repeat(43)}`;
    let lastAnswer = 0;
    for (let i = 0; i < 60; i++)
      lastAnswer = (await withKey(forged, '198.51.100.9')('GET', '/getInfo')).statusCode;
    // The attacker's address is slowed down after FAILED_KEYS_PER_MINUTE failures…
    expect(lastAnswer).toBe(429);
    // …and the key works on from its own address.
    expect((await withKey(limitedKey)('GET', '/getInfo')).statusCode).toBe(200);
    expect(FAILED_KEYS_PER_MINUTE).toBeLessThan(60);
  });

  it("counts a verified key's own calls against its limit", async () => {
    const key = await keyOf(manager, { name: 'Busy', access: 'read' });
    const answers: number[] = [];
    for (let i = 0; i < 41; i++)
      answers.push((await withKey(key, '203.0.113.50')('GET', '/getInfo')).statusCode);
    expect(answers.slice(0, 40).every((s) => s === 200)).toBe(true);
    expect(answers[40]).toBe(429);
  });

  it('takes no client address from X-Forwarded-For unless TRUST_PROXY names the proxy', async () => {
    const key = await keyOf(manager, { name: 'Where from', access: 'read' });
    await t.app.inject({
      method: 'GET',
      url: '/getInfo',
      remoteAddress: '203.0.113.77',
      headers: { authorization: `Bearer ${key}`, 'x-forwarded-for': '10.9.9.9' },
    });
    const [row] = await t.app.db
      .select()
      .from(apiKeys)
      .where(eq(apiKeys.keyHash, hashKey(key)));
    expect(row?.lastUsedIp).toBe('203.0.113.77');
  });
});
