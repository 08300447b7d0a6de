import { and, eq, ilike, inArray, isNotNull, lte, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  OPEN_WORK_ORDER_STATUSES,
  SLA_RUNNING_STATUSES,
  type WebhookWorkOrder,
  type WorkOrder,
  type WorkOrderFilter,
} from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { likePattern } from '../../platform/db/like.js';
import { tenantFilter, type Scope } from '../../platform/tenancy.js';
import { buildings, floors, zones } from '../buildings/tables.js';
import { devices } from '../devices/tables.js';
import { users } from '../users/tables.js';
import { workOrders } from './tables.js';

export type WorkOrderRow = typeof workOrders.$inferSelect;

const assignee = alias(users, 'assignee');

/** A user's name as people read it: the nickname, else the username. */
export const nameOf = (table: { nickName: AnyColumn; username: AnyColumn }) =>
  sql<string>`coalesce(nullif(${table.nickName}, ''), ${table.username}, '')`;

/** Work orders with the names of their place and assignee (joined, so a renamed building reads right). */
export function selectWorkOrders(db: Db) {
  return db
    .select({
      order: workOrders,
      buildingName: buildings.name,
      floorName: floors.name,
      zoneName: zones.name,
      deviceName: devices.name,
      assigneeName: nameOf(assignee),
    })
    .from(workOrders)
    .leftJoin(buildings, eq(buildings.id, workOrders.buildingId))
    .leftJoin(floors, eq(floors.id, workOrders.floorId))
    .leftJoin(zones, eq(zones.id, workOrders.zoneId))
    .leftJoin(devices, eq(devices.id, workOrders.deviceId))
    .leftJoin(assignee, eq(assignee.id, workOrders.assigneeId));
}

export type JoinedRow = Awaited<ReturnType<ReturnType<typeof selectWorkOrders>['where']>>[number];

/** Still to do. */
export function isOpen(row: Pick<WorkOrderRow, 'status'>): boolean {
  return OPEN_WORK_ORDER_STATUSES.includes(row.status);
}

/** Still to do and late: marked by the escalation, or past due while the clock runs (not marked yet). */
export function isOverdue(row: WorkOrderRow, nowMs: number): boolean {
  if (!isOpen(row)) return false;
  if (row.overdueAt !== null) return true;
  return SLA_RUNNING_STATUSES.includes(row.status) && row.dueAt !== null && row.dueAt.getTime() <= nowMs;
}

/** The same as isOverdue, as a condition. */
export function overdueCondition(now: Date): SQL | undefined {
  return and(
    inArray(workOrders.status, [...OPEN_WORK_ORDER_STATUSES]),
    or(
      isNotNull(workOrders.overdueAt),
      and(inArray(workOrders.status, [...SLA_RUNNING_STATUSES]), lte(workOrders.dueAt, now)),
    ),
  );
}

export function toWorkOrder(joined: JoinedRow, nowMs: number): WorkOrder {
  const row = joined.order;
  const iso = (value: Date | null) => value?.toISOString() ?? null;
  return {
    id: row.id,
    projectId: row.projectId,
    buildingId: row.buildingId,
    buildingName: joined.buildingName ?? '',
    floorId: row.floorId,
    floorName: joined.floorName ?? '',
    zoneId: row.zoneId,
    zoneName: joined.zoneName ?? '',
    deviceId: row.deviceId,
    deviceName: joined.deviceName ?? '',
    title: row.title,
    description: row.description,
    priority: row.priority,
    status: row.status,
    source: row.source,
    reporterId: row.reporterId,
    reporterName: row.reporterName,
    assigneeId: row.assigneeId,
    assigneeName: joined.assigneeName,
    alertId: row.alertId,
    maintenancePlanId: row.maintenancePlanId,
    dueAt: iso(row.dueAt),
    slaPaused: row.slaSince === null,
    overdue: isOverdue(row, nowMs),
    overdueAt: iso(row.overdueAt),
    acknowledgedAt: iso(row.acknowledgedAt),
    resolvedAt: iso(row.resolvedAt),
    resolvedWithinSla: row.resolvedWithinSla,
    closedAt: iso(row.closedAt),
    version: row.version,
    createTime: row.createdAt.toISOString(),
    updateTime: row.updatedAt.toISOString(),
  };
}

/** What a notification says of a work order. */
export function webhookWorkOrder(order: WorkOrder): WebhookWorkOrder {
  return {
    id: order.id,
    title: order.title,
    priority: order.priority,
    status: order.status,
    source: order.source,
    place: [order.buildingName, order.floorName, order.zoneName, order.deviceName]
      .filter(Boolean)
      .join(' / '),
    assigneeId: order.assigneeId,
    assigneeName: order.assigneeName,
    reporterName: order.reporterName,
    dueAt: order.slaPaused ? null : order.dueAt,
    overdueAt: order.overdueAt,
    resolvedAt: order.resolvedAt,
    alertId: order.alertId,
  };
}

/** The list's conditions, always within the caller's tenancy. */
export function whereOf(scope: Scope, filter: WorkOrderFilter, now: Date): SQL | undefined {
  const w = workOrders;
  const conditions: (SQL | undefined)[] = [
    tenantFilter(scope, w.tenantId),
    eq(w.projectId, filter.projectId),
  ];
  if (filter.status) conditions.push(eq(w.status, filter.status));
  if (filter.open) conditions.push(inArray(w.status, [...OPEN_WORK_ORDER_STATUSES]));
  if (filter.priority) conditions.push(eq(w.priority, filter.priority));
  if (filter.source) conditions.push(eq(w.source, filter.source));
  if (filter.assigneeId !== undefined) conditions.push(eq(w.assigneeId, filter.assigneeId));
  if (filter.mine) conditions.push(eq(w.assigneeId, scope.userId));
  if (filter.buildingId !== undefined) conditions.push(eq(w.buildingId, filter.buildingId));
  if (filter.overdue) conditions.push(overdueCondition(now));
  if (filter.keyword) {
    const like = likePattern(filter.keyword);
    conditions.push(or(ilike(w.title, like), ilike(w.description, like)));
  }
  return and(...conditions);
}
