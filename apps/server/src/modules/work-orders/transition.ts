import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ALERT_HANDLE_PERMISSION,
  hasAnyPermission,
  mayTransition,
  SLA_RUNNING_STATUSES,
  transitionKind,
  type WorkOrderDetail,
  type workOrderTransitionBodySchema,
} from '@sbuilding/shared';
import { AppError, badRequest, conflict, forbidden } from '../../platform/errors.js';
import type { Scope } from '../../platform/tenancy.js';
import { handleAlert } from '../alerts/index.js';
import { alerts } from '../alerts/tables.js';
import { calendarFor } from './create.js';
import { addHistory } from './history.js';
import { workOrderDetail } from './read.js';
import { slaDeadline, slaSpent } from './sla.js';
import { actorOf, isManager, ownedWorkOrder, type WorkOrderDeps } from './support.js';
import { workOrders } from './tables.js';

type TransitionBody = z.infer<typeof workOrderTransitionBodySchema>;

/**
 * POST /sbuilding/workorder/transition/{id}: one move of the status flow, if the flow has it and the caller
 * may make it (`mayTransition`: a tbAdmin any; the assignee the work moves of their own; the reporter closes
 * or reopens their own), else 400 or 403. Applied only from the status read (and the version, when given):
 * two moves at once cannot both apply (409).
 *
 * The service-level clock runs in new, assigned and in progress: leaving them adds the stretch to what was
 * spent; coming back (resume, reopen) starts a stretch due when what is left runs out. A reopen starts a new
 * escalation cycle. Resolving records whether the service level held, and with `handleAlert` processes the
 * linked alert as the caller (who must be allowed to handle alerts).
 */
export async function transitionWorkOrder(
  deps: WorkOrderDeps,
  scope: Scope,
  id: number,
  body: TransitionBody,
): Promise<WorkOrderDetail> {
  const row = await ownedWorkOrder(deps.db, scope, id);
  const kind = transitionKind(row.status, body.to);
  if (kind === null) throw badRequest('workOrder.noSuchMove', { from: row.status, to: body.to });
  if (!mayTransition({ userId: scope.userId, manager: isManager(scope) }, row, body.to))
    throw forbidden('workOrder.notYours');
  if (body.version !== undefined && body.version !== row.version) throw conflict('workOrder.changed');
  if (body.to === 'assigned' && row.assigneeId === null) throw badRequest('workOrder.assigneeRequired');
  const handling = body.to === 'resolved' && body.handleAlert;
  if (handling && row.alertId === null) throw badRequest('workOrder.noAlert');
  if (handling && !hasAnyPermission(scope.permissions, [ALERT_HANDLE_PERMISSION]))
    throw forbidden('workOrder.alertHandleDenied');

  const actor = await actorOf(deps.db, scope);
  const now = deps.clock.now();
  const nowMs = now.getTime();
  const calendar = await calendarFor(deps.db, row.projectId, row.slaUnit, row.slaSince?.getTime() ?? nowMs);
  const running = row.slaSince !== null;
  const willRun = SLA_RUNNING_STATUSES.includes(body.to);
  const spent = running && row.slaSince ? slaSpent(row.slaUnit, calendar, row.slaSince.getTime(), nowMs) : 0;
  const used = row.slaUsedMs + spent;
  const set: Partial<typeof workOrders.$inferInsert> = {
    status: body.to,
    version: row.version + 1,
    updatedAt: now,
  };
  if (running && !willRun) {
    set.slaUsedMs = used;
    set.slaSince = null;
  }
  if (!running && willRun) {
    set.slaSince = now;
    set.dueAt = new Date(slaDeadline(row.slaUnit, calendar, nowMs, row.slaTargetMs - row.slaUsedMs));
  }
  if (kind === 'reopen') {
    Object.assign(set, { overdueAt: null, resolvedAt: null, resolvedWithinSla: null, closedAt: null });
  }
  if (body.to === 'new') set.assigneeId = null;
  if (body.to === 'inProgress' && row.acknowledgedAt === null) set.acknowledgedAt = now;
  if (body.to === 'resolved') {
    set.resolvedAt = now;
    set.resolvedWithinSla = row.overdueAt === null && used <= row.slaTargetMs;
  }
  if (body.to === 'closed') set.closedAt = now;

  const notified = await deps.db.transaction(async (tx) => {
    const [moved] = await tx
      .update(workOrders)
      .set(set)
      .where(
        and(eq(workOrders.id, id), eq(workOrders.version, row.version), eq(workOrders.status, row.status)),
      )
      .returning({ id: workOrders.id });
    if (!moved) throw conflict('workOrder.changed');
    const entry = {
      workOrderId: id,
      at: now,
      userId: actor.userId,
      userName: actor.userName,
      event: 'status' as const,
      fromStatus: row.status,
      toStatus: body.to,
      note: body.note,
    };
    const written = await addHistory(tx, entry, body.to === 'resolved' ? 'workOrderResolved' : undefined);
    return written.notified;
  });
  if (notified) deps.notify();
  if (handling && row.alertId !== null) await handleLinkedAlert(deps, scope, id, row.alertId, body, actor);
  return workOrderDetail(deps, scope, id);
}

/**
 * Processes the linked alert as the caller, once the work order is resolved. An alert no longer alerting (it
 * resolved by itself, someone handled it) has nothing left to handle: the work order's history says so either
 * way.
 */
async function handleLinkedAlert(
  deps: WorkOrderDeps,
  scope: Scope,
  workOrderId: number,
  alertId: number,
  body: TransitionBody,
  actor: { userId: number | null; userName: string },
): Promise<void> {
  const [alert] = await deps.db
    .select({ status: alerts.status, version: alerts.version })
    .from(alerts)
    .where(eq(alerts.id, alertId));
  if (!alert || alert.status !== 'alerting') return;
  try {
    await handleAlert(deps.db, deps.alertEvents, scope, alertId, alert.version, {
      to: 'processed',
      solution: body.alertSolution,
      date: deps.clock.now().toISOString(),
    });
  } catch (error) {
    // Changed meanwhile (it came back by itself): the alert's own history says how it ended.
    if (error instanceof AppError && error.status === 409) return;
    throw error;
  }
  await addHistory(deps.db, {
    workOrderId,
    at: deps.clock.now(),
    userId: actor.userId,
    userName: actor.userName,
    event: 'alertHandled',
    note: body.alertSolution,
  });
}
