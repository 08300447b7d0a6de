import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import type { ApiKey } from '@sbuilding/shared';
import { createTestApp, type TestApp } from '../../test/app.js';
import { insertDevice, type TestDevice } from '../../test/devices.js';
import { as, createTenant } from '../../test/tenants.js';
import { demoProjectId } from '../../test/device-import.js';
import { startEmbeddedBroker, type EmbeddedBroker } from '../../mqtt/broker.js';
import { DeviceDirectory } from '../../mqtt/directory.js';
import { TelemetryWriter } from '../telemetry/writer.js';
import { projects, users } from '../../test/schema.js';
import { apiKeys } from './tables.js';

const RATE = 40;
let t: TestApp;
let broker: EmbeddedBroker;
let manager: ReturnType<typeof as>;
let customer: ReturnType<typeof as>;
let stranger: ReturnType<typeof as>;
let projectId: number;
let otherProjectId: number;
let device: TestDevice;
let client: MqttClient;

async function createKey(
  caller: ReturnType<typeof as>,
  body: Record<string, unknown>,
): Promise<{ id: number; key: string }> {
  const res = await caller('PUT', '/sbuilding/api-key/create', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { id: number; key: string } }>().data;
}

/** `app.inject` with an API key, from a given address. */
function withKey(key: string, ip = '203.0.113.7') {
  return (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      remoteAddress: ip,
      headers: { authorization: `Bearer ${key}`, lang: 'EN' },
      ...(payload === undefined ? {} : { payload }),
    });
}

async function listKeys(caller: ReturnType<typeof as>, body: object = {}): Promise<ApiKey[]> {
  const res = await caller('POST', '/sbuilding/api-key/getList', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { rows: ApiKey[] } }>().data.rows;
}

beforeAll(async () => {
  t = await createTestApp({ captchaEnabled: true, env: { API_KEY_RATE_LIMIT: String(RATE) } });
  broker = await startEmbeddedBroker({
    port: 0,
    host: '127.0.0.1',
    log: t.app.log,
    directory: new DeviceDirectory(t.app.db),
    writer: new TelemetryWriter(t.app.db),
  });
  t.app.deviceChannel = broker;
  const managerToken = await t.login('manager', 'manager123');
  manager = as(t, managerToken);
  customer = as(t, await t.login('customer', 'customer123'));
  await createTenant(t, 'Other tenant', [{ username: 'otheradmin', role: 'tbAdmin' }]);
  stranger = as(t, await t.login('otheradmin', 'otheradmin123'));
  projectId = await demoProjectId(t, managerToken);
  const created = await manager('PUT', '/sbuilding/project/create', {
    projectName: 'Second site',
    status: 'new',
    address: 'Somewhere 1',
  });
  expect(created.statusCode, created.body).toBe(200);
  otherProjectId = created.json<{ data: { id: number } }>().data.id;
  device = await insertDevice(t.app.db, { model: 'gw4g', name: 'Key-driven gateway' });
  client = mqtt.connect(`mqtt://127.0.0.1:${broker.port}`, {
    username: device.accessToken,
    reconnectPeriod: 0,
  });
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('error', reject);
  });
  client.on('message', (topic) => {
    client.publish(topic.replace('/request/', '/response/'), JSON.stringify({ success: true }), { qos: 1 });
  });
  await client.subscribeAsync(['v1/devices/me/rpc/request/+'], { qos: 1 });
});

afterAll(async () => {
  await client.endAsync(true);
  await broker.close();
  await t.close();
});

