import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { COMMAND_TIMEOUT_MS } from '@sbuilding/shared';
import { createTestApp, type TestApp } from '../../test/app.js';
import { insertDevice, type TestDevice } from '../../test/devices.js';
import { as, createTenant } from '../../test/tenants.js';
import { startEmbeddedBroker, type EmbeddedBroker } from '../../mqtt/broker.js';
import { DeviceDirectory } from '../../mqtt/directory.js';
import { TelemetryWriter } from '../telemetry/writer.js';
import { deviceGroupMembers, deviceGroups, deviceLatest, devices } from '../devices/tables.js';
import { controlLog } from '../commands/tables.js';
import { floors, zones } from '../buildings/tables.js';
import { telemetryRaw } from '../telemetry/tables.js';
import { automationActor, runScene } from './run.js';
import type { SceneDeps } from './service.js';
import { sceneRuns, scenes } from './tables.js';

let t: TestApp;
let broker: EmbeddedBroker;
let manager: ReturnType<typeof as>;
let managerZh: ReturnType<typeof as>;
let display: ReturnType<typeof as>;
let stranger: ReturnType<typeof as>;
let projectId: number;
let meshGateway: TestDevice;
let meshLight: TestDevice;
let offlineLight: TestDevice;
let pir: TestDevice;
let ac: TestDevice;
let group: number;
const clients: MqttClient[] = [];

async function connectGateway(token: string) {
  const client = mqtt.connect(`mqtt://127.0.0.1:${broker.port}`, { username: token, reconnectPeriod: 0 });
  clients.push(client);
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('error', reject);
  });
  // A Bluetooth gateway answering for its mesh devices.
  client.on('message', (topic, payload) => {
    if (topic !== 'v1/gateway/rpc') return;
    const body: { device: string; data: { id: number } } = JSON.parse(payload.toString());
    client.publish(
      'v1/gateway/rpc',
      JSON.stringify({ device: body.device, id: body.data.id, data: { success: true } }),
      { qos: 1 },
    );
  });
  await client.subscribeAsync('v1/gateway/rpc', { qos: 1 });
}

const deps = (): SceneDeps => ({
  db: t.app.db,
  channel: t.app.deviceChannel,
  log: t.app.controlLog,
  commandTimeoutMs: COMMAND_TIMEOUT_MS,
});

function lightScene(overrides: Record<string, unknown> = {}) {
  return {
    projectId,
    name: `Lights off ${Math.random().toString(36).slice(2, 8)}`,
    triggerType: 'device',
    category: 'light',
    conditions: [{ source: 'device', deviceId: pir.id, property: 'pir', operator: 'equal', value: 0 }],
    targets: [{ kind: 'device', id: meshLight.id }],
    actions: [{ method: 'setOnOff', params: { onOff: false } }],
    ...overrides,
  };
}

async function create(body: object) {
  const res = await manager('PUT', '/sbuilding/scene/create', body);
  if (res.statusCode !== 200) throw new Error(`create failed: ${res.body}`);
  return res.json().data as { id: number; version: number; name: string };
}

beforeAll(async () => {
  t = await createTestApp({ captchaEnabled: false });
  const db = t.app.db;
  broker = await startEmbeddedBroker({
    port: 0,
    host: '127.0.0.1',
    log: t.app.log,
    directory: new DeviceDirectory(db),
    writer: new TelemetryWriter(db),
  });
  t.app.deviceChannel = broker;
  manager = as(t, await t.login('manager', 'manager123'));
  managerZh = as(t, await t.login('manager', 'manager123'), 'ZH');
  display = as(t, await t.login('display', 'display123'));
  await createTenant(t, 'Other tenant', [{ username: 'otheradmin', role: 'tbAdmin' }]);
  stranger = as(t, await t.login('otheradmin', 'otheradmin123'));
  meshGateway = await insertDevice(db, { model: 'ba', name: 'Scene mesh gateway' });
  meshLight = await insertDevice(db, { model: 's2', name: 'Scene light', parentId: meshGateway.id });
  offlineLight = await insertDevice(db, { model: 's2', name: 'Scene lonely light', parentId: null });
  pir = await insertDevice(db, { model: 'pir10', name: 'Scene PIR' });
  const acGateway = await insertDevice(db, { model: 'cc10', name: 'Scene AC gateway' });
  ac = await insertDevice(db, { model: 'ac20', name: 'Scene AC', parentId: acGateway.id });
  const [row] = await db.select().from(devices).where(eq(devices.id, meshLight.id));
  projectId = row!.projectId;
  const [g] = await db
    .insert(deviceGroups)
    .values({ tenantId: row!.tenantId, projectId, name: 'Scene lights', category: 'light' })
    .returning();
  group = g!.id;
  await db.insert(deviceGroupMembers).values([
    { groupId: group, deviceId: meshLight.id, sort: 0 },
    { groupId: group, deviceId: offlineLight.id, sort: 1 },
  ]);
  await db.insert(deviceLatest).values({ deviceId: pir.id, key: 'pir', value: 0, ts: new Date() });
  await connectGateway(meshGateway.accessToken);
});
afterAll(async () => {
  await Promise.all(clients.filter((c) => c.connected).map((c) => c.endAsync(true)));
  await broker.close();
  await t.close();
});

