import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import type { Scope } from '../../platform/tenancy.js';
import { buildings, floors, zones } from '../buildings/tables.js';
import { meshIdOf } from '../devices/index.js';
import {
  bleGatewayInits,
  deviceGroupMembers,
  deviceGroups,
  deviceMarks,
  devices,
} from '../devices/tables.js';
import { diffMark, lockBuilding, recordMeshVersion } from '../device-marks/index.js';
import { users } from '../users/tables.js';
import {
  DemoSerials,
  planFloor,
  planGateway4g,
  positionsIn,
  type PlannedDevice,
  type SeedGroup,
  type SeedParent,
} from './devices-layout.js';
import { deviceRow, type SeedBuilding } from './devices-rows.js';

/** Serialises the device seed when several server processes start on an empty database at once. */
const SEED_LOCK = 727_004;

const GROUP_NAME: Record<SeedGroup, (floor: string) => string> = {
  corridorLights: (floor) => `${floor} corridor lights`,
  acs: (floor) => `${floor} ACs`,
};
const GROUP_CATEGORY = { corridorLights: 'light', acs: 'ac' } as const;

/** A placed device: what it was planned as and the id the registry gave it. */
interface Placed {
  plan: PlannedDevice;
  id: number;
}

/**
 * The demo campus's devices (issue 4): per floor a Bluetooth gateway with a dozen lights, panels, PIR and
 * temperature sensors behind it, an AC gateway with five indoor units, a 4-channel ammeter on the building's
 * 4G gateway and an air-quality sensor, each in a room or the corridor, each with a mark on the plan, and
 * groups of the corridor lights and of the ACs per floor. Idempotent: a project that already has devices is left as it is.
 */
export async function seedDevices(db: Db, tenantId: number, projectId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const [existing] = await tx
      .select({ id: devices.id })
      .from(devices)
      .where(eq(devices.projectId, projectId))
      .limit(1);
    if (existing) return;
    const [manager] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.tenantId, tenantId), eq(users.username, 'manager')));
    const scope: Scope = {
      userId: manager?.id ?? 0,
      tenantId,
      roles: ['tbAdmin'],
      permissions: [],
      isAdmin: false,
    };
    const serials = new DemoSerials();
    const halls = await tx
      .select()
      .from(buildings)
      .where(eq(buildings.projectId, projectId))
      .orderBy(asc(buildings.id));
    for (const [index, hall] of halls.entries()) {
      await seedBuilding(tx, scope, { id: hall.id, tenantId, projectId, index, name: hall.name }, serials);
    }
  });
}

async function insertDevices(
  tx: Db,
  building: SeedBuilding,
  floorId: number,
  plans: PlannedDevice[],
  parents: Partial<Record<SeedParent, number>>,
): Promise<Placed[]> {
  if (plans.length === 0) return [];
  const rows = await tx
    .insert(devices)
    .values(plans.map((plan) => deviceRow(building, floorId, plan, parents)))
    .returning({ id: devices.id });
  return plans.map((plan, i) => ({ plan, id: rows[i]?.id ?? 0 }));
}