describe('creating and listing API keys', () => {
  it('answers the key once, recognisable by its prefix, and keeps only its hash', async () => {
    const { id, key } = await createKey(manager, { name: 'BMS sync', access: 'read' });
    expect(key).toMatch(/^sbk_[A-Za-z0-9_-]{8}_[A-Za-z0-9_-]{43}$/);
    const [row] = await t.app.db.select().from(apiKeys).where(eq(apiKeys.id, id));
    expect(row?.keyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(key.slice(13));
    // 90 days unless chosen.
    const days = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 86_400_000;
    expect(days).toBe(90);

    const listed = (await listKeys(manager)).find((k) => k.id === id);
    expect(listed).toMatchObject({
      name: 'BMS sync',
      access: 'read',
      projectIds: [],
      prefix: `${key.slice(0, 12)}…`,
      lastUsedAt: null,
      lastUsedIp: null,
      userName: 'manager',
      createdBy: 'manager',
    });
    expect(JSON.stringify(listed)).not.toContain(key.slice(13));
  });

  it('refuses an expiry past a year and names the field', async () => {
    const res = await manager('PUT', '/sbuilding/api-key/create', {
      name: 'Too long',
      access: 'read',
      expiresInDays: 366,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('Valid for (days)');
  });

  it("refuses projects the key's user cannot see (404)", async () => {
    const [foreign] = await t.app.db
      .insert(projects)
      .values({
        tenantId: (await tenantOf('otheradmin'))!,
        projectName: 'Not yours',
        status: 'new',
        address: 'x',
      })
      .returning({ id: projects.id });
    const res = await manager('PUT', '/sbuilding/api-key/create', {
      name: 'Sneaky',
      access: 'read',
      projectIds: [foreign!.id],
    });
    expect(res.statusCode).toBe(404);
  });

  it('shows when and from where a key was last used', async () => {
    const { id, key } = await createKey(manager, { name: 'Warehouse', access: 'read' });
    const res = await withKey(key, '198.51.100.23')('POST', '/sbuilding/project/getList', {});
    expect(res.statusCode, res.body).toBe(200);
    const listed = (await listKeys(manager)).find((k) => k.id === id);
    expect(listed?.lastUsedIp).toBe('198.51.100.23');
    expect(Date.now() - Date.parse(listed!.lastUsedAt!)).toBeLessThan(60_000);
  });
});

describe('calling with an API key', () => {
  it('needs no captcha and no session: the key alone reads what its user reads', async () => {
    const { key } = await createKey(manager, { name: 'Reader', access: 'read' });
    const res = await withKey(key)('POST', '/sbuilding/project/getList', {});
    expect(res.statusCode, res.body).toBe(200);
    const names = res
      .json<{ data: { rows: { projectName: string }[] } }>()
      .data.rows.map((p) => p.projectName);
    expect(names).toEqual(expect.arrayContaining(['Second site']));
    expect((await withKey(key)('GET', '/getInfo')).json().data.user.userName).toBe('manager');
  });

  it('refuses writes with a read-only key (403), lists and reads pass', async () => {
    const { key } = await createKey(manager, { name: 'Read only', access: 'read' });
    const call = withKey(key);
    const write = await call('POST', '/sbuilding/dev-rpccmd/sendCmd', {
      deviceId: device.id,
      method: 'reboot',
    });
    expect(write.statusCode).toBe(403);
    expect(write.json().msg).toBe('This API key is read-only');
    const create = await call('PUT', '/sbuilding/project/create', {
      projectName: 'x',
      status: 'new',
      address: 'y',
    });
    expect(create.statusCode).toBe(403);
    expect((await call('DELETE', `/sbuilding/project/del/${otherProjectId}`)).statusCode).toBe(403);
    expect((await call('POST', '/sbuilding/control-log/getList', { projectId })).statusCode).toBe(200);
    expect((await call('GET', `/sbuilding/device/getDeviceInfoById/${device.id}`)).statusCode).toBe(200);
  });

  it("answers 404 for another project's ids with a project-limited key", async () => {
    const { key } = await createKey(manager, {
      name: 'Second only',
      access: 'readWrite',
      projectIds: [otherProjectId],
    });
    const call = withKey(key);
    expect((await call('GET', `/sbuilding/project/${projectId}`)).statusCode).toBe(404);
    expect((await call('GET', `/sbuilding/project/${otherProjectId}`)).statusCode).toBe(200);
    // The demo project's device, by its own id and through a projectId in a body.
    expect((await call('GET', `/sbuilding/device/getDeviceInfoById/${device.id}`)).statusCode).toBe(404);
    expect((await call('POST', '/sbuilding/control-log/getList', { projectId })).statusCode).toBe(404);
    const send = await call('POST', '/sbuilding/dev-rpccmd/sendCmd', {
      deviceId: device.id,
      method: 'reboot',
    });
    expect(send.statusCode).toBe(404);
    const list = await call('POST', '/sbuilding/project/getList', {});
    const ids = list.json<{ data: { rows: { id: number }[] } }>().data.rows.map((p) => p.id);
    expect(ids).toEqual([otherProjectId]);
    const devicesRes = await call('POST', '/sbuilding/device/getList', {});
    expect(devicesRes.statusCode, devicesRes.body).toBe(200);
    expect(devicesRes.json<{ data: { total: number } }>().data.total).toBe(0);
  });

  it('logs a command sent with a key with the terminal source remote and the key name', async () => {
    const { key } = await createKey(manager, { name: 'Campus app', access: 'readWrite' });
    const res = await withKey(key)('POST', '/sbuilding/dev-rpccmd/sendCmd', {
      deviceId: device.id,
      method: 'reboot',
      terminal: 'admin',
    });
    expect(res.statusCode, res.body).toBe(200);
    const log = await manager('POST', '/sbuilding/control-log/getList', { projectId, deviceId: device.id });
    const [entry] = log.json<{ data: { rows: { terminal: string; userName: string }[] } }>().data.rows;
    expect(entry).toMatchObject({ terminal: 'remote', userName: 'manager [Campus app]' });
  });

  it('never gives more than its user may do: a customer key cannot write what customers cannot', async () => {
    const { key } = await createKey(customer, { name: 'Customer script', access: 'readWrite' });
    const res = await withKey(key)('PUT', '/sbuilding/project/create', {
      projectName: 'x',
      status: 'new',
      address: 'y',
    });
    expect(res.statusCode).toBe(403);
  });

  it('cannot sign out, change the password or manage keys (a session only)', async () => {
    const { key } = await createKey(manager, { name: 'Limited', access: 'readWrite' });
    const call = withKey(key);
    expect((await call('POST', '/logout')).statusCode).toBe(403);
    expect(
      (
        await call('PUT', '/system/user/profile/updatePwd', {
          oldPassword: 'manager123',
          newPassword: 'x123456',
        })
      ).statusCode,
    ).toBe(403);
    const made = await call('PUT', '/sbuilding/api-key/create', { name: 'Child', access: 'read' });
    expect(made.statusCode).toBe(403);
    expect(made.json().msg).toBe('This operation needs a signed-in session, not an API key');
  });
});

describe('keys that no longer work (401)', () => {
  it('an unknown key', async () => {
    const res = await withKey('sbk_AAAAAAAA_notakeyatallnotakeyatallnotakeyatallnot')('GET', '/getInfo');
    expect(res.statusCode).toBe(401);
  });

  it('an expired key', async () => {
    const { id, key } = await createKey(manager, { name: 'Old', access: 'read' });
    await t.app.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, id));
    expect((await withKey(key)('GET', '/getInfo')).statusCode).toBe(401);
  });

  it('a revoked key, at once', async () => {
    const { id, key } = await createKey(manager, { name: 'Revoked', access: 'read' });
    expect((await withKey(key)('GET', '/getInfo')).statusCode).toBe(200);
    expect((await manager('DELETE', `/sbuilding/api-key/del/${id}`)).statusCode).toBe(200);
    expect((await withKey(key)('GET', '/getInfo')).statusCode).toBe(401);
    expect((await listKeys(manager)).some((k) => k.id === id)).toBe(false);
  });

  it("a blacklisted user's keys", async () => {
    const { key } = await createKey(customer, { name: 'Soon blacklisted', access: 'read' });
    expect((await withKey(key)('GET', '/getInfo')).statusCode).toBe(200);
    const [row] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.username, 'customer'));
    const res = await manager('POST', `/sbuilding/user/blacklist/${row!.id}`, { blacklisted: true });
    expect(res.statusCode, res.body).toBe(200);
    expect((await withKey(key)('GET', '/getInfo')).statusCode).toBe(401);
    await manager('POST', `/sbuilding/user/blacklist/${row!.id}`, { blacklisted: false });
    expect((await withKey(key)('GET', '/getInfo')).statusCode).toBe(200);
    // Blacklisting ended the customer's sessions too: sign in again for the tests after this one.
    customer = as(t, await t.login('customer', 'customer123'));
  });
});

