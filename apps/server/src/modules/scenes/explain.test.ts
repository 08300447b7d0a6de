import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app.js';
import { insertDevice, type TestDevice } from '../../test/devices.js';
import { as } from '../../test/tenants.js';
import type { Scope } from '../../platform/tenancy.js';
import { controlLog } from '../commands/tables.js';
import { deviceGroupMembers, deviceGroups, deviceLatest, devices } from '../devices/tables.js';
import { explainScene } from './evaluate.js';
import { sceneRuns, scenes } from './tables.js';

/*
 * "What would happen now", per target device: what it would do, or why not (already in that state, its
 * gateway or itself unreachable, the catalogue refusing the command for its model, a person's switch within
 * the manual timeout), and whether a device trigger is armed. The connection test is injected (`reachable`),
 * as the route passes the device link's.
 */
const adminScope: Scope = {
  userId: 1,
  tenantId: null,
  roles: ['admin'],
  permissions: ['*:*:*'],
  isAdmin: true,
};
let t: TestApp;
let manager: ReturnType<typeof as>;
let projectId: number;
let tenantId: number;
const connected = new Set<number>();
const reachable = (id: number) => connected.has(id);

async function latest(device: TestDevice, values: Record<string, string | number | boolean>) {
  for (const [key, value] of Object.entries(values)) {
    await t.app.db
      .insert(deviceLatest)
      .values({ deviceId: device.id, key, value, ts: new Date() })
      .onConflictDoUpdate({ target: [deviceLatest.deviceId, deviceLatest.key], set: { value } });
  }
}

async function create(body: Record<string, unknown>): Promise<number> {
  const res = await manager('PUT', '/sbuilding/scene/create', { projectId, category: 'light', ...body });
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().data.id;
}

beforeAll(async () => {
  t = await createTestApp({ captchaEnabled: false });
  manager = as(t, await t.login('manager', 'manager123'));
  const probe = await insertDevice(t.app.db, { model: 's2', name: 'Explain probe' });
  const [row] = await t.app.db.select().from(devices).where(eq(devices.id, probe.id));
  projectId = row!.projectId;
  tenantId = row!.tenantId;
});
afterAll(async () => {
  await t.close();
});

describe('explain per target', () => {
  it('says for each device what it would do, or why not', async () => {
    const db = t.app.db;
    const on = await insertDevice(db, { model: 's2', name: 'Explain on' });
    const off = await insertDevice(db, { model: 's2', name: 'Explain already off' });
    const gateway = await insertDevice(db, { model: 'ba', name: 'Explain gateway' });
    const behind = await insertDevice(db, { model: 'e90', name: 'Explain behind', parentId: gateway.id });
    const lost = await insertDevice(db, { model: 's2', name: 'Explain lost' });
    const touched = await insertDevice(db, { model: 's2', name: 'Explain touched' });
    for (const d of [on, off, lost, touched, behind]) await latest(d, { onOff: true });
    await latest(off, { onOff: false });
    for (const d of [on, off, touched]) connected.add(d.id);
    // The gateway is not connected; neither is 'lost'.
    await db.insert(controlLog).values({
      tenantId,
      projectId,
      deviceId: touched.id,
      deviceName: touched.name,
      userName: 'someone',
      terminal: 'app',
      method: 'setOnOff',
      params: { onOff: true },
      result: 'success',
    });
    const id = await create({
      name: 'Explain lights off',
      triggerType: 'manual',
      manualTimeoutMinutes: 30,
      targets: [on, off, behind, lost, touched].map((d) => ({ kind: 'device', id: d.id })),
      actions: [{ method: 'setOnOff', params: { onOff: false } }],
    });
    const explained = await explainScene(db, adminScope, id, new Date(), undefined, reachable);
    const statuses = Object.fromEntries(explained.targets.map((x) => [x.deviceName, x.status]));
    expect(statuses).toEqual({
      'Explain on': 'wouldSet',
      'Explain already off': 'alreadySet',
      'Explain behind': 'gatewayUnreachable',
      'Explain lost': 'deviceUnreachable',
      'Explain touched': 'manualOverride',
    });
    const detail = (name: string) => explained.targets.find((x) => x.deviceName === name)?.detail;
    expect(detail('Explain behind')).toEqual({ gatewayId: gateway.id, gatewayName: 'Explain gateway' });
    expect(detail('Explain already off')).toEqual({ live: { onOff: false } });
    expect(detail('Explain touched')).toMatchObject({ terminal: 'app', manualTimeoutMinutes: 30 });
    expect(explained.trigger).toBeNull();

    // A group's light whose model takes no colour temperature: the catalogue refuses it (notPermitted).
    const [group] = await db
      .insert(deviceGroups)
      .values({ tenantId, projectId, name: 'Explain mixed lights', category: 'light' })
      .returning();
    if (!group) throw new Error('no group');
    await db.insert(deviceGroupMembers).values([
      { groupId: group.id, deviceId: on.id, sort: 0 },
      { groupId: group.id, deviceId: behind.id, sort: 1 },
    ]);
    const warm = await create({
      name: 'Explain warm white',
      triggerType: 'manual',
      targets: [{ kind: 'group', id: group.id }],
      actions: [{ method: 'setColorTemp', params: { colorTemp: 3000 } }],
    });
    const mixed = await explainScene(db, adminScope, warm, new Date(), undefined, reachable);
    expect(mixed.targets.map((x) => [x.deviceName, x.status])).toEqual([
      ['Explain on', 'wouldSet'],
      ['Explain behind', 'notPermitted'],
    ]);
  });

  it('says whether a device trigger is armed: a scene that ran waits until its conditions stop holding', async () => {
    const db = t.app.db;
    const pir = await insertDevice(db, { model: 'pir10', name: 'Explain PIR' });
    const light = await insertDevice(db, { model: 's2', name: 'Explain corridor' });
    connected.add(light.id);
    await latest(pir, { pir: 0 });
    await latest(light, { onOff: true });
    const id = await create({
      name: 'Explain empty corridor',
      triggerType: 'device',
      conditions: [{ source: 'device', deviceId: pir.id, property: 'pir', operator: 'equal', value: 0 }],
      targets: [{ kind: 'device', id: light.id }],
      actions: [{ method: 'setOnOff', params: { onOff: false } }],
    });
    const now = new Date();
    const armed = await explainScene(db, adminScope, id, now, undefined, reachable);
    expect(armed).toMatchObject({ decision: 'run', trigger: { armed: true, conditionsHold: true } });

    // It ran in this holding period (the conditions have held since a minute ago).
    const since = new Date(now.getTime() - 60_000);
    await db.update(scenes).set({ conditionsSince: since }).where(eq(scenes.id, id));
    await db.insert(sceneRuns).values({
      tenantId,
      projectId,
      sceneId: id,
      sceneName: 'Explain empty corridor',
      trigger: 'device',
      outcome: 'ran',
      dueAt: since,
      startedAt: new Date(now.getTime() - 30_000),
    });
    const waiting = await explainScene(db, adminScope, id, now, undefined, reachable);
    expect(waiting).toMatchObject({
      decision: 'skip',
      reason: 'triggerNotArmed',
      trigger: { armed: false, conditionsHold: true, conditionsSince: since.toISOString() },
    });

    // The conditions stop holding: armed again (and it would not run now: condition false).
    await latest(pir, { pir: 1 });
    const rearmed = await explainScene(db, adminScope, id, now, undefined, reachable);
    expect(rearmed).toMatchObject({ decision: 'skip', reason: 'conditionFalse', trigger: { armed: true } });
  });
});