describe('validation (spec section 5)', () => {
  const msg = async (body: object, who = manager) => {
    const res = await who('PUT', '/sbuilding/scene/create', body);
    expect(res.statusCode).toBe(400);
    return res.json().msg as string;
  };

  it('answers each rule with its message', async () => {
    expect(
      await msg(lightScene({ triggerType: 'timing', executionTimes: ['08:00', '09:00', '08:00'] })),
    ).toBe('ExecuteTime is exist !');
    expect(await msg(lightScene({ actions: [] }))).toBe('Execute Action is required!');
    expect(await msg(lightScene({ targets: [] }))).toBe('Select Target!');
    expect(await msg(lightScene({ effectiveStart: '2026-05-02', effectiveEnd: '2026-05-01' }))).toBe(
      'End date cannot be earlier than start date',
    );
    expect(
      await msg(
        lightScene({ conditions: [{ source: 'device', deviceId: pir.id, operator: 'equal', value: 0 }] }),
      ),
    ).toBe('Property is required');
    expect(
      await msg(
        lightScene({ conditions: [{ source: 'device', deviceId: pir.id, property: 'pir', value: 0 }] }),
      ),
    ).toBe('Operator is required');
    expect(
      await msg(
        lightScene({
          conditions: [{ source: 'device', deviceId: pir.id, property: 'pir', operator: 'equal' }],
        }),
      ),
    ).toBe('Value is required');
  });

  it('answers in Chinese too', async () => {
    expect(await msg(lightScene({ actions: [] }), managerZh)).toBe('请设置执行动作！');
    expect(await msg(lightScene({ targets: [] }), managerZh)).toBe('请选择目标！');
  });

  it('refuses targets of another category than the scene', async () => {
    expect(await msg(lightScene({ targets: [{ kind: 'device', id: ac.id }] }))).toBe(
      'Select the same category device',
    );
    expect(
      await msg(
        lightScene({
          targets: [
            { kind: 'device', id: meshLight.id },
            { kind: 'device', id: ac.id },
          ],
        }),
      ),
    ).toBe('Select the same category device');
  });

  it("checks actions against each target device's model", async () => {
    const m = await msg(
      lightScene({ actions: [{ method: 'setBrightness', params: { lightnessLevel: 999 } }] }),
    );
    expect(m).toBe('Value must be between 0 and 255');
  });
});

