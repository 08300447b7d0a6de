import type { SlaUnit, WorkOrderPriority, WorkOrderSource } from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { addHistory } from './history.js';
import type { WorkOrderRow } from './rows.js';
import { readSettings } from './settings-service.js';
import { slaBudgetMs, slaDeadline, type WorkCalendar } from './sla.js';
import type { Actor, Place } from './support.js';
import { workOrderPhotos, workOrders } from './tables.js';
import { loadWorkCalendar } from './work-calendar.js';

/** A work order's service-level clock as it starts: the priority's budget, running from now. */
export interface SlaStart {
  slaUnit: SlaUnit;
  slaTargetMs: number;
  slaSince: Date;
  dueAt: Date;
}

/** The calendar a unit needs (none for wall-clock hours: no query). */
export async function calendarFor(
  db: Db,
  projectId: number,
  unit: SlaUnit,
  fromMs: number,
): Promise<WorkCalendar> {
  if (unit === 'hours') return { timeZone: 'UTC', windows: [[0, 1440]], exceptions: new Map() };
  return loadWorkCalendar(db, projectId, fromMs);
}

/** The clock of a new work order of `priority` in the project: its service level, counted from `now`. */
export async function startSla(
  db: Db,
  projectId: number,
  priority: WorkOrderPriority,
  now: Date,
): Promise<SlaStart> {
  const level = (await readSettings(db, projectId)).serviceLevels[priority];
  const calendar = await calendarFor(db, projectId, level.unit, now.getTime());
  const target = slaBudgetMs(level, calendar);
  return {
    slaUnit: level.unit,
    slaTargetMs: target,
    slaSince: now,
    dueAt: new Date(slaDeadline(level.unit, calendar, now.getTime(), target)),
  };
}

export interface NewWorkOrder extends Place {
  tenantId: number;
  projectId: number;
  title: string;
  description: string;
  priority: WorkOrderPriority;
  assigneeId: number | null;
  photoIds: readonly string[];
  source: WorkOrderSource;
  alertId?: number | null;
  maintenancePlanId?: number | null;
  planRunAt?: Date | null;
}

/**
 * Writes a new work order (in the caller's transaction) with its clock, its photos and its history: created,
 * and assigned when it comes with an assignee, each with its deliveries. Answers null when a unique index says
 * it exists already (the alert's work order, a plan run's device): nothing is written then.
 */
export async function insertWorkOrder(
  tx: Db,
  input: NewWorkOrder,
  sla: SlaStart,
  actor: Actor,
  now: Date,
): Promise<{ row: WorkOrderRow; notified: boolean } | null> {
  const status = input.assigneeId === null ? 'new' : 'assigned';
  const [row] = await tx
    .insert(workOrders)
    .values({
      tenantId: input.tenantId,
      projectId: input.projectId,
      buildingId: input.buildingId,
      floorId: input.floorId,
      zoneId: input.zoneId,
      deviceId: input.deviceId,
      title: input.title,
      description: input.description,
      priority: input.priority,
      status,
      source: input.source,
      reporterId: actor.userId,
      reporterName: actor.userName,
      assigneeId: input.assigneeId,
      alertId: input.alertId ?? null,
      maintenancePlanId: input.maintenancePlanId ?? null,
      planRunAt: input.planRunAt ?? null,
      ...sla,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) return null;
  if (input.photoIds.length > 0) {
    await tx
      .insert(workOrderPhotos)
      .values(input.photoIds.map((fileId, sort) => ({ workOrderId: row.id, fileId, sort })));
  }
  const who = { workOrderId: row.id, at: now, userId: actor.userId, userName: actor.userName };
  const created = await addHistory(tx, { ...who, event: 'created', toStatus: status }, 'workOrderCreated');
  let notified = created.notified;
  if (input.assigneeId !== null) {
    const assigned = await addHistory(
      tx,
      { ...who, event: 'assigned', fromStatus: 'new', toStatus: status },
      'workOrderAssigned',
    );
    notified ||= assigned.notified;
  }
  return { row, notified };
}
