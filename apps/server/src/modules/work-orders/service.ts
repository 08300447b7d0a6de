import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import {
  OPEN_WORK_ORDER_STATUSES,
  type WorkOrderDetail,
  type workOrderAssignBodySchema,
  type workOrderCommentBodySchema,
  type workOrderCreateBodySchema,
  type workOrderSaveBodySchema,
} from '@sbuilding/shared';
import { conflict, forbidden, notFound } from '../../platform/errors.js';
import { tenantFilter, type Scope } from '../../platform/tenancy.js';
import { findProject } from '../projects/index.js';
import { calendarFor, insertWorkOrder, startSla } from './create.js';
import { addHistory } from './history.js';
import { workOrderDetail } from './read.js';
import { readSettings } from './settings-service.js';
import { slaBudgetMs, slaDeadline } from './sla.js';
import {
  actorOf,
  checkAssignee,
  checkPhotos,
  isManager,
  ownedWorkOrder,
  resolvePlace,
  type WorkOrderDeps,
} from './support.js';
import { workOrderComments, workOrderPhotos, workOrders } from './tables.js';

/** PUT /sbuilding/workorder/create: a person's work order, assigned at once when it names an assignee. */
export async function createWorkOrder(
  deps: WorkOrderDeps,
  scope: Scope,
  body: z.infer<typeof workOrderCreateBodySchema>,
): Promise<WorkOrderDetail> {
  const project = await findProject(deps.db, scope, body.projectId);
  const place = await resolvePlace(deps.db, project.id, body);
  await checkAssignee(deps.db, project.tenantId, body.assigneeId);
  await checkPhotos(deps.db, project.tenantId, scope.userId, body.photoIds);
  const actor = await actorOf(deps.db, scope);
  const now = deps.clock.now();
  const sla = await startSla(deps.db, project.id, body.priority, now);
  const made = await deps.db.transaction((tx) =>
    insertWorkOrder(
      tx,
      { ...body, ...place, tenantId: project.tenantId, projectId: project.id, source: 'console' },
      sla,
      actor,
      now,
    ),
  );
  if (!made) throw conflict();
  if (made.notified) deps.notify();
  return workOrderDetail(deps, scope, made.row.id);
}

/** A value of an edited field as the history shows it. */
const text = (value: string | number | null) => (value === null ? '' : String(value));

/**
 * POST /sbuilding/workorder/save/{id}: the whole form at the version read. A tbAdmin edits any work order; its
 * reporter may correct their own report while it is new (not its assignee). A new priority moves the due time
 * to the new service level's; giving an assignee to a new work order assigns it, removing it makes it new again.
 */
export async function saveWorkOrder(
  deps: WorkOrderDeps,
  scope: Scope,
  id: number,
  body: z.infer<typeof workOrderSaveBodySchema>,
): Promise<WorkOrderDetail> {
  const row = await ownedWorkOrder(deps.db, scope, id);
  const manager = isManager(scope);
  if (!manager && !(row.reporterId === scope.userId && row.status === 'new'))
    throw forbidden('workOrder.cannotEdit');
  if (!manager && body.assigneeId !== row.assigneeId) throw forbidden('workOrder.cannotEdit');
  if (body.version !== row.version) throw conflict('workOrder.changed');
  const place = await resolvePlace(deps.db, row.projectId, body);
  await checkAssignee(deps.db, row.tenantId, body.assigneeId);
  const actor = await actorOf(deps.db, scope);
  const now = deps.clock.now();

  const clock: Partial<typeof workOrders.$inferInsert> = {};
  if (body.priority !== row.priority) {
    const level = (await readSettings(deps.db, row.projectId)).serviceLevels[body.priority];
    const calendar = await calendarFor(deps.db, row.projectId, level.unit, now.getTime());
    clock.slaUnit = level.unit;
    clock.slaTargetMs = slaBudgetMs(level, calendar);
    if (row.slaSince !== null) {
      const left = clock.slaTargetMs - row.slaUsedMs;
      clock.dueAt = new Date(slaDeadline(level.unit, calendar, row.slaSince.getTime(), left));
    }
  }
  const assigneeChanged = body.assigneeId !== row.assigneeId;
  let status = row.status;
  if (assigneeChanged && body.assigneeId !== null && row.status === 'new') status = 'assigned';
  if (assigneeChanged && body.assigneeId === null && row.status === 'assigned') status = 'new';
  const changes = (
    [
      ['title', row.title, body.title],
      ['description', row.description, body.description],
      ['priority', row.priority, body.priority],
      ['buildingId', row.buildingId, place.buildingId],
      ['floorId', row.floorId, place.floorId],
      ['zoneId', row.zoneId, place.zoneId],
      ['deviceId', row.deviceId, place.deviceId],
    ] as const
  )
    .filter(([, from, to]) => from !== to)
    .map(([field, from, to]) => ({ field, from: text(from), to: text(to) }));

  const notified = await deps.db.transaction(async (tx) => {
    const [saved] = await tx
      .update(workOrders)
      .set({
        ...place,
        ...clock,
        title: body.title,
        description: body.description,
        priority: body.priority,
        assigneeId: body.assigneeId,
        status,
        version: row.version + 1,
        updatedAt: now,
      })
      .where(and(eq(workOrders.id, id), eq(workOrders.version, row.version)))
      .returning({ id: workOrders.id });
    if (!saved) throw conflict('workOrder.changed');
    const who = { workOrderId: id, at: now, userId: actor.userId, userName: actor.userName };
    if (changes.length > 0) await addHistory(tx, { ...who, event: 'edited', changes });
    if (!assigneeChanged) return false;
    const assigned = await addHistory(
      tx,
      { ...who, event: 'assigned', fromStatus: row.status, toStatus: status },
      body.assigneeId === null ? undefined : 'workOrderAssigned',
    );
    return assigned.notified;
  });
  if (notified) deps.notify();
  return workOrderDetail(deps, scope, id);
}