describe('CRUD', () => {
  it('creates, reads, lists with the last run, saves with the version, enables and disables, deletes', async () => {
    const created = await create(
      lightScene({ name: 'Corridor empty', targets: [{ kind: 'group', id: group }] }),
    );
    const got = await manager('GET', `/sbuilding/scene/${created.id}`);
    expect(got.json().data).toMatchObject({
      name: 'Corridor empty',
      enabled: true,
      triggerType: 'device',
      relationship: 'all',
      targets: [{ kind: 'group', id: group, name: 'Scene lights' }],
      lastRun: null,
      version: 1,
    });

    const list = await manager('POST', '/sbuilding/scene/getList', { projectId, name: 'corridor' });
    expect(list.json().data).toMatchObject({ total: 1, rows: [{ id: created.id }] });

    const body = { ...lightScene({ name: 'Corridor empty 10 min', vacantTimeoutMinutes: 0 }), version: 1 };
    const { projectId: _p, ...save } = body;
    const saved = await manager('POST', `/sbuilding/scene/save/${created.id}`, save);
    expect(saved.json().data).toMatchObject({ name: 'Corridor empty 10 min', version: 2 });
    const stale = await manager('POST', `/sbuilding/scene/save/${created.id}`, save);
    expect(stale.statusCode).toBe(409);

    const dup = await manager(
      'PUT',
      '/sbuilding/scene/create',
      lightScene({ name: 'Corridor empty 10 min' }),
    );
    expect(dup.json().msg).toBe('The project already has a scene named [Corridor empty 10 min]');

    const off = await manager('POST', `/sbuilding/scene/enable/${created.id}`, { enabled: false });
    expect(off.json().data.enabled).toBe(false);
    const on = await manager('POST', `/sbuilding/scene/enable/${created.id}`, { enabled: true });
    expect(on.json().data.enabled).toBe(true);

    expect((await manager('DELETE', `/sbuilding/scene/${created.id}`)).statusCode).toBe(200);
    expect((await manager('GET', `/sbuilding/scene/${created.id}`)).statusCode).toBe(404);
  });

  it('is for project administrators: a display screen is refused', async () => {
    const res = await display('POST', '/sbuilding/scene/getList', { projectId });
    expect(res.statusCode).toBe(403);
  });

  it("keeps tenants apart: another tenant's admin sees no scene, no target and no project of this one", async () => {
    const scene = await create(lightScene());
    for (const [method, url, body] of [
      ['GET', `/sbuilding/scene/${scene.id}`, undefined],
      ['POST', `/sbuilding/scene/explain/${scene.id}`, undefined],
      ['POST', `/sbuilding/scene/execute/${scene.id}`, undefined],
      ['POST', `/sbuilding/scene/enable/${scene.id}`, { enabled: false }],
      ['DELETE', `/sbuilding/scene/${scene.id}`, undefined],
      ['POST', '/sbuilding/scene/getList', { projectId }],
      ['POST', '/sbuilding/scene/runs', { projectId }],
      ['PUT', '/sbuilding/scene/create', lightScene()],
    ] as const) {
      const res = await stranger(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const [still] = await t.app.db.select().from(scenes).where(eq(scenes.id, scene.id));
    expect(still?.enabled).toBe(true);
  });
});

describe('explain', () => {
  it('answers each condition with its live value and the commands it would send, sending nothing', async () => {
    const scene = await create(lightScene({ targets: [{ kind: 'group', id: group }] }));
    await t.app.controlLog.flushed();
    const before = await t.app.db.select().from(controlLog);
    const res = await manager('POST', `/sbuilding/scene/explain/${scene.id}`);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ decision: 'run', reason: null });
    expect(data.conditions).toEqual([
      expect.objectContaining({
        deviceId: pir.id,
        property: 'pir',
        live: 0,
        holds: true,
        liveAt: expect.any(String),
      }),
    ]);
    expect(data.commands).toEqual([
      expect.objectContaining({ deviceId: meshLight.id, method: 'setOnOff', params: { onOff: false } }),
      expect.objectContaining({ deviceId: offlineLight.id, method: 'setOnOff' }),
    ]);
    await t.app.controlLog.flushed();
    expect(await t.app.db.select().from(controlLog)).toHaveLength(before.length);
    expect(await t.app.db.select().from(sceneRuns).where(eq(sceneRuns.sceneId, scene.id))).toHaveLength(0);
  });

  it('says why it would not run', async () => {
    const scene = await create(
      lightScene({
        conditions: [{ source: 'device', deviceId: pir.id, property: 'pir', operator: 'equal', value: 1 }],
      }),
    );
    const data = (await manager('POST', `/sbuilding/scene/explain/${scene.id}`)).json().data;
    expect(data).toMatchObject({ decision: 'skip', reason: 'conditionFalse' });
    expect(data.checks).toContainEqual(
      expect.objectContaining({
        code: 'conditionFalse',
        ok: false,
        detail: expect.objectContaining({ live: 0 }),
      }),
    );
  });
});

