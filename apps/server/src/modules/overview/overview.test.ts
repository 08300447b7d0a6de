import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { Overview } from '@sbuilding/shared';
import type { Scope } from '../../platform/tenancy.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { insertDevice } from '../../test/devices.js';
import { as, createTenant, demoTenantId } from '../../test/tenants.js';
import { alerts } from '../alerts/tables.js';
import { buildings } from '../buildings/tables.js';
import { deviceLatest, devices } from '../devices/tables.js';
import { projects } from '../projects/tables.js';
import { telemetryHourly } from '../telemetry/tables.js';
import { overview } from './service.js';

/*
 * A project of its own (Asia/Shanghai, UTC+8) with known figures:
 *   building A (121.6, 31.2): lights L1 (online, on), L2 (online, off), L3 (offline, never reported);
 *     ACs AC1 (online, on as the number 1), AC2 (offline, off); ammeter channel M1 (online)
 *   building B (0, 0: no place): air sensors S1 (online, 800 ppm), S2 (online, 1201 ppm), S3 (offline, 5000 ppm)
 *   devices: 6 online, 3 offline; A 4 / 2, B 2 / 1
 *   open alerts: 1 urgent, 2 general; a processed secondary one is not open
 *   M1's hourly consumption, local times: yesterday (2026-03-01) 00:00 2, 04:00 5, 20:00 10;
 *     today (2026-03-02) 00:00 3, 02:00 4, 04:00 7. At 04:30 today: today 14, yesterday 17, yesterday up to
 *     04:30 4.5 (its 04:00 hour by half), change +211.1 %.
 */

const NOW = Date.parse('2026-03-02T04:30:00+08:00');

let t: TestApp;
let manager: ReturnType<typeof as>;
let display: ReturnType<typeof as>;
let stranger: ReturnType<typeof as>;
let tenantId: number;
let projectId: number;
let buildingA: number;
let buildingB: number;
const id: Record<string, number> = {};

async function building(name: string, longitude: number, latitude: number) {
  const [row] = await t.app.db
    .insert(buildings)
    .values({ tenantId, projectId, name, longitude, latitude, address: `${name} street` })
    .returning();
  if (!row) throw new Error('no building');
  return row.id;
}

function hourly(deviceId: number, localHour: string, delta: number) {
  return {
    deviceId,
    key: 'energy1',
    bucket: new Date(`${localHour}:00+08:00`),
    count: 1,
    sum: delta,
    min: delta,
    max: delta,
    delta,
  };
}

beforeAll(async () => {
  t = await createTestApp({ captchaEnabled: false });
  manager = as(t, await t.login('manager', 'manager123'));
  display = as(t, await t.login('display', 'display123'));
  await createTenant(t, 'Overview stranger', [{ username: 'overviewstranger', role: 'tbAdmin' }]);
  stranger = as(t, await t.login('overviewstranger', 'overviewstranger123'));
  tenantId = await demoTenantId(t);
  const db = t.app.db;
  const [project] = await db
    .insert(projects)
    .values({ tenantId, projectName: 'Overview test', address: 'Test', timeZone: 'Asia/Shanghai' })
    .returning();
  if (!project) throw new Error('no project');
  projectId = project.id;
  buildingA = await building('A', 121.6, 31.2);
  buildingB = await building('B', 0, 0);

  const put = async (name: string, model: Parameters<typeof insertDevice>[1]['model'], b: number) => {
    id[name] = (await insertDevice(db, { model, name, buildingId: b })).id;
  };
  for (const name of ['L1', 'L2', 'L3']) await put(name, 's2', buildingA);
  await put('AC1', 'ac20', buildingA);
  await put('AC2', 'ac20', buildingA);
  await put('M1', 'ammeter4g', buildingA);
  for (const name of ['S1', 'S2', 'S3']) await put(name, 'sair4g', buildingB);
  const online = ['L1', 'L2', 'AC1', 'M1', 'S1', 'S2'].map((n) => id[n] ?? 0);
  await db.update(devices).set({ online: true }).where(inArray(devices.id, online));

  const ts = new Date(NOW);
  const latest = (name: string, key: string, value: number | boolean) => ({
    deviceId: id[name] ?? 0,
    key,
    value,
    ts,
  });
  await db
    .insert(deviceLatest)
    .values([
      latest('L1', 'onOff', true),
      latest('L1', 'lightnessLevel', 200),
      latest('L2', 'onOff', false),
      latest('AC1', 'onOff', 1),
      latest('AC2', 'onOff', false),
      latest('S1', 'co2', 800),
      latest('S1', 'temperature', 24),
      latest('S2', 'co2', 1201),
      latest('S3', 'co2', 5000),
    ]);

  const alert = (
    level: 'urgent' | 'general' | 'secondary',
    status: 'alerting' | 'processed' = 'alerting',
  ) => ({
    tenantId,
    projectId,
    deviceName: `${level} device`,
    level,
    status,
    type: 'offline' as const,
  });
  await db
    .insert(alerts)
    .values([alert('urgent'), alert('general'), alert('general'), alert('secondary', 'processed')]);

  const m1 = id.M1 ?? 0;
  await db
    .insert(telemetryHourly)
    .values([
      hourly(m1, '2026-03-01T00:00', 2),
      hourly(m1, '2026-03-01T04:00', 5),
      hourly(m1, '2026-03-01T20:00', 10),
      hourly(m1, '2026-03-02T00:00', 3),
      hourly(m1, '2026-03-02T02:00', 4),
      hourly(m1, '2026-03-02T04:00', 7),
    ]);
});
afterAll(() => t.close());

