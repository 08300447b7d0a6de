import crypto from 'node:crypto';
import { expect } from 'vitest';
import type { Db } from '../platform/db/client.js';
import type { as } from './tenants.js';
import { buildings, floors } from '../modules/buildings/tables.js';
import { devices } from '../modules/devices/tables.js';
import { projects } from '../modules/projects/tables.js';
import { telemetryDaily, telemetryHourly } from '../modules/telemetry/tables.js';

/*
 * The campus the energy API tests build (energy-billing, the meter tree, energy reports): a project of its own
 * in Asia/Shanghai with one building and its floors, ammeter channels placed in them, and their rollups written
 * straight into the tables, so each test works its figures by hand from rows it can see.
 */

/** The start of a local hour of a date in Shanghai (the campus's zone). */
export const hourAt = (date: string, hour: number) =>
  new Date(Date.parse(`${date}T${String(hour).padStart(2, '0')}:00:00+08:00`));

/** A channel's energy rollup (hourly or daily: add its `bucket` or `day`) counting `delta` kWh. */
export const energyRow = (deviceId: number, delta: number) => ({
  deviceId,
  key: 'energy1',
  count: 1,
  sum: delta,
  min: delta,
  max: delta,
  delta,
});

/** A project in Shanghai with building `building` (A unless named) and `floors` in it, in order. */
export async function insertCampus(
  db: Db,
  options: { tenantId: number; projectName: string; building?: string; floors?: readonly string[] },
): Promise<{ projectId: number; buildingId: number; floorIds: number[] }> {
  const { tenantId } = options;
  const [project] = await db
    .insert(projects)
    .values({ tenantId, projectName: options.projectName, address: 'Test', timeZone: 'Asia/Shanghai' })
    .returning();
  if (!project) throw new Error('no project');
  const [building] = await db
    .insert(buildings)
    .values({ tenantId, projectId: project.id, name: options.building ?? 'A', longitude: 121, latitude: 31 })
    .returning();
  if (!building) throw new Error('no building');
  const names = options.floors ?? [];
  const placed =
    names.length > 0
      ? await db
          .insert(floors)
          .values(names.map((name, i) => ({ tenantId, buildingId: building.id, name, sort: i + 1 })))
          .returning()
      : [];
  if (placed.length !== names.length) throw new Error('no floors');
  return { projectId: project.id, buildingId: building.id, floorIds: placed.map((f) => f.id) };
}

/** An ammeter's channel 1 (an `ammeter4g` meter of address `codeAddr`), on a floor when given. */
export async function insertChannel(
  db: Db,
  options: {
    tenantId: number;
    projectId: number;
    buildingId: number;
    floorId?: number;
    name: string;
    codeAddr: string;
  },
): Promise<number> {
  const { codeAddr } = options;
  const [row] = await db
    .insert(devices)
    .values({
      tenantId: options.tenantId,
      projectId: options.projectId,
      buildingId: options.buildingId,
      floorId: options.floorId,
      model: 'ammeter4g',
      category: 'ammeter',
      name: options.name,
      props: { codeAddr, channel: 1, ratio: 1, transformerRatio: 1 },
      identity: `${codeAddr}:1`,
      accessToken: crypto.randomBytes(15).toString('base64url'),
    })
    .returning();
  if (!row) throw new Error('no device');
  return row.id;
}

/**
 * The bills' two days (energy-billing.test.ts works their figures, pricing.test.ts their prices): `ch1` 1 kWh
 * every local hour of Wednesday 2026-07-15 and Thursday 07-16, 5 at 10:00 (28 kWh a day); `ch2` 2 kWh at 10:00
 * on the 15th. Hourly and daily rollups.
 */
export async function writeBillDays(db: Db, ch1: number, ch2: number): Promise<void> {
  const hourly = [];
  for (const date of ['2026-07-15', '2026-07-16']) {
    for (let h = 0; h < 24; h++)
      hourly.push({ ...energyRow(ch1, h === 10 ? 5 : 1), bucket: hourAt(date, h) });
  }
  hourly.push({ ...energyRow(ch2, 2), bucket: hourAt('2026-07-15', 10) });
  await db.insert(telemetryHourly).values(hourly);
  await db.insert(telemetryDaily).values([
    { ...energyRow(ch1, 28), day: '2026-07-15' },
    { ...energyRow(ch1, 28), day: '2026-07-16' },
    { ...energyRow(ch2, 2), day: '2026-07-15' },
  ]);
}

/** Gives the project a tariff plan and an emission factor from 2026-01-01, through the calls. */
export async function priceProject(
  call: ReturnType<typeof as>,
  projectId: number,
  tariff: Record<string, unknown>,
  kgPerKwh: number,
): Promise<void> {
  for (const [path, body] of [
    ['/sbuilding/energy/tariff', { projectId, validFrom: '2026-01-01', ...tariff }],
    ['/sbuilding/energy/emission', { projectId, validFrom: '2026-01-01', kgPerKwh }],
  ] as const) {
    const res = await call('POST', path, body);
    expect(res.statusCode, res.body).toBe(200);
  }
}