describe('execute now', () => {
  it('sends through the command path, records the run with each device result and control-log lines', async () => {
    const scene = await create(lightScene({ name: 'Both lights', targets: [{ kind: 'group', id: group }] }));
    const res = await manager('POST', `/sbuilding/scene/execute/${scene.id}`);
    expect(res.statusCode).toBe(200);
    const run = res.json().data;
    expect(run).toMatchObject({ trigger: 'manual', outcome: 'failed', reason: 'commandFailed' });
    expect(run.commands).toEqual([
      expect.objectContaining({ deviceId: meshLight.id, result: 'success', targetKind: 'group' }),
      expect.objectContaining({
        deviceId: offlineLight.id,
        result: 'unreachable',
        message: 'Unable to access device',
      }),
    ]);
    await t.app.controlLog.flushed();
    const lines = await t.app.db
      .select()
      .from(controlLog)
      .where(and(eq(controlLog.terminal, 'control'), eq(controlLog.groupId, group)));
    expect(lines.map((l) => [l.deviceId, l.result, l.userName])).toEqual(
      expect.arrayContaining([
        [meshLight.id, 'success', 'manager'],
        [offlineLight.id, 'unreachable', 'manager'],
      ]),
    );

    const log = await manager('POST', '/sbuilding/scene/runs', { projectId, sceneId: scene.id });
    expect(log.json().data).toMatchObject({ total: 1, rows: [{ id: run.id, outcome: 'failed' }] });
    const list = await manager('POST', '/sbuilding/scene/getList', { projectId, name: 'Both lights' });
    expect(list.json().data.rows[0].lastRun).toMatchObject({
      id: run.id,
      outcome: 'failed',
      reason: 'commandFailed',
    });
  });

  it('runs a scene whose devices all answer, even when its conditions do not hold (the operator asked)', async () => {
    const scene = await create(
      lightScene({
        conditions: [{ source: 'device', deviceId: pir.id, property: 'pir', operator: 'equal', value: 1 }],
      }),
    );
    const run = (await manager('POST', `/sbuilding/scene/execute/${scene.id}`)).json().data;
    expect(run).toMatchObject({ outcome: 'ran', reason: null });
    expect(run.detail.checks).toContainEqual(expect.objectContaining({ code: 'conditionFalse', ok: false }));
  });
});

describe('automatic runs', () => {
  it('records a skip with its reason and sends nothing', async () => {
    const created = await create(
      lightScene({
        conditions: [{ source: 'device', deviceId: pir.id, property: 'pir', operator: 'equal', value: 1 }],
      }),
    );
    const [row] = await t.app.db.select().from(scenes).where(eq(scenes.id, created.id));
    const run = await runScene(deps(), row!, automationActor(row!), 'device', new Date());
    expect(run).toMatchObject({ outcome: 'skipped', reason: 'conditionFalse', commands: [] });
  });

  it('acts as no user: the control log names the scene, terminal control', async () => {
    const created = await create(lightScene({ name: 'Automatic off' }));
    const [row] = await t.app.db.select().from(scenes).where(eq(scenes.id, created.id));
    const run = await runScene(deps(), row!, automationActor(row!), 'device', new Date());
    expect(run).toMatchObject({ outcome: 'ran' });
    await t.app.controlLog.flushed();
    const [line] = await t.app.db
      .select()
      .from(controlLog)
      .where(and(eq(controlLog.userName, 'Automatic off'), eq(controlLog.deviceId, meshLight.id)));
    expect(line).toMatchObject({ terminal: 'control', userId: null, result: 'success' });
  });

  it('a due time is recorded once: the second claim of the same execution time is refused', async () => {
    const created = await create(
      lightScene({ triggerType: 'timing', conditions: [], executionTimes: ['03:00'], name: 'Night off' }),
    );
    const [row] = await t.app.db.select().from(scenes).where(eq(scenes.id, created.id));
    const dueAt = new Date('2026-03-16T19:00:00Z'); // 03:00 in Shanghai
    const first = await runScene(deps(), row!, automationActor(row!), 'timing', dueAt, { dueAt });
    const second = await runScene(deps(), row!, automationActor(row!), 'timing', dueAt, { dueAt });
    expect(first).toMatchObject({ outcome: 'ran' });
    expect(second).toBeNull();
  });
});

