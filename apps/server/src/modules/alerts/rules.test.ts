import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  alertRuleFormSchema,
  type AlertDetail,
  type AlertRule,
  type AlertRuleCreateBody,
} from '@sbuilding/shared';
import { createTestApp, type TestApp } from '../../test/app.js';
import { insertDevice } from '../../test/devices.js';
import { demoProjectId, readXlsx } from '../../test/device-import.js';
import { as, createTenant } from '../../test/tenants.js';
import { devices } from '../devices/tables.js';
import { DEMO_RULES } from '../seed/demo-rules.js';
import { alertHistory, alertRules, alerts } from './tables.js';

let t: TestApp;
let manager: ReturnType<typeof as>;
let customer: ReturnType<typeof as>;
let display: ReturnType<typeof as>;
let stranger: ReturnType<typeof as>;
let projectId: number;
let strangerProjectId: number;
/** The evaluator's clock, moved by the tests (milliseconds). */
let now: number;

beforeAll(async () => {
  t = await createTestApp({ captchaEnabled: false });
  manager = as(t, await t.login('manager', 'manager123'));
  customer = as(t, await t.login('customer', 'customer123'));
  display = as(t, await t.login('display', 'display123'));
  await createTenant(t, 'Rules other tenant', [{ username: 'rulestranger', role: 'tbAdmin' }]);
  stranger = as(t, await t.login('rulestranger', 'rulestranger123'));
  projectId = await demoProjectId(t, await t.login('manager', 'manager123'));
  const created = await stranger('PUT', '/sbuilding/project/create', {
    projectName: 'Stranger project',
    status: 'new',
    address: 'Elsewhere',
  });
  strangerProjectId = created.json<{ data: { id: number } }>().data.id;
  now = Date.UTC(2026, 10, 21, 8, 0, 0);
  t.app.ruleEvaluator.clock = () => now;
  t.app.telemetryBus.clock = () => now;
});
afterAll(() => t.close());

const MIN = 60_000;

function rule(overrides: Partial<AlertRuleCreateBody> = {}): AlertRuleCreateBody {
  return {
    projectId,
    name: 'Formaldehyde high',
    model: 'sair4g',
    telemetryKey: 'ch2o',
    operator: 'above',
    threshold: 0.1,
    durationS: 600,
    level: 'secondary',
    autoClear: true,
    clearDelayS: 60,
    deadband: 0.02,
    ...overrides,
  };
}

async function addRule(overrides: Partial<AlertRuleCreateBody> = {}): Promise<AlertRule> {
  const res = await manager('POST', '/sbuilding/alert/rule/add', rule(overrides));
  expect(res.statusCode, res.body).toBe(200);
  await t.app.ruleEvaluator.idle();
  return res.json<{ data: AlertRule }>().data;
}

/** One reading of `deviceId` arriving `at` on the evaluator's clock, then evaluated. */
async function read(deviceId: number, values: Record<string, number>, at: number) {
  now = at;
  t.app.telemetryBus.publish(
    Object.entries(values).map(([key, value]) => ({ deviceId, key, ts: at, value })),
  );
  await t.app.ruleEvaluator.idle();
}

async function alertsOf(deviceId: number) {
  return t.app.db
    .select()
    .from(alerts)
    .where(and(eq(alerts.deviceId, deviceId), eq(alerts.type, 'threshold')));
}

async function historyOf(alertId: number) {
  const rows = await t.app.db.select().from(alertHistory).where(eq(alertHistory.alertId, alertId));
  return rows.map((h) => h.note);
}

