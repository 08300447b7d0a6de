import { eq } from 'drizzle-orm';
import type { ModelId } from '@sbuilding/shared';
import type { Scope } from '../platform/tenancy.js';
import type { TestApp } from './app.js';
import { insertDevice } from './devices.js';
import { demoTenantId } from './tenants.js';
import { buildings, floors, zones } from '../modules/buildings/tables.js';
import { deviceLatest, devices } from '../modules/devices/tables.js';
import { projects } from '../modules/projects/tables.js';
import { telemetryHourly, telemetryRaw } from '../modules/telemetry/tables.js';

/*
 * The fixed data set of the air and space board tests: a project of its own in Asia/Shanghai (UTC+8) with
 * building A, floor F1 and zones Air room (a sair4g and a th10), Empty room (no sensor), and three PIR zones:
 * Busy (presence 5 minutes ago), Stale (presence 2 hours ago) and Silent (a sensor that never reported).
 */

export interface Fixture {
  tenantId: number;
  projectId: number;
  buildingId: number;
  zone: Record<'air' | 'empty' | 'busy' | 'stale' | 'silent', number>;
  device: Record<'air' | 'th' | 'busyPir' | 'stalePir' | 'silentPir', number>;
  /** The demo tenant's manager as a service scope (for calls made at a fixed instant). */
  scope: Scope;
}

export async function airSpaceFixture(t: TestApp): Promise<Fixture> {
  const db = t.app.db;
  const tenantId = await demoTenantId(t);
  const [project] = await db
    .insert(projects)
    .values({ tenantId, projectName: 'Air and space test', address: 'Test', timeZone: 'Asia/Shanghai' })
    .returning();
  if (!project) throw new Error('no project');
  const [building] = await db
    .insert(buildings)
    .values({ tenantId, projectId: project.id, name: 'A', longitude: 121, latitude: 31 })
    .returning();
  if (!building) throw new Error('no building');
  const [floor] = await db
    .insert(floors)
    .values({ tenantId, buildingId: building.id, name: 'F1' })
    .returning();
  if (!floor) throw new Error('no floor');
  const zoneNamed = async (name: string) => {
    const [row] = await db
      .insert(zones)
      .values({ tenantId, floorId: floor.id, name, type: 'office' })
      .returning();
    if (!row) throw new Error('no zone');
    return row.id;
  };
  const zone = {
    air: await zoneNamed('Air room'),
    empty: await zoneNamed('Empty room'),
    busy: await zoneNamed('Busy room'),
    stale: await zoneNamed('Stale room'),
    silent: await zoneNamed('Silent room'),
  };
  const put = async (model: ModelId, name: string, zoneId: number) => {
    const { id } = await insertDevice(db, { model, name, buildingId: building.id, floorId: floor.id });
    await db.update(devices).set({ zoneId, online: true }).where(eq(devices.id, id));
    return id;
  };
  const device = {
    air: await put('sair4g', 'Air 1', zone.air),
    th: await put('th10', 'TH 1', zone.air),
    busyPir: await put('pir10', 'PIR busy', zone.busy),
    stalePir: await put('pir10', 'PIR stale', zone.stale),
    silentPir: await put('pir10', 'PIR silent', zone.silent),
  };
  return {
    tenantId,
    projectId: project.id,
    buildingId: building.id,
    zone,
    device,
    scope: { userId: 0, tenantId, roles: ['tbAdmin'], permissions: [], isAdmin: false },
  };
}

/** Latest readings of a device at `ts`. */
export async function setLatest(
  t: TestApp,
  deviceId: number,
  values: Record<string, number | boolean>,
  ts: Date,
): Promise<void> {
  await t.app.db
    .insert(deviceLatest)
    .values(Object.entries(values).map(([key, value]) => ({ deviceId, key, value, ts })));
}

/** An hourly rollup row: `values` are the readings of that hour. */
export async function setHour(
  t: TestApp,
  deviceId: number,
  key: string,
  bucket: string,
  values: readonly number[],
): Promise<void> {
  await t.app.db.insert(telemetryHourly).values({
    deviceId,
    key,
    bucket: new Date(bucket),
    count: values.length,
    sum: values.reduce((a, b) => a + b, 0),
    min: Math.min(...values),
    max: Math.max(...values),
  });
}

/** A raw reading (which the trend must never read). */
export async function setRaw(t: TestApp, deviceId: number, key: string, ts: string, num: number) {
  await t.app.db.insert(telemetryRaw).values({ deviceId, key, ts: new Date(ts), num });
}