describe('what the engine reads from the building', () => {
  const explain = async (body: Record<string, unknown>) => {
    const scene = await create(lightScene({ triggerType: 'manual', conditions: [], ...body }));
    return (await manager('POST', `/sbuilding/scene/explain/${scene.id}`)).json().data as {
      decision: string;
      reason: string | null;
      checks: { code: string; ok: boolean; detail: Record<string, unknown> }[];
      conditions: { live: number | null; holds: boolean; liveAt: string | null }[];
    };
  };
  const check = (data: Awaited<ReturnType<typeof explain>>, code: string) =>
    data.checks.find((c) => c.code === code);

  it("vacant timeout: the zone's occupancy sensors, since the last time one saw someone", async () => {
    const db = t.app.db;
    const [floor] = await db.select().from(floors).limit(1);
    const [zone] = await db
      .insert(zones)
      .values({ tenantId: floor!.tenantId, floorId: floor!.id, name: 'Scene meeting room', type: 'office' })
      .returning();
    const sensor = await insertDevice(db, { model: 'pir10', name: 'Meeting room PIR' });
    await db.update(devices).set({ zoneId: zone!.id }).where(eq(devices.id, sensor.id));
    const now = Date.now();
    const ago = (minutes: number) => new Date(now - minutes * 60_000);
    await db.insert(telemetryRaw).values([
      { deviceId: sensor.id, key: 'pir', ts: ago(20), num: 1 },
      { deviceId: sensor.id, key: 'pir', ts: ago(15), num: 0 },
    ]);
    await db.insert(deviceLatest).values({ deviceId: sensor.id, key: 'pir', value: 0, ts: ago(15) });

    const vacant = await explain({ zoneId: zone!.id, vacantTimeoutMinutes: 10 });
    expect(check(vacant, 'vacantTimeout')).toMatchObject({ ok: true, detail: { vacantMinutes: 20 } });
    const notYet = await explain({ zoneId: zone!.id, vacantTimeoutMinutes: 30 });
    expect(notYet).toMatchObject({ decision: 'skip', reason: 'vacantTimeout' });

    await db
      .update(deviceLatest)
      .set({ value: 1, ts: ago(1) })
      .where(and(eq(deviceLatest.deviceId, sensor.id), eq(deviceLatest.key, 'pir')));
    const occupied = await explain({ zoneId: zone!.id, vacantTimeoutMinutes: 10 });
    expect(check(occupied, 'vacantTimeout')).toMatchObject({ ok: false, detail: { vacantSince: null } });
  });

  it('manual timeout: the last switch of a target by anything but automation', async () => {
    const db = t.app.db;
    await t.app.controlLog.flushed();
    const [device] = await db.select().from(devices).where(eq(devices.id, offlineLight.id));
    await db.insert(controlLog).values({
      tenantId: device!.tenantId,
      projectId: device!.projectId,
      deviceId: offlineLight.id,
      deviceName: offlineLight.name,
      userName: 'someone',
      terminal: 'lsPanel',
      method: 'setOnOff',
      params: { onOff: true },
      result: 'success',
      createdAt: new Date(Date.now() - 5 * 60_000),
    });
    const data = await explain({
      targets: [{ kind: 'device', id: offlineLight.id }],
      manualTimeoutMinutes: 30,
    });
    expect(data).toMatchObject({ decision: 'skip', reason: 'manualTimeout' });
    expect(check(data, 'manualTimeout')?.detail.lastManualAt).toEqual(expect.any(String));
    const short = await explain({
      targets: [{ kind: 'device', id: offlineLight.id }],
      manualTimeoutMinutes: 4,
    });
    expect(check(short, 'manualTimeout')?.ok).toBe(true);
  });

  it("local weather at the project's buildings (the offline provider)", async () => {
    const data = await explain({
      triggerType: 'weather',
      conditions: [{ source: 'weather', property: 'temperature', operator: 'within', value: [-60, 60] }],
    });
    expect(data.conditions[0]).toMatchObject({
      holds: true,
      live: expect.any(Number),
      liveAt: expect.any(String),
    });
  });
});