function managerScope(): Scope {
  return { userId: 0, tenantId, roles: ['tbAdmin'], permissions: [], isAdmin: false };
}

describe('GET /sbuilding/board/overview', () => {
  it("counts the project's devices online and offline, in all and per building", async () => {
    const res = await manager('GET', `/sbuilding/board/overview?projectId=${projectId}`);
    expect(res.statusCode).toBe(200);
    const data = res.json<{ data: Overview }>().data;
    expect(data.devices).toEqual({ online: 6, offline: 3, total: 9 });
    expect(data.buildings).toEqual([
      {
        id: buildingA,
        name: 'A',
        address: 'A street',
        longitude: 121.6,
        latitude: 31.2,
        devices: { online: 4, offline: 2, total: 6 },
      },
      {
        id: buildingB,
        name: 'B',
        address: 'B street',
        longitude: null,
        latitude: null,
        devices: { online: 2, offline: 1, total: 3 },
      },
    ]);
  });

  it('counts lights on, ACs running (1 as on) and open alerts by level', async () => {
    const data = (await manager('GET', `/sbuilding/board/overview?projectId=${projectId}`)).json<{
      data: Overview;
    }>().data;
    expect(data.lights).toEqual({ on: 1, total: 3 });
    expect(data.acs).toEqual({ running: 1, total: 2 });
    expect(data.alerts).toEqual({ urgent: 1, secondary: 0, general: 2, complete: 0, resolved: 0, total: 3 });
  });

  it("averages the CO2 of the online air sensors only: an offline sensor's last reading is not the air now", async () => {
    const data = (await manager('GET', `/sbuilding/board/overview?projectId=${projectId}`)).json<{
      data: Overview;
    }>().data;
    expect(data.air).toEqual({ sensors: 3, reporting: 2, co2Average: 1001, co2Max: 1201 });
  });

  it('lists the devices whose readings move the figures, for the console to follow', async () => {
    const data = (await display('GET', `/sbuilding/board/overview?projectId=${projectId}`)).json<{
      data: Overview;
    }>().data;
    const watched = ['L1', 'L2', 'L3', 'AC1', 'AC2', 'M1', 'S1', 'S2', 'S3'].map((n) => id[n]);
    expect([...data.watchIds].sort((a, b) => a - b)).toEqual(watched.sort((a, b) => (a ?? 0) - (b ?? 0)));
  });

  it('compares today so far with yesterday up to the same moment, as the energy board does', async () => {
    const data = await overview(t.app.db, managerScope(), { projectId }, NOW);
    expect(data.date).toBe('2026-03-02');
    // At 04:30: yesterday's 00:00 hour (2) and half of its 04:00 hour (5 / 2), not the whole of it.
    expect(data.energy).toMatchObject({
      today: 14,
      yesterday: 17,
      yesterdaySameTime: 4.5,
      yesterdayUntil: '04:30',
      changePercent: 211.1,
    });
    expect(data.energy.curve).toHaveLength(24);
    expect(data.energy.curve[0]).toEqual({ hour: '00:00', today: 3, yesterday: 2 });
    expect(data.energy.curve[4]).toEqual({ hour: '04:00', today: 7, yesterday: 5 });
    // Hours not begun yet have no figure today; yesterday's are all there.
    expect(data.energy.curve[20]).toEqual({ hour: '20:00', today: null, yesterday: 10 });
  });

  it('answers a project without buildings or devices with zeros, not an error', async () => {
    const [empty] = await t.app.db
      .insert(projects)
      .values({ tenantId, projectName: 'Overview empty', address: 'Test', timeZone: 'Asia/Shanghai' })
      .returning();
    const data = (await manager('GET', `/sbuilding/board/overview?projectId=${empty?.id}`)).json<{
      data: Overview;
    }>().data;
    expect(data.buildings).toEqual([]);
    expect(data.devices).toEqual({ online: 0, offline: 0, total: 0 });
    expect(data.energy).toMatchObject({ today: 0, yesterday: 0, changePercent: null });
    expect(data.air).toEqual({ sensors: 0, reporting: 0, co2Average: null, co2Max: null });
    expect(data.watchIds).toEqual([]);
  });

  it("answers another tenant's project as unknown (404) and a missing project id as 400", async () => {
    expect((await stranger('GET', `/sbuilding/board/overview?projectId=${projectId}`)).statusCode).toBe(404);
    expect((await manager('GET', '/sbuilding/board/overview')).statusCode).toBe(400);
    const [row] = await t.app.db.select().from(projects).where(eq(projects.id, projectId));
    expect(row?.projectName).toBe('Overview test');
  });
});
