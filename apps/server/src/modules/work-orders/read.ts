import { and, asc, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import {
  allowedTransitions,
  type PageResult,
  type WorkOrder,
  type WorkOrderAssignee,
  type WorkOrderDetail,
  type WorkOrderListFilter,
  type WorkOrderPhoto,
} from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { notFound } from '../../platform/errors.js';
import { ownedOr404, type Scope } from '../../platform/tenancy.js';
import { alerts } from '../alerts/tables.js';
import { findProject } from '../projects/index.js';
import { users } from '../users/tables.js';
import { nameOf, selectWorkOrders, toWorkOrder, whereOf } from './rows.js';
import { isManager, type WorkOrderDeps } from './support.js';
import { workOrderComments, workOrderHistory, workOrderPhotos, workOrders } from './tables.js';

/** POST /sbuilding/workorder/getList: newest first. */
export async function listWorkOrders(
  deps: Pick<WorkOrderDeps, 'db' | 'clock'>,
  scope: Scope,
  filter: WorkOrderListFilter,
): Promise<PageResult<WorkOrder>> {
  const now = deps.clock.now();
  const where = whereOf(scope, filter, now);
  const [rows, [total]] = await Promise.all([
    selectWorkOrders(deps.db)
      .where(where)
      .orderBy(desc(workOrders.createdAt), desc(workOrders.id))
      .limit(filter.pageSize)
      .offset((filter.pageNum - 1) * filter.pageSize),
    deps.db.select({ value: count() }).from(workOrders).where(where),
  ]);
  return { rows: rows.map((r) => toWorkOrder(r, now.getTime())), total: total?.value ?? 0 };
}

/** Every work order of the filter (all pages), newest first: the export. */
export async function allWorkOrders(
  deps: Pick<WorkOrderDeps, 'db' | 'clock'>,
  scope: Scope,
  filter: WorkOrderListFilter,
): Promise<WorkOrder[]> {
  const now = deps.clock.now();
  const rows = await selectWorkOrders(deps.db)
    .where(whereOf(scope, filter, now))
    .orderBy(desc(workOrders.createdAt), desc(workOrders.id));
  return rows.map((r) => toWorkOrder(r, now.getTime()));
}

/** The pictures of a work order by comment (null: the report's own), each with a signed link. */
async function photosOf(deps: Pick<WorkOrderDeps, 'db' | 'fileUrl'>, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const rows = await deps.db
    .select()
    .from(workOrderPhotos)
    .where(inArray(workOrderPhotos.workOrderId, [...ids]))
    .orderBy(asc(workOrderPhotos.sort));
  return rows.map((r) => ({
    workOrderId: r.workOrderId,
    commentId: r.commentId,
    photo: { id: r.fileId, url: deps.fileUrl(r.fileId) } satisfies WorkOrderPhoto,
  }));
}

/** The report's own pictures of each work order (the mini-program's list). */
export async function reportPhotos(
  deps: Pick<WorkOrderDeps, 'db' | 'fileUrl'>,
  ids: readonly number[],
): Promise<Map<number, WorkOrderPhoto[]>> {
  const out = new Map<number, WorkOrderPhoto[]>();
  for (const p of await photosOf(deps, ids)) {
    if (p.commentId !== null) continue;
    out.set(p.workOrderId, [...(out.get(p.workOrderId) ?? []), p.photo]);
  }
  return out;
}

/** GET /sbuilding/workorder/{id}: the work order, its pictures, history, comments, alert and the caller's moves. */
export async function workOrderDetail(
  deps: WorkOrderDeps,
  scope: Scope,
  id: number,
): Promise<WorkOrderDetail> {
  const [joined] = await selectWorkOrders(deps.db).where(eq(workOrders.id, id));
  const row = ownedOr404(scope, joined?.order);
  if (!joined) throw notFound();
  const [history, comments, photos, [alert]] = await Promise.all([
    deps.db
      .select()
      .from(workOrderHistory)
      .where(eq(workOrderHistory.workOrderId, id))
      .orderBy(asc(workOrderHistory.at), asc(workOrderHistory.id)),
    deps.db
      .select()
      .from(workOrderComments)
      .where(eq(workOrderComments.workOrderId, id))
      .orderBy(asc(workOrderComments.at), asc(workOrderComments.id)),
    photosOf(deps, [id]),
    row.alertId === null
      ? Promise.resolve([])
      : deps.db
          .select({
            id: alerts.id,
            level: alerts.level,
            status: alerts.status,
            object: alerts.object,
            version: alerts.version,
          })
          .from(alerts)
          .where(eq(alerts.id, row.alertId)),
  ]);
  const actor = { userId: scope.userId, manager: isManager(scope) };
  return {
    ...toWorkOrder(joined, deps.clock.now().getTime()),
    photos: photos.filter((p) => p.commentId === null).map((p) => p.photo),
    history: history.map((h) => ({
      id: h.id,
      at: h.at.toISOString(),
      userId: h.userId,
      userName: h.userName,
      event: h.event,
      fromStatus: h.fromStatus,
      toStatus: h.toStatus,
      note: h.note,
      changes: h.changes,
    })),
    comments: comments.map((c) => ({
      id: c.id,
      at: c.at.toISOString(),
      userId: c.userId,
      userName: c.userName,
      text: c.text,
      photos: photos.filter((p) => p.commentId === c.id).map((p) => p.photo),
    })),
    alert: alert ?? null,
    transitions: allowedTransitions(actor, row),
  };
}

/** GET /sbuilding/workorder/assignees: the tenant's active users who may be given work orders. */
export async function listAssignees(db: Db, scope: Scope, projectId: number): Promise<WorkOrderAssignee[]> {
  const project = await findProject(db, scope, projectId);
  const rows = await db
    .select({ id: users.id, name: nameOf(users), roles: users.roles })
    .from(users)
    .where(and(eq(users.tenantId, project.tenantId), isNull(users.deletedAt), eq(users.blacklisted, false)))
    .orderBy(asc(users.nickName), asc(users.id));
  return rows
    .filter((u) => u.roles.some((r) => r === 'tbAdmin' || r === 'tbCustomer'))
    .map((u) => ({ id: u.id, name: u.name }));
}