/** POST /sbuilding/workorder/comment/{id}: anyone who may write work orders comments, with pictures. */
export async function commentWorkOrder(
  deps: WorkOrderDeps,
  scope: Scope,
  id: number,
  body: z.infer<typeof workOrderCommentBodySchema>,
): Promise<WorkOrderDetail> {
  const row = await ownedWorkOrder(deps.db, scope, id);
  await checkPhotos(deps.db, row.tenantId, scope.userId, body.photoIds);
  const actor = await actorOf(deps.db, scope);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [comment] = await tx
      .insert(workOrderComments)
      .values({ workOrderId: id, userId: actor.userId, userName: actor.userName, text: body.text, at: now })
      .returning({ id: workOrderComments.id });
    if (!comment) throw notFound();
    if (body.photoIds.length > 0)
      await tx
        .insert(workOrderPhotos)
        .values(
          body.photoIds.map((fileId, sort) => ({ workOrderId: id, fileId, commentId: comment.id, sort })),
        )
        .onConflictDoNothing();
  });
  return workOrderDetail(deps, scope, id);
}

/**
 * POST /sbuilding/workorder/assign: gives the open work orders among `ids` to one assignee (the new ones become
 * assigned); the resolved and closed ones are left as they are. Answers how many were assigned.
 */
export async function assignWorkOrders(
  deps: WorkOrderDeps,
  scope: Scope,
  body: z.infer<typeof workOrderAssignBodySchema>,
): Promise<number> {
  const rows = await deps.db
    .select()
    .from(workOrders)
    .where(
      and(
        tenantFilter(scope, workOrders.tenantId),
        inArray(workOrders.id, body.ids),
        inArray(workOrders.status, [...OPEN_WORK_ORDER_STATUSES]),
      ),
    );
  for (const tenantId of new Set(rows.map((r) => r.tenantId)))
    await checkAssignee(deps.db, tenantId, body.assigneeId);
  const actor = await actorOf(deps.db, scope);
  const now = deps.clock.now();
  let assigned = 0;
  let notified = false;
  await deps.db.transaction(async (tx) => {
    for (const row of rows) {
      if (row.assigneeId === body.assigneeId) continue;
      const status = row.status === 'new' ? 'assigned' : row.status;
      const [saved] = await tx
        .update(workOrders)
        .set({ assigneeId: body.assigneeId, status, version: row.version + 1, updatedAt: now })
        .where(and(eq(workOrders.id, row.id), eq(workOrders.version, row.version)))
        .returning({ id: workOrders.id });
      if (!saved) throw conflict('workOrder.changed');
      const entry = { workOrderId: row.id, at: now, userId: actor.userId, userName: actor.userName };
      const written = await addHistory(
        tx,
        { ...entry, event: 'assigned', fromStatus: row.status, toStatus: status },
        'workOrderAssigned',
      );
      notified ||= written.notified;
      assigned += 1;
    }
  });
  if (notified) deps.notify();
  return assigned;
}
