import { and, asc, count, eq, inArray } from 'drizzle-orm';
import {
  FAN_SPEEDS,
  HVAC_MODES,
  LIGHT_BOARD_CATEGORIES,
  supportsAutoMode,
  type AcBoard,
  type AcBoardQuery,
  type BoardGroup,
  type DeviceCategory,
  type LightBoard,
  type LightBoardQuery,
  type LatestTelemetry,
} from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { notFound } from '../../platform/errors.js';
import { tenantFilter, type Scope } from '../../platform/tenancy.js';
import { findHall } from '../buildings/index.js';
import { buildings, floors, zones } from '../buildings/tables.js';
import { latestTelemetry } from '../devices/index.js';
import { deviceGroupMembers, deviceGroups, deviceMarks, devices } from '../devices/tables.js';
import { findProject } from '../projects/index.js';

/*
 * The light and AC boards: devices with their place and latest state (device_latest), counts, and the
 * groups a board can switch at once. Every read is the caller's tenant (the building or project is found
 * with ownedOr404 first, and every query filters on the tenant too).
 */

type Reading = LatestTelemetry[string] | undefined;

/** On/off as stored: a boolean, or 1/0 from devices that send numbers. */
function bool(reading: Reading): boolean | null {
  const v = reading?.value;
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v !== 0;
  if (v === 'true' || v === 'on') return true;
  if (v === 'false' || v === 'off') return false;
  return null;
}

function num(reading: Reading): number | null {
  const v = reading?.value;
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return null;
}

function oneOf<T extends string>(values: readonly T[], reading: Reading): T | null {
  const v = reading?.value;
  return values.find((value) => value === v) ?? null;
}

/** Enabled groups of a project's category, with their members among `deviceIds`; groups without any are left out. */
async function groupsOf(
  db: Db,
  scope: Scope,
  projectId: number,
  categories: readonly DeviceCategory[],
  deviceIds: readonly number[],
): Promise<BoardGroup[]> {
  if (deviceIds.length === 0) return [];
  const rows = await db
    .select({
      id: deviceGroups.id,
      name: deviceGroups.name,
      category: deviceGroups.category,
      memberCount: count(deviceGroupMembers.deviceId),
    })
    .from(deviceGroups)
    .innerJoin(deviceGroupMembers, eq(deviceGroupMembers.groupId, deviceGroups.id))
    .where(
      and(
        tenantFilter(scope, deviceGroups.tenantId),
        eq(deviceGroups.projectId, projectId),
        eq(deviceGroups.status, '0'),
        inArray(deviceGroups.category, [...categories]),
        inArray(deviceGroupMembers.deviceId, [...deviceIds]),
      ),
    )
    .groupBy(deviceGroups.id, deviceGroups.name, deviceGroups.category)
    .orderBy(asc(deviceGroups.name), asc(deviceGroups.id));
  return rows.map((r) => ({ ...r, memberCount: Number(r.memberCount) }));
}