describe('rate limit', () => {
  it(`answers 429 with Retry-After past ${RATE} calls a minute, per key`, async () => {
    const { key } = await createKey(manager, { name: 'Busy', access: 'read' });
    const { key: other } = await createKey(manager, { name: 'Calm', access: 'read' });
    const statuses: number[] = [];
    let last;
    for (let i = 0; i <= RATE; i++) {
      last = await withKey(key)('GET', '/getInfo');
      statuses.push(last.statusCode);
    }
    // The window may roll over a minute boundary mid-loop; then fewer than all calls were counted in it.
    if (statuses.at(-1) === 429) {
      expect(statuses.filter((s) => s === 200)).toHaveLength(RATE);
      expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
      expect(last!.json().msg).toMatch(/at most 40 per minute/);
    } else {
      expect(statuses.every((s) => s === 200)).toBe(true);
    }
    expect((await withKey(other)('GET', '/getInfo')).statusCode).toBe(200);
  });
});

describe("managing other users' keys", () => {
  it('lets a tenant administrator make and revoke a key for a user of the tenant (a service account)', async () => {
    const [svc] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.username, 'display'));
    const { id, key } = await createKey(manager, {
      name: 'Wall screen feed',
      access: 'read',
      userId: svc!.id,
    });
    expect((await withKey(key)('GET', '/getInfo')).json().data.user.userName).toBe('display');
    const theirs = await listKeys(manager, { userId: svc!.id });
    expect(theirs.map((k) => k.id)).toEqual([id]);
    expect(theirs[0]).toMatchObject({ userName: 'display', createdBy: 'manager' });
    expect((await listKeys(manager, { all: true })).some((k) => k.id === id)).toBe(true);
    expect((await manager('DELETE', `/sbuilding/api-key/del/${id}`)).statusCode).toBe(200);
  });

  it("refuses a customer managing another user's keys (403) and another tenant's administrator (404)", async () => {
    const [mgr] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.username, 'manager'));
    const res = await customer('PUT', '/sbuilding/api-key/create', {
      name: 'x',
      access: 'read',
      userId: mgr!.id,
    });
    expect(res.statusCode).toBe(403);
    const foreign = await stranger('PUT', '/sbuilding/api-key/create', {
      name: 'x',
      access: 'read',
      userId: mgr!.id,
    });
    expect(foreign.statusCode).toBe(404);
    const { id } = await createKey(manager, { name: 'Mine', access: 'read' });
    expect((await stranger('DELETE', `/sbuilding/api-key/del/${id}`)).statusCode).toBe(404);
    expect((await customer('DELETE', `/sbuilding/api-key/del/${id}`)).statusCode).toBe(404);
    expect((await listKeys(stranger, { all: true })).some((k) => k.id === id)).toBe(false);
  });
});

async function tenantOf(username: string): Promise<number | null | undefined> {
  const [row] = await t.app.db
    .select({ tenantId: users.tenantId })
    .from(users)
    .where(eq(users.username, username));
  return row?.tenantId;
}