async function seedBuilding(tx: Db, scope: Scope, building: SeedBuilding, serials: DemoSerials) {
  await lockBuilding(tx, building.id);
  const letter = building.name.replace(/^Building\s+/, '').slice(0, 3);
  const levels = await tx
    .select()
    .from(floors)
    .where(eq(floors.buildingId, building.id))
    .orderBy(asc(floors.sort), asc(floors.id));
  if (levels.length === 0) return;
  const allZones = await tx
    .select()
    .from(zones)
    .where(
      inArray(
        zones.floorId,
        levels.map((l) => l.id),
      ),
    )
    .orderBy(asc(zones.id));
  const marks: (typeof deviceMarks.$inferInsert)[] = [];
  let gateway4g: number | undefined;
  for (const [index, level] of levels.entries()) {
    const floorZones = allZones.filter((z) => z.floorId === level.id);
    const plans = planFloor(
      { letter, index: building.index },
      { mark: level.mark, index },
      floorZones,
      serials,
    );
    const corridor = floorZones.find((z) => z.type === 'corridor');
    const placed: Placed[] = [];
    if (gateway4g === undefined && corridor) {
      const [gw] = await insertDevices(
        tx,
        building,
        level.id,
        [planGateway4g(letter, corridor, serials)],
        {},
      );
      gateway4g = gw?.id;
      if (gw) placed.push(gw);
    }
    // Gateways first: the devices behind them name them.
    const isGateway = (p: PlannedDevice) => p.model === 'ba' || p.model === 'cc10';
    const gateways = await insertDevices(tx, building, level.id, plans.filter(isGateway), {});
    const parents: Partial<Record<SeedParent, number>> = {
      gw4g: gateway4g,
      ble: gateways.find((g) => g.plan.model === 'ba')?.id,
      ac: gateways.find((g) => g.plan.model === 'cc10')?.id,
    };
    placed.push(
      ...gateways,
      ...(await insertDevices(
        tx,
        building,
        level.id,
        plans.filter((p) => !isGateway(p)),
        parents,
      )),
    );
    marks.push(...marksOf(placed, building, level.id));
    await groupsOf(tx, building, `${building.name} ${level.name}`, placed);
    if (parents.ble !== undefined) await readyGateway(tx, parents.ble, building.id, level.id);
  }
  if (marks.length === 0) return;
  const rows = await tx.insert(deviceMarks).values(marks).returning();
  await recordMeshVersion(
    tx,
    scope,
    'EN',
    building,
    rows.map((row) => diffMark(null, row)),
  );
}

/** A mark per device, spread over its zone. */
function marksOf(
  placed: Placed[],
  building: SeedBuilding,
  floorId: number,
): (typeof deviceMarks.$inferInsert)[] {
  const byZone = new Map<number, Placed[]>();
  for (const p of placed) byZone.set(p.plan.zone.id, [...(byZone.get(p.plan.zone.id) ?? []), p]);
  return [...byZone.values()].flatMap((inZone) => {
    const spots = positionsIn(inZone[0]?.plan.zone.shape ?? null, inZone.length);
    return inZone.map(({ plan, id }, i) => {
      const [left, mid, right] = plan.mark.buttons ?? ['', '', ''];
      return {
        tenantId: building.tenantId,
        buildingId: building.id,
        floorId,
        deviceId: id,
        markName: plan.mark.name,
        nickname: plan.name,
        belongType: plan.mark.belongType,
        meshId: plan.mark.mesh ? meshIdOf(building.id) : '',
        proxy: plan.mark.proxy ?? false,
        relay: plan.mark.relay ?? false,
        dashboardNickname: plan.name,
        leftButton: left,
        midButton: mid,
        rightButton: right,
        x: spots[i]?.x ?? 0,
        y: spots[i]?.y ?? 0,
      };
    });
  });
}

async function groupsOf(tx: Db, building: SeedBuilding, floorName: string, placed: Placed[]) {
  for (const group of ['corridorLights', 'acs'] as const) {
    const members = placed.filter((p) => p.plan.group === group);
    if (members.length === 0) continue;
    const [row] = await tx
      .insert(deviceGroups)
      .values({
        tenantId: building.tenantId,
        projectId: building.projectId,
        name: GROUP_NAME[group](floorName),
        category: GROUP_CATEGORY[group],
      })
      .returning({ id: deviceGroups.id });
    if (!row) continue;
    await tx
      .insert(deviceGroupMembers)
      .values(members.map((m, sort) => ({ groupId: row.id, deviceId: m.id, sort })));
  }
}

/**
 * The demo's Bluetooth gateways start initialised (what the initialisation job would have written), so
 * no job runs at every start of a fresh database.
 */
async function readyGateway(tx: Db, deviceId: number, buildingId: number, floorId: number) {
  const [gateway] = await tx.select().from(devices).where(eq(devices.id, deviceId));
  if (!gateway) return;
  const attributes = {
    meshId: meshIdOf(buildingId),
    mqttServer: gateway.props.serverAddr ?? null,
    mqttPort: gateway.props.port ?? null,
    floorId,
  };
  await tx.update(devices).set({ attributes }).where(eq(devices.id, deviceId));
  await tx
    .insert(bleGatewayInits)
    .values({ deviceId, tenantId: gateway.tenantId, status: 'ready', step: 'done', progress: 100 });
}
