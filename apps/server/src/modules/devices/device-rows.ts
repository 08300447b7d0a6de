import { asc, eq, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Device, DeviceWithTelemetry, LatestTelemetry } from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { placedOr404, type Scope } from '../../platform/tenancy.js';
import { buildings, floors, zones } from '../buildings/tables.js';
import type { FileLinks } from '../files/index.js';
import { deviceLatest, deviceMarks, devices } from './tables.js';

/*
 * Reading devices: one query shape (the device with the names of its building, floor, zone and gateway
 * and its plan mark), mapped to the shared Device. Every reader adds the tenant filter to `where`.
 */

export type DeviceRow = typeof devices.$inferSelect;

const parent = alias(devices, 'parent_device');

/** The joined columns a Device is made of. */
export function selectDevices(db: Db) {
  return db
    .select({
      device: devices,
      buildingName: buildings.name,
      floorName: floors.name,
      floorSort: floors.sort,
      zoneName: zones.name,
      parentName: parent.name,
      markId: deviceMarks.id,
    })
    .from(devices)
    .innerJoin(buildings, eq(buildings.id, devices.buildingId))
    .leftJoin(floors, eq(floors.id, devices.floorId))
    .leftJoin(zones, eq(zones.id, devices.zoneId))
    .leftJoin(parent, eq(parent.id, devices.parentId))
    .leftJoin(deviceMarks, eq(deviceMarks.deviceId, devices.id));
}

export type DeviceJoined = Awaited<ReturnType<typeof selectDevices>>[number];

/** Devices matching `where`, in the list order (name, id). */
export function queryDevices(db: Db, where: SQL | undefined) {
  return selectDevices(db).where(where).orderBy(asc(devices.name), asc(devices.id)).$dynamic();
}

/**
 * The shared Device. Without `links` (a caller that answers no URLs, such as the importer) the image
 * URLs are null; the ids are still given.
 */
export function toDevice(row: DeviceJoined, links?: FileLinks): Device {
  const d = row.device;
  const url = (id: string | null) => (id && links ? links.url(id) : null);
  return {
    id: d.id,
    tenantId: d.tenantId,
    projectId: d.projectId,
    buildingId: d.buildingId,
    buildingName: row.buildingName,
    floorId: d.floorId,
    floorName: row.floorName,
    zoneId: d.zoneId,
    zoneName: row.zoneName,
    model: d.model,
    category: d.category,
    name: d.name,
    position: d.position,
    props: d.props,
    parentId: d.parentId,
    parentName: row.parentName,
    online: d.online,
    lastActivityTime: d.lastActivityAt?.toISOString() ?? null,
    positionImageId: d.positionImageId,
    positionImageUrl: url(d.positionImageId),
    horizontalImageId: d.horizontalImageId,
    horizontalImageUrl: url(d.horizontalImageId),
    verticalImageId: d.verticalImageId,
    verticalImageUrl: url(d.verticalImageId),
    markId: row.markId,
    version: d.version,
    createTime: d.createdAt.toISOString(),
    updateTime: d.updatedAt.toISOString(),
  };
}

/**
 * The device row when it exists and is the caller's: its tenant's and, for a building-bound caller, in one
 * of its buildings (404 otherwise).
 */
export async function findDevice(db: Db, scope: Scope, id: number): Promise<DeviceRow> {
  const [row] = await db.select().from(devices).where(eq(devices.id, id));
  return placedOr404(scope, row);
}

/** One device as answered, by id (the caller has already proved access). */
export async function deviceById(db: Db, id: number, links?: FileLinks): Promise<Device> {
  const [row] = await selectDevices(db).where(eq(devices.id, id));
  if (!row) throw new AppError(500, 'error.internal');
  return toDevice(row, links);
}

/** The latest readings of each device (deviceLatest), keyed by device id. */
export async function latestTelemetry(db: Db, ids: readonly number[]): Promise<Map<number, LatestTelemetry>> {
  const out = new Map<number, LatestTelemetry>();
  if (ids.length === 0) return out;
  const rows = await db
    .select()
    .from(deviceLatest)
    .where(inArray(deviceLatest.deviceId, [...ids]));
  for (const row of rows) {
    const readings = out.get(row.deviceId) ?? {};
    readings[row.key] = { value: row.value ?? null, ts: row.ts.toISOString() };
    out.set(row.deviceId, readings);
  }
  return out;
}

export async function withTelemetry(db: Db, list: Device[]): Promise<DeviceWithTelemetry[]> {
  const latest = await latestTelemetry(
    db,
    list.map((d) => d.id),
  );
  return list.map((d) => ({ ...d, telemetry: latest.get(d.id) ?? {} }));
}
