import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import {
  DEVICE_GROUPED_MAX,
  type Device,
  type DeviceInfo,
  type DeviceListFilter,
  type DevicesByFloor,
  type DeviceWithTelemetry,
  type PageResult,
} from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { likePattern } from '../../platform/db/like.js';
import { tenantFilter, type Scope } from '../../platform/tenancy.js';
import { findZone } from '../buildings/index.js';
import { floors, zones } from '../buildings/tables.js';
import type { FileLinks } from '../files/index.js';
import {
  deviceById,
  findDevice,
  queryDevices,
  selectDevices,
  toDevice,
  withTelemetry,
} from './device-rows.js';
import { deviceGroupMembers, deviceGroups, devices } from './tables.js';

/** The list filter as SQL, always within the caller's tenant. */
function listWhere(scope: Scope, filter: DeviceListFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [tenantFilter(scope, devices.tenantId)];
  if (filter.projectId !== null) conditions.push(eq(devices.projectId, filter.projectId));
  if (filter.buildingId !== null) conditions.push(eq(devices.buildingId, filter.buildingId));
  if (filter.floorId !== null) conditions.push(eq(devices.floorId, filter.floorId));
  if (filter.zoneId !== null) conditions.push(eq(devices.zoneId, filter.zoneId));
  if (filter.parentId !== null) conditions.push(eq(devices.parentId, filter.parentId));
  if (filter.category) conditions.push(eq(devices.category, filter.category));
  if (filter.model) conditions.push(eq(devices.model, filter.model));
  if (filter.online !== undefined) conditions.push(eq(devices.online, filter.online));
  if (filter.name) {
    // Installers search by what is printed on the device as often as by its name.
    const pattern = likePattern(filter.name);
    conditions.push(
      or(
        ilike(devices.name, pattern),
        ilike(sql`${devices.props}->>'macAddr'`, pattern),
        ilike(sql`${devices.props}->>'codeAddr'`, pattern),
      ),
    );
  }
  return and(...conditions);
}

async function page(
  db: Db,
  scope: Scope,
  filter: DeviceListFilter,
  links: FileLinks,
): Promise<PageResult<Device>> {
  const where = listWhere(scope, filter);
  const [rows, [total]] = await Promise.all([
    queryDevices(db, where)
      .limit(filter.pageSize)
      .offset((filter.pageNum - 1) * filter.pageSize),
    db.select({ value: count() }).from(devices).where(where),
  ]);
  return { rows: rows.map((row) => toDevice(row, links)), total: total?.value ?? 0 };
}

/** POST /sbuilding/device/getList. */
export async function listDevices(
  db: Db,
  scope: Scope,
  filter: DeviceListFilter,
  links: FileLinks,
): Promise<PageResult<Device>> {
  return page(db, scope, filter, links);
}

/** POST /sbuilding/device/getList/v2: the page with each row's latest telemetry. */
export async function listDevicesWithTelemetry(
  db: Db,
  scope: Scope,
  filter: DeviceListFilter,
  links: FileLinks,
): Promise<PageResult<DeviceWithTelemetry>> {
  const { rows, total } = await page(db, scope, filter, links);
  return { rows: await withTelemetry(db, rows), total };
}

/**
 * POST /sbuilding/device/getList/v3: every matching device (up to DEVICE_GROUPED_MAX, no paging) grouped
 * by floor in the floors' order, then zone by name; devices on no floor or zone come last.
 */
export async function listDevicesByFloor(
  db: Db,
  scope: Scope,
  filter: DeviceListFilter,
  links: FileLinks,
): Promise<DevicesByFloor> {
  const rows = await selectDevices(db)
    .where(listWhere(scope, filter))
    .orderBy(
      sql`${floors.sort} asc nulls last`,
      sql`${floors.name} asc nulls last`,
      asc(devices.floorId),
      sql`${zones.name} asc nulls last`,
      asc(devices.zoneId),
      asc(devices.name),
      asc(devices.id),
    )
    .limit(DEVICE_GROUPED_MAX);
  const list = await withTelemetry(
    db,
    rows.map((row) => toDevice(row, links)),
  );
  const out: DevicesByFloor = [];
  for (const device of list) {
    let floor = out.at(-1);
    if (!floor || floor.floorId !== device.floorId) {
      floor = { floorId: device.floorId, floorName: device.floorName, zones: [] };
      out.push(floor);
    }
    let zone = floor.zones.at(-1);
    if (!zone || zone.zoneId !== device.zoneId) {
      zone = { zoneId: device.zoneId, zoneName: device.zoneName, devices: [] };
      floor.zones.push(zone);
    }
    zone.devices.push(device);
  }
  return out;
}

/** GET /sbuilding/device/getListBySector/{id}: the devices of a zone with their readings. */
export async function listDevicesOfZone(
  db: Db,
  scope: Scope,
  zoneId: number,
  links: FileLinks,
): Promise<DeviceWithTelemetry[]> {
  await findZone(db, scope, zoneId);
  const rows = await queryDevices(db, and(tenantFilter(scope, devices.tenantId), eq(devices.zoneId, zoneId)));
  return withTelemetry(
    db,
    rows.map((row) => toDevice(row, links)),
  );
}

export async function getDevice(db: Db, scope: Scope, id: number, links: FileLinks): Promise<Device> {
  await findDevice(db, scope, id);
  return deviceById(db, id, links);
}

/** GET /sbuilding/device/getDeviceInfoById/{id}: the device, its latest readings and its groups. */
export async function getDeviceInfo(db: Db, scope: Scope, id: number, links: FileLinks): Promise<DeviceInfo> {
  const device = await getDevice(db, scope, id, links);
  const [withReadings] = await withTelemetry(db, [device]);
  const groups = await db
    .select({ id: deviceGroups.id, name: deviceGroups.name })
    .from(deviceGroupMembers)
    .innerJoin(deviceGroups, eq(deviceGroups.id, deviceGroupMembers.groupId))
    .where(eq(deviceGroupMembers.deviceId, id))
    .orderBy(asc(deviceGroups.name), asc(deviceGroups.id));
  const [own] = await db
    .select({ reported: devices.reportedAttributes })
    .from(devices)
    .where(eq(devices.id, id));
  return { ...device, telemetry: withReadings?.telemetry ?? {}, groups, reported: own?.reported ?? {} };
}