/** GET /sbuilding/board/light: a building's lights and panels, where they sit and how they are now. */
export async function lightBoard(db: Db, scope: Scope, query: LightBoardQuery): Promise<LightBoard> {
  const building = await findHall(db, scope, query.buildingId);
  const [floorRows, rows] = await Promise.all([
    db
      .select({ id: floors.id, name: floors.name })
      .from(floors)
      .where(and(tenantFilter(scope, floors.tenantId), eq(floors.buildingId, building.id)))
      .orderBy(asc(floors.sort), asc(floors.id)),
    db
      .select({
        device: devices,
        zoneName: zones.name,
        markX: deviceMarks.x,
        markY: deviceMarks.y,
        markFloorId: deviceMarks.floorId,
        markName: deviceMarks.markName,
        nickname: deviceMarks.nickname,
        dashboardNickname: deviceMarks.dashboardNickname,
      })
      .from(devices)
      .leftJoin(zones, eq(zones.id, devices.zoneId))
      .leftJoin(deviceMarks, eq(deviceMarks.deviceId, devices.id))
      .where(
        and(
          tenantFilter(scope, devices.tenantId),
          eq(devices.buildingId, building.id),
          inArray(devices.category, [...LIGHT_BOARD_CATEGORIES]),
        ),
      )
      .orderBy(asc(devices.name), asc(devices.id)),
  ]);
  const latest = await latestTelemetry(
    db,
    rows.map((r) => r.device.id),
  );

  const list = rows.map(({ device: d, ...r }) => {
    const t = latest.get(d.id) ?? {};
    // A mark on another floor than the device's would draw it in the wrong place: only the device's own.
    const marked = r.markX !== null && r.markY !== null && r.markFloorId === d.floorId;
    const panelType = d.props.panelType;
    return {
      id: d.id,
      name: d.name,
      model: d.model,
      category: d.category,
      floorId: d.floorId,
      zoneId: d.zoneId,
      zoneName: r.zoneName,
      panelType: typeof panelType === 'string' ? panelType : null,
      online: d.online,
      mark: marked
        ? {
            x: r.markX ?? 0,
            y: r.markY ?? 0,
            label: r.dashboardNickname || r.nickname || r.markName || d.name,
          }
        : null,
      state: {
        onOff: bool(t.onOff),
        lightnessLevel: num(t.lightnessLevel),
        colorTemp: num(t.colorTemp),
        left: bool(t.left),
        mid: bool(t.mid),
        right: bool(t.right),
      },
    };
  });

  const lights = list.filter((d) => d.category === 'light');
  const floorCounts = floorRows.map((f) => {
    const here = lights.filter((d) => d.floorId === f.id);
    return {
      floorId: f.id,
      name: f.name,
      lightsOn: here.filter((d) => d.state.onOff === true).length,
      lightsTotal: here.length,
    };
  });
  return {
    buildingId: building.id,
    floors: floorCounts,
    lightsOn: lights.filter((d) => d.state.onOff === true).length,
    lightsTotal: lights.length,
    devices: list,
    groups: await groupsOf(
      db,
      scope,
      building.projectId,
      LIGHT_BOARD_CATEGORIES,
      list.map((d) => d.id),
    ),
  };
}

/** GET /sbuilding/board/ac: a project's (or one building's) AC units and how they run. */
export async function acBoard(db: Db, scope: Scope, input: AcBoardQuery): Promise<AcBoard> {
  const project = await findProject(db, scope, input.projectId);
  const buildingId = input.buildingId;
  if (buildingId !== undefined) {
    const building = await findHall(db, scope, buildingId);
    // Another project's building answers as an unknown one.
    if (building.projectId !== project.id) throw notFound();
  }
  const rows = await db
    .select({
      device: devices,
      buildingName: buildings.name,
      floorName: floors.name,
      zoneName: zones.name,
    })
    .from(devices)
    .innerJoin(buildings, eq(buildings.id, devices.buildingId))
    .leftJoin(floors, eq(floors.id, devices.floorId))
    .leftJoin(zones, eq(zones.id, devices.zoneId))
    .where(
      and(
        tenantFilter(scope, devices.tenantId),
        eq(devices.projectId, project.id),
        eq(devices.category, 'ac'),
        buildingId === undefined ? undefined : eq(devices.buildingId, buildingId),
      ),
    )
    .orderBy(asc(buildings.name), asc(floors.sort), asc(devices.name), asc(devices.id));
  const latest = await latestTelemetry(
    db,
    rows.map((r) => r.device.id),
  );
  const units = rows.map(({ device: d, ...r }) => {
    const t = latest.get(d.id) ?? {};
    return {
      id: d.id,
      name: d.name,
      model: d.model,
      buildingId: d.buildingId,
      buildingName: r.buildingName,
      floorId: d.floorId,
      floorName: r.floorName,
      zoneId: d.zoneId,
      zoneName: r.zoneName,
      online: d.online,
      supportsAuto: supportsAutoMode(d.model),
      state: {
        onOff: bool(t.onOff),
        workMode: oneOf(HVAC_MODES, t.workMode),
        fanSpeed: oneOf(FAN_SPEEDS, t.fanSpeed),
        targetTemp: num(t.targetTemp),
        roomTemp: num(t.roomTemp),
      },
    };
  });
  return {
    units,
    running: units.filter((u) => u.state.onOff === true).length,
    total: units.length,
    groups: await groupsOf(
      db,
      scope,
      project.id,
      ['ac'],
      units.map((u) => u.id),
    ),
  };
}