describe('alert rule calls', () => {
  it('seeds the demo campus with its three rules, each valid by the shared schema', async () => {
    const res = await customer('POST', '/sbuilding/alert/rule/getList', { projectId });
    const seeded = res
      .json<{ data: AlertRule[] }>()
      .data.filter((r) => DEMO_RULES.some((d) => d.name === r.name));
    expect(seeded.map((r) => [r.model, r.telemetryKey, r.operator, r.level]).sort()).toEqual([
      ['ammeter4g', 'power', 'above', 'urgent'],
      ['sair4g', 'co2', 'above', 'secondary'],
      ['th10', 'temperature', 'outside', 'general'],
    ]);
    for (const r of seeded) expect(alertRuleFormSchema.safeParse(r).success).toBe(true);
  });

  it('adds, lists, edits, switches and deletes a rule; a stale edit is refused with 409', async () => {
    const created = await addRule({ name: 'CRUD rule' });
    expect(created).toMatchObject({ projectId, enabled: true, thresholdHigh: null, version: 1 });

    const list = await display('POST', '/sbuilding/alert/rule/getList', { projectId });
    expect(list.statusCode).toBe(200);
    expect(list.json<{ data: AlertRule[] }>().data.map((r) => r.name)).toContain('CRUD rule');

    const { id, projectId: _p, version: _v, updatedAt: _u, ...fields } = created;
    const edited = await manager('POST', `/sbuilding/alert/rule/edit/${id}`, {
      ...fields,
      version: 1,
      operator: 'outside',
      threshold: 0.01,
      thresholdHigh: 0.2,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<{ data: AlertRule }>().data).toMatchObject({
      operator: 'outside',
      thresholdHigh: 0.2,
      version: 2,
    });

    const stale = await manager('POST', `/sbuilding/alert/rule/edit/${id}`, { ...fields, version: 1 });
    expect(stale.statusCode).toBe(409);

    const off = await manager('POST', `/sbuilding/alert/rule/enable/${id}`, { version: 2, enabled: false });
    expect(off.json<{ data: AlertRule }>().data).toMatchObject({ enabled: false, version: 3 });

    expect((await manager('DELETE', `/sbuilding/alert/rule/${id}`)).statusCode).toBe(200);
    const after = await manager('POST', '/sbuilding/alert/rule/getList', { projectId });
    expect(after.json<{ data: AlertRule[] }>().data.map((r) => r.id)).not.toContain(id);
  });

  it('refuses a key the model does not report, a range whose high is not above its low, a duration over a day', async () => {
    const wrongKey = await manager('POST', '/sbuilding/alert/rule/add', rule({ telemetryKey: 'power' }));
    expect(wrongKey.statusCode).toBe(400);
    expect(wrongKey.json().msg).toContain('Telemetry key');
    const stateKey = await manager(
      'POST',
      '/sbuilding/alert/rule/add',
      rule({ model: 'th10', telemetryKey: 'onOff' }),
    );
    expect(stateKey.statusCode).toBe(400);

    const range = await manager(
      'POST',
      '/sbuilding/alert/rule/add',
      rule({ operator: 'inside', threshold: 30, thresholdHigh: 16 }),
    );
    expect(range.statusCode).toBe(400);
    expect(range.json().msg).toContain('High must be greater than low');
    const noHigh = await manager('POST', '/sbuilding/alert/rule/add', rule({ operator: 'outside' }));
    expect(noHigh.statusCode).toBe(400);

    const long = await manager('POST', '/sbuilding/alert/rule/add', rule({ durationS: 86_401 }));
    expect(long.statusCode).toBe(400);
    const level = await manager('POST', '/sbuilding/alert/rule/add', { ...rule(), level: 'complete' });
    expect(level.statusCode).toBe(400);
  });

  it('lets every board role read the rules but only the project administrator change them', async () => {
    const created = await addRule({ name: 'Roles rule' });
    expect((await customer('POST', '/sbuilding/alert/rule/getList', { projectId })).statusCode).toBe(200);
    expect((await customer('POST', '/sbuilding/alert/rule/add', rule())).statusCode).toBe(403);
    expect((await display('DELETE', `/sbuilding/alert/rule/${created.id}`)).statusCode).toBe(403);
    const switched = await customer('POST', `/sbuilding/alert/rule/enable/${created.id}`, {
      version: 1,
      enabled: false,
    });
    expect(switched.statusCode).toBe(403);
    await manager('DELETE', `/sbuilding/alert/rule/${created.id}`);
  });

  it("keeps tenants apart: another tenant's project and rules are 404, and so is its building", async () => {
    const created = await addRule({ name: 'Isolated rule' });
    expect((await stranger('POST', '/sbuilding/alert/rule/getList', { projectId })).statusCode).toBe(404);
    expect((await stranger('POST', '/sbuilding/alert/rule/add', rule())).statusCode).toBe(404);
    const { id, projectId: _p, version: _v, updatedAt: _u, ...fields } = created;
    expect(
      (await stranger('POST', `/sbuilding/alert/rule/edit/${id}`, { ...fields, version: 1 })).statusCode,
    ).toBe(404);
    expect(
      (await stranger('POST', `/sbuilding/alert/rule/enable/${id}`, { version: 1, enabled: false }))
        .statusCode,
    ).toBe(404);
    expect((await stranger('DELETE', `/sbuilding/alert/rule/${id}`)).statusCode).toBe(404);
    const theirs = await stranger('POST', '/sbuilding/alert/rule/getList', { projectId: strangerProjectId });
    expect(theirs.json<{ data: AlertRule[] }>().data).toEqual([]);

    const [demoBuilding] = (
      await manager('POST', '/sbuilding/hall/getList', { projectId, pageNum: 1, pageSize: 1 })
    ).json<{ data: { rows: { id: number }[] } }>().data.rows;
    const foreign = await stranger(
      'POST',
      '/sbuilding/alert/rule/add',
      rule({ projectId: strangerProjectId, buildingId: demoBuilding?.id }),
    );
    expect(foreign.statusCode).toBe(404);
    await manager('DELETE', `/sbuilding/alert/rule/${id}`);
  });
});

describe('threshold evaluation on ingest', () => {
  let ruleId: number;
  beforeEach(async () => {
    // One rule at a time: each test adds its own.
    const list = await manager('POST', '/sbuilding/alert/rule/getList', { projectId });
    for (const r of list.json<{ data: AlertRule[] }>().data) {
      if (r.name.startsWith('Eval ')) await manager('DELETE', `/sbuilding/alert/rule/${r.id}`);
    }
    ruleId = (await addRule({ name: 'Eval formaldehyde' })).id;
  });

  it('raises once the condition has held for the duration, once, with the reading and the threshold', async () => {
    const sensor = await insertDevice(t.app.db, { model: 'sair4g', name: 'Eval sensor A' });
    const t0 = now + MIN;
    await read(sensor.id, { ch2o: 0.15 }, t0);
    await read(sensor.id, { ch2o: 0.16 }, t0 + 5 * MIN);
    expect(await alertsOf(sensor.id)).toHaveLength(0);

    const changes: number[][] = [];
    const off = t.app.alertEvents.onChange((c) => changes.push([...c.alertIds]));
    await read(sensor.id, { ch2o: 0.17 }, t0 + 10 * MIN);
    off();
    const [alert] = await alertsOf(sensor.id);
    expect(alert).toMatchObject({
      status: 'alerting',
      level: 'secondary',
      ruleId,
      value: 0.17,
      object: 'Eval sensor A',
      threshold: {
        ruleName: 'Eval formaldehyde',
        telemetryKey: 'ch2o',
        unit: 'mg/m³',
        operator: 'above',
        threshold: 0.1,
      },
    });
    expect(alert?.alertTime.getTime()).toBe(t0 + 10 * MIN);
    expect(changes).toEqual([[alert?.id]]);

    // Still above: no flood, no history entry per reading.
    for (let i = 1; i <= 5; i++) await read(sensor.id, { ch2o: 0.2 }, t0 + (10 + i) * MIN);
    expect(await alertsOf(sensor.id)).toHaveLength(1);
    expect(await historyOf(alert?.id ?? 0)).toEqual(['raised']);

    const res = await manager('GET', `/sbuilding/alert/${alert?.id}`);
    expect(res.json<{ data: AlertDetail }>().data).toMatchObject({ type: 'threshold', ruleId, value: 0.17 });

    const exported = await manager('POST', '/sbuilding/alert/export', { projectId, type: 'threshold' });
    const { fileName } = exported.json<{ data: { fileName: string } }>().data;
    const file = await manager('GET', `/common/download?fileName=${fileName}&delete=true`);
    const rows = await readXlsx(file.rawPayload);
    expect(rows[0]).toEqual(expect.arrayContaining(['Rule', 'Reading']));
    const row = rows.find((r) => r.includes('Eval sensor A'));
    expect(row).toEqual(expect.arrayContaining(['Eval formaldehyde', '0.17 mg/m³ (> 0.1 mg/m³)']));
  });

  it('starts the duration again when the condition breaks before it has held long enough', async () => {
    const sensor = await insertDevice(t.app.db, { model: 'sair4g', name: 'Eval sensor B' });
    const t0 = now + MIN;
    await read(sensor.id, { ch2o: 0.15 }, t0);
    await read(sensor.id, { ch2o: 0.05 }, t0 + 5 * MIN);
    await read(sensor.id, { ch2o: 0.15 }, t0 + 6 * MIN);
    await read(sensor.id, { ch2o: 0.15 }, t0 + 12 * MIN);
    expect(await alertsOf(sensor.id)).toHaveLength(0);
    await read(sensor.id, { ch2o: 0.15 }, t0 + 16 * MIN);
    expect(await alertsOf(sensor.id)).toHaveLength(1);
  });

  it('clears with fault recovery only once the reading is past the deadband for the clear delay', async () => {
    const sensor = await insertDevice(t.app.db, { model: 'sair4g', name: 'Eval sensor C' });
    const t0 = now + MIN;
    await read(sensor.id, { ch2o: 0.15 }, t0);
    await read(sensor.id, { ch2o: 0.15 }, t0 + 10 * MIN);
    const [alert] = await alertsOf(sensor.id);
    if (!alert) throw new Error('not raised');

    // Below the threshold but within the deadband (0.1 - 0.02): not back.
    await read(sensor.id, { ch2o: 0.09 }, t0 + 11 * MIN);
    await read(sensor.id, { ch2o: 0.09 }, t0 + 20 * MIN);
    expect((await alertsOf(sensor.id))[0]?.status).toBe('alerting');

    // Back, but not yet for the clear delay (60 s); then a bounce above resets it.
    await read(sensor.id, { ch2o: 0.05 }, t0 + 21 * MIN);
    await read(sensor.id, { ch2o: 0.09 }, t0 + 21 * MIN + 30_000);
    await read(sensor.id, { ch2o: 0.05 }, t0 + 22 * MIN + 40_000);
    expect((await alertsOf(sensor.id))[0]?.status).toBe('alerting');

    await read(sensor.id, { ch2o: 0.05 }, t0 + 23 * MIN + 40_000);
    const [cleared] = await alertsOf(sensor.id);
    expect(cleared).toMatchObject({ status: 'processed', solution: 'faultRecovery', version: 2 });
    expect(cleared?.resolvedAt?.getTime()).toBe(t0 + 23 * MIN + 40_000);
    expect(await historyOf(alert.id)).toEqual(['raised', 'recovered']);

    // Above again later: a new alert for a new episode.
    await read(sensor.id, { ch2o: 0.3 }, t0 + 30 * MIN);
    await read(sensor.id, { ch2o: 0.3 }, t0 + 40 * MIN);
    expect((await alertsOf(sensor.id)).map((a) => a.status).sort()).toEqual(['alerting', 'processed']);
  });

  it('keeps one alert without auto-clear: a new episode while it is open adds to its history', async () => {
    const current = (await manager('POST', '/sbuilding/alert/rule/getList', { projectId }))
      .json<{ data: AlertRule[] }>()
      .data.find((r) => r.id === ruleId);
    if (!current) throw new Error('no rule');
    const { id: _i, projectId: _p, updatedAt: _u, ...fields } = current;
    await manager('POST', `/sbuilding/alert/rule/edit/${ruleId}`, {
      ...fields,
      autoClear: false,
      durationS: 0,
    });
    await t.app.ruleEvaluator.idle();
    const sensor = await insertDevice(t.app.db, { model: 'sair4g', name: 'Eval sensor F' });
    const t0 = now + MIN;
    await read(sensor.id, { ch2o: 0.15 }, t0);
    await read(sensor.id, { ch2o: 0.01 }, t0 + 2 * MIN);
    await read(sensor.id, { ch2o: 0.01 }, t0 + 4 * MIN);
    const [open] = await alertsOf(sensor.id);
    expect(open).toMatchObject({ status: 'alerting', value: 0.15 });
    await read(sensor.id, { ch2o: 0.25 }, t0 + 6 * MIN);
    const rows = await alertsOf(sensor.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'alerting', value: 0.25 });
    expect(await historyOf(open?.id ?? 0)).toEqual(['raised', 'thresholdAgain']);
  });

  it('raises nothing for a disabled rule, nor for devices of another model or key', async () => {
    const sensor = await insertDevice(t.app.db, { model: 'sair4g', name: 'Eval sensor D' });
    const th = await insertDevice(t.app.db, { model: 'th10', name: 'Eval th sensor' });
    const [current] = (await manager('POST', '/sbuilding/alert/rule/getList', { projectId }))
      .json<{ data: AlertRule[] }>()
      .data.filter((r) => r.id === ruleId);
    await manager('POST', `/sbuilding/alert/rule/enable/${ruleId}`, {
      version: current?.version,
      enabled: false,
    });
    await t.app.ruleEvaluator.idle();
    const t0 = now + MIN;
    await read(sensor.id, { ch2o: 0.5 }, t0);
    await read(sensor.id, { ch2o: 0.5 }, t0 + 20 * MIN);
    await read(th.id, { humidity: 99 }, t0 + 20 * MIN);
    expect(await alertsOf(sensor.id)).toHaveLength(0);
    expect(await alertsOf(th.id)).toHaveLength(0);
  });

  it("watches an ammeter's power on its own channel, at once when the duration is 0", async () => {
    await addRule({
      name: 'Eval ammeter',
      model: 'ammeter4g',
      telemetryKey: 'power',
      threshold: 5000,
      durationS: 0,
      level: 'urgent',
      deadband: 500,
    });
    const meter = await insertDevice(t.app.db, { model: 'ammeter4g', name: 'Eval meter ch2' });
    await t.app.db
      .update(devices)
      .set({ props: { channel: 2 } })
      .where(eq(devices.id, meter.id));
    await read(meter.id, { power2: 4000 }, now + MIN);
    expect(await alertsOf(meter.id)).toHaveLength(0);
    await read(meter.id, { power2: 6200 }, now + MIN);
    expect(await alertsOf(meter.id)).toMatchObject([{ status: 'alerting', level: 'urgent', value: 6200 }]);
  });

  it('raises nothing for a rule deleted without the evaluator being told (its building went)', async () => {
    const gone = await addRule({ name: 'Eval gone', model: 'th10', telemetryKey: 'humidity', durationS: 0 });
    await t.app.db.delete(alertRules).where(eq(alertRules.id, gone.id));
    const th = await insertDevice(t.app.db, { model: 'th10', name: 'Eval humid sensor' });
    await read(th.id, { humidity: 95 }, now + MIN);
    await t.app.ruleEvaluator.idle();
    expect(await alertsOf(th.id)).toHaveLength(0);
  });

  it('adopts an open alert after a reload (a restart) and still clears it', async () => {
    const sensor = await insertDevice(t.app.db, { model: 'sair4g', name: 'Eval sensor E' });
    const t0 = now + MIN;
    await read(sensor.id, { ch2o: 0.15 }, t0);
    await read(sensor.id, { ch2o: 0.15 }, t0 + 10 * MIN);
    expect(await alertsOf(sensor.id)).toHaveLength(1);
    // An edit resets what the evaluator had seen of the rule; the open alert is adopted again.
    const [current] = (await manager('POST', '/sbuilding/alert/rule/getList', { projectId }))
      .json<{ data: AlertRule[] }>()
      .data.filter((r) => r.id === ruleId);
    if (!current) throw new Error('no rule');
    const { id: _i, projectId: _p, updatedAt: _u, ...fields } = current;
    await manager('POST', `/sbuilding/alert/rule/edit/${ruleId}`, { ...fields, clearDelayS: 0 });
    await t.app.ruleEvaluator.idle();
    await read(sensor.id, { ch2o: 0.01 }, t0 + 11 * MIN);
    expect(await alertsOf(sensor.id)).toMatchObject([{ status: 'processed', solution: 'faultRecovery' }]);
  });
});
