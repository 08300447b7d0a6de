import { and, asc, eq } from 'drizzle-orm';
import type { DeviceCategory, WorkOrderPriority, WorkOrderStatus } from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { devices } from '../devices/tables.js';
import { projects } from '../projects/tables.js';
import { users } from '../users/tables.js';
import { calendarFor, insertWorkOrder, startSla } from './create.js';
import { addHistory } from './history.js';
import { nextRun } from './plan-time.js';
import { slaSpent } from './sla.js';
import { maintenancePlans, workOrders } from './tables.js';

const HOUR_MS = 3_600_000;

/** One demo work order: on a device of a category, made `ageH` hours ago, moved along as the steps say. */
interface DemoOrder {
  title: string;
  description: string;
  category: DeviceCategory;
  /** Which device of the category (in id order). */
  nth: number;
  priority: WorkOrderPriority;
  ageH: number;
  assigned: boolean;
  /** Each move and how many hours after creation it happened. */
  moves: readonly (readonly [WorkOrderStatus, number])[];
}

/** A few work orders in each state, the technician's among them, and one past its four urgent hours. */
const DEMO_ORDERS: readonly DemoOrder[] = [
  {
    title: 'Light flickering in the corridor',
    description: 'Reported at the morning round: the second light from the stairs flickers.',
    category: 'light',
    nth: 2,
    priority: 'normal',
    ageH: 2,
    assigned: false,
    moves: [],
  },
  {
    title: 'AC not cooling in the meeting room',
    description: 'The room stays at 27 °C with the AC on; check the filter and the refrigerant.',
    category: 'ac',
    nth: 1,
    priority: 'urgent',
    ageH: 6,
    assigned: true,
    moves: [],
  },
  {
    title: 'Air sensor reads CO2 too high',
    description: 'CO2 above 1500 ppm with the room empty: recalibrate or replace the sensor.',
    category: 'airSensor',
    nth: 0,
    priority: 'high',
    ageH: 20,
    assigned: true,
    moves: [['inProgress', 1]],
  },
  {
    title: 'Replace the wall panel of room 102',
    description: 'The middle button is broken; waiting for the spare part.',
    category: 'lightPanel',
    nth: 0,
    priority: 'low',
    ageH: 50,
    assigned: true,
    moves: [
      ['inProgress', 2],
      ['onHold', 3],
    ],
  },
  {
    title: 'AC unit dripping water',
    description: 'Water on the floor under the indoor unit; drain pipe blocked.',
    category: 'ac',
    nth: 3,
    priority: 'high',
    ageH: 30,
    assigned: true,
    moves: [
      ['inProgress', 0.5],
      ['resolved', 4],
    ],
  },
  {
    title: 'Light off in the open office',
    description: 'One light stays off whatever the panel says.',
    category: 'light',
    nth: 5,
    priority: 'normal',
    ageH: 240,
    assigned: true,
    moves: [
      ['inProgress', 3],
      ['resolved', 26],
      ['closed', 30],
    ],
  },
];

/**
 * The demo campus's work orders (first start only, like the rest of the demo): a few in each state, the
 * technician (`tech`) with work assigned, and a maintenance plan (the ACs' filters every 90 days, its next run
 * ahead). Written with the module's own rules (service levels on the campus calendar, history entries).
 */
export async function seedWorkOrders(db: Db, tenantId: number, projectId: number, now = new Date()) {
  const [tech] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'tech'));
  const [manager] = await db
    .select({ id: users.id, name: users.nickName })
    .from(users)
    .where(eq(users.username, 'manager'));
  const [project] = await db.select().from(projects).where(eq(projects.id, projectId));
  if (!tech || !manager || !project) return;
  const all = await db
    .select({ id: devices.id, category: devices.category, buildingId: devices.buildingId })
    .from(devices)
    .where(eq(devices.projectId, projectId))
    .orderBy(asc(devices.id));
  const actor = { userId: manager.id, userName: manager.name };
  for (const demo of DEMO_ORDERS) {
    const device = all.filter((d) => d.category === demo.category)[demo.nth];
    if (!device) continue;
    const created = new Date(now.getTime() - demo.ageH * HOUR_MS);
    const sla = await startSla(db, projectId, demo.priority, created);
    await db.transaction(async (tx) => {
      const made = await insertWorkOrder(
        tx,
        {
          tenantId,
          projectId,
          buildingId: null,
          floorId: null,
          zoneId: null,
          deviceId: device.id,
          ...(await placeOf(tx, device.id)),
          title: demo.title,
          description: demo.description,
          priority: demo.priority,
          assigneeId: demo.assigned ? tech.id : null,
          photoIds: [],
          source: 'console',
        },
        sla,
        actor,
        created,
      );
      if (!made) return;
      await replay(tx, made.row, demo.moves, created, { tech: tech.id, manager: actor });
    });
  }
  const calendar = project.timeZone;
  await db.insert(maintenancePlans).values({
    tenantId,
    projectId,
    name: 'Clean the AC filters',
    description: 'Take out, wash and dry the filters of every indoor unit.',
    priority: 'low',
    category: 'ac',
    interval: 90,
    intervalUnit: 'days',
    startDate: '2026-01-05',
    hour: 9,
    assigneeId: tech.id,
    nextRunAt: new Date(
      nextRun(
        { startDate: '2026-01-05', interval: 90, intervalUnit: 'days', hour: 9 },
        calendar,
        now.getTime(),
      ),
    ),
  });
}

async function placeOf(db: Db, deviceId: number) {
  const [row] = await db
    .select({ buildingId: devices.buildingId, floorId: devices.floorId, zoneId: devices.zoneId })
    .from(devices)
    .where(eq(devices.id, deviceId));
  return row ?? {};
}

/** Moves a demo work order through its steps, at the hours the steps say. */
async function replay(
  db: Db,
  row: typeof workOrders.$inferSelect,
  moves: DemoOrder['moves'],
  created: Date,
  who: { tech: number; manager: { userId: number; userName: string } },
): Promise<void> {
  if (moves.length === 0) return;
  const calendar = await calendarFor(db, row.projectId, row.slaUnit, created.getTime());
  let status = row.status;
  const set: Partial<typeof workOrders.$inferInsert> = {};
  let last = created;
  for (const [to, afterH] of moves) {
    const at = new Date(created.getTime() + afterH * HOUR_MS);
    if (to === 'inProgress') set.acknowledgedAt ??= at;
    if (to === 'onHold' || to === 'resolved') {
      set.slaUsedMs = slaSpent(row.slaUnit, calendar, created.getTime(), at.getTime());
      set.slaSince = null;
    }
    if (to === 'resolved') {
      set.resolvedAt = at;
      set.resolvedWithinSla = (set.slaUsedMs ?? 0) <= row.slaTargetMs;
    }
    if (to === 'closed') set.closedAt = at;
    await addHistory(db, {
      workOrderId: row.id,
      at,
      // The technician works it; the reporter (the manager) closes it.
      ...(to === 'closed' ? who.manager : { userId: who.tech, userName: 'Technician' }),
      event: 'status',
      fromStatus: status,
      toStatus: to,
    });
    status = to;
    last = at;
  }
  await db
    .update(workOrders)
    .set({ ...set, status, updatedAt: last })
    .where(and(eq(workOrders.id, row.id), eq(workOrders.version, row.version)));
}
