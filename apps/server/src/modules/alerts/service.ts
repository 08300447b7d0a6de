import { and, asc, count, desc, eq, gte, inArray, lte, type SQL } from 'drizzle-orm';
import type {
  Alert,
  AlertCounts,
  AlertDetail,
  AlertFilter,
  AlertListFilter,
  AlertSolution,
  PageResult,
} from '@sbuilding/shared';
import { ALERT_LEVELS } from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { conflict } from '../../platform/errors.js';
import { hallFilter, ownedOr404, tenantFilter, type Scope } from '../../platform/tenancy.js';
import { users } from '../users/tables.js';
import { workOrders } from '../work-orders/tables.js';
import type { AlertChange, AlertEvents } from './events.js';
import { alertHistory, alerts, nextVersion, type NewHistory } from './tables.js';

type Row = typeof alerts.$inferSelect;

/** `workOrderId`: the alert's work order (issue 37), for the link from the alarm board. */
export function toAlert(row: Row, workOrderId: number | null = null): Alert {
  return {
    workOrderId,
    id: row.id,
    projectId: row.projectId,
    deviceId: row.deviceId,
    deviceName: row.deviceName,
    model: row.model,
    category: row.category,
    buildingId: row.buildingId,
    floorId: row.floorId,
    level: row.level,
    status: row.status,
    type: row.type,
    address: row.address,
    positionName: row.positionName,
    object: row.object,
    alertTime: row.alertTime.toISOString(),
    lastTelemetryAt: row.lastTelemetryAt?.toISOString() ?? null,
    solution: row.solution,
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
    ruleId: row.ruleId,
    value: row.value,
    threshold: row.threshold,
  };
}

/** The work order each of these alerts has (one at most), by alert. */
async function workOrdersOf(db: Db, alertIds: readonly number[]): Promise<Map<number, number>> {
  if (alertIds.length === 0) return new Map();
  const rows = await db
    .select({ id: workOrders.id, alertId: workOrders.alertId })
    .from(workOrders)
    .where(inArray(workOrders.alertId, [...alertIds]));
  return new Map(rows.flatMap((r) => (r.alertId === null ? [] : [[r.alertId, r.id] as const])));
}

/** The conditions of a board filter, always within the caller's tenancy. */
export function whereOf(scope: Scope, filter: AlertFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    tenantFilter(scope, alerts.tenantId),
    eq(alerts.projectId, filter.projectId),
  ];
  if (filter.level) conditions.push(eq(alerts.level, filter.level));
  if (filter.status) conditions.push(eq(alerts.status, filter.status));
  if (filter.type) conditions.push(eq(alerts.type, filter.type));
  if (filter.buildingId !== undefined) conditions.push(eq(alerts.buildingId, filter.buildingId));
  if (filter.floorId !== undefined) conditions.push(eq(alerts.floorId, filter.floorId));
  if (filter.from) conditions.push(gte(alerts.alertTime, new Date(filter.from)));
  if (filter.to) conditions.push(lte(alerts.alertTime, new Date(filter.to)));
  return and(...conditions);
}

/** POST /sbuilding/alert/getList: newest first. */
export async function listAlerts(db: Db, scope: Scope, filter: AlertListFilter): Promise<PageResult<Alert>> {
  const where = whereOf(scope, filter);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(alerts)
      .where(where)
      .orderBy(desc(alerts.alertTime), desc(alerts.id))
      .limit(filter.pageSize)
      .offset((filter.pageNum - 1) * filter.pageSize),
    db.select({ value: count() }).from(alerts).where(where),
  ]);
  const linked = await workOrdersOf(
    db,
    rows.map((r) => r.id),
  );
  return { rows: rows.map((r) => toAlert(r, linked.get(r.id) ?? null)), total: total?.value ?? 0 };
}

/**
 * POST /sbuilding/alert/counts: the open alerts of the filter by level (what the level cards show: a resolved
 * alert is not urgent any more), the resolved ones apart, and all of them. A filter naming a status counts
 * that status by level instead.
 */
export async function countAlerts(db: Db, scope: Scope, filter: AlertFilter): Promise<AlertCounts> {
  const rows = await db
    .select({ level: alerts.level, status: alerts.status, value: count() })
    .from(alerts)
    .where(whereOf(scope, filter))
    .groupBy(alerts.level, alerts.status);
  const counted = filter.status ?? 'alerting';
  const counts: AlertCounts = { urgent: 0, secondary: 0, general: 0, complete: 0, resolved: 0, total: 0 };
  for (const row of rows) {
    if (row.status === counted) counts[row.level] += row.value;
    if (row.status !== 'alerting') counts.resolved += row.value;
    counts.total += row.value;
  }
  return counts;
}

async function ownedAlert(db: Db, scope: Scope, id: number): Promise<Row> {
  const [row] = await db.select().from(alerts).where(eq(alerts.id, id));
  return ownedOr404(scope, row);
}

/** GET /sbuilding/alert/{id}: the alert and its history, oldest entry first. */
export async function alertDetail(db: Db, scope: Scope, id: number): Promise<AlertDetail> {
  const row = await ownedAlert(db, scope, id);
  const history = await db
    .select()
    .from(alertHistory)
    .where(eq(alertHistory.alertId, id))
    .orderBy(asc(alertHistory.at), asc(alertHistory.id));
  return {
    ...toAlert(row, (await workOrdersOf(db, [row.id])).get(row.id) ?? null),
    history: history.map((h) => ({
      id: h.id,
      at: h.at.toISOString(),
      userId: h.userId,
      userName: h.userName,
      fromStatus: h.fromStatus,
      toStatus: h.toStatus,
      solution: h.solution,
      event: h.note,
    })),
  };
}

async function callerName(db: Db, scope: Scope): Promise<string> {
  const [user] = await db
    .select({ nickName: users.nickName, username: users.username })
    .from(users)
    .where(eq(users.id, scope.userId));
  return user?.nickName || user?.username || '';
}

type Handling =
  | { to: 'processed'; solution: AlertSolution; date: string }
  | { to: 'ignored'; solution?: undefined; date?: undefined };

/**
 * Moves one alerting alert to processed or ignored. Applied only when the alert is still alerting at the
 * version the caller read; otherwise 409 'Alert status is changed, Please update now' (never on top).
 */
export async function handleAlert(
  db: Db,
  events: AlertEvents,
  scope: Scope,
  id: number,
  version: number,
  handling: Handling,
): Promise<Alert> {
  const existing = await ownedAlert(db, scope, id);
  const userName = await callerName(db, scope);
  const updated = await db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .update(alerts)
      .set({
        status: handling.to,
        solution: handling.solution ?? null,
        resolvedAt: handling.date ? new Date(handling.date) : now,
        version: nextVersion,
        updatedAt: now,
      })
      .where(and(eq(alerts.id, existing.id), eq(alerts.version, version), eq(alerts.status, 'alerting')))
      .returning();
    if (!row) return null;
    await tx.insert(alertHistory).values({
      alertId: row.id,
      at: now,
      userId: scope.userId,
      userName,
      fromStatus: 'alerting',
      toStatus: handling.to,
      solution: handling.solution ?? null,
      note: handling.to,
    });
    return row;
  });
  if (!updated) throw conflict('alert.changed');
  events.emit({ tenantIds: [updated.tenantId], alertIds: [updated.id] });
  return toAlert(updated, (await workOrdersOf(db, [updated.id])).get(updated.id) ?? null);
}

/** POST /sbuilding/alert/ignoreAll: every alerting alert of the filter becomes ignored; answers how many. */
export async function ignoreAll(
  db: Db,
  events: AlertEvents,
  scope: Scope,
  filter: AlertFilter,
): Promise<number> {
  const userName = await callerName(db, scope);
  const ignored = await db.transaction(async (tx) => {
    const now = new Date();
    const rows = await tx
      .update(alerts)
      .set({ status: 'ignored', resolvedAt: now, version: nextVersion, updatedAt: now })
      .where(and(whereOf(scope, filter), eq(alerts.status, 'alerting')))
      .returning({ id: alerts.id, tenantId: alerts.tenantId });
    if (rows.length > 0) {
      await tx.insert(alertHistory).values(
        rows.map((a): NewHistory => ({
          alertId: a.id,
          at: now,
          userId: scope.userId,
          userName,
          fromStatus: 'alerting',
          toStatus: 'ignored',
          note: 'ignoredAll',
        })),
      );
    }
    return rows;
  });
  events.emit({
    tenantIds: [...new Set(ignored.map((a) => a.tenantId))],
    alertIds: ignored.map((a) => a.id),
  });
  return ignored.length;
}

/** Every alert of the filter (all pages), newest first, for the export. */
export async function allAlerts(db: Db, scope: Scope, filter: AlertFilter): Promise<Alert[]> {
  const rows = await db
    .select()
    .from(alerts)
    .where(whereOf(scope, filter))
    .orderBy(desc(alerts.alertTime), desc(alerts.id));
  return rows.map((r) => toAlert(r));
}

/** Alerts still alerting on the whole platform, by level (GET /metrics; every level named, 0 when none). */
export async function openAlertsByLevel(db: Db): Promise<Record<string, number>> {
  const rows = await db
    .select({ level: alerts.level, value: count() })
    .from(alerts)
    .where(eq(alerts.status, 'alerting'))
    .groupBy(alerts.level);
  const counts: Record<string, number> = Object.fromEntries(ALERT_LEVELS.map((level) => [level, 0]));
  for (const row of rows) counts[row.level] = row.value;
  return counts;
}

/** The navbar badge: alerting alerts the user may see. */
export async function reportCount(db: Db, scope: Scope): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(alerts)
    // A building-bound caller (weixin customer) counts only its buildings' alerts.
    .where(
      and(
        tenantFilter(scope, alerts.tenantId),
        hallFilter(scope, alerts.buildingId),
        eq(alerts.status, 'alerting'),
      ),
    );
  return row?.value ?? 0;
}

/**
 * A device being deleted: its open alerts are processed with 'device deletion' by the caller (they would
 * otherwise wait on the board and the badge forever). Run inside the deletion's transaction; answers what
 * changed, for the events once it is committed.
 */
export async function closeAlertsOfDevice(db: Db, scope: Scope, deviceId: number): Promise<AlertChange> {
  const now = new Date();
  const closed = await db
    .update(alerts)
    .set({
      status: 'processed',
      solution: 'deviceDeletion',
      resolvedAt: now,
      version: nextVersion,
      updatedAt: now,
    })
    .where(
      and(tenantFilter(scope, alerts.tenantId), eq(alerts.deviceId, deviceId), eq(alerts.status, 'alerting')),
    )
    .returning({ id: alerts.id, tenantId: alerts.tenantId });
  if (closed.length > 0) {
    const userName = await callerName(db, scope);
    await db.insert(alertHistory).values(
      closed.map((a): NewHistory => ({
        alertId: a.id,
        at: now,
        userId: scope.userId,
        userName,
        fromStatus: 'alerting',
        toStatus: 'processed',
        solution: 'deviceDeletion',
        note: 'processed',
      })),
    );
  }
  return { tenantIds: [...new Set(closed.map((a) => a.tenantId))], alertIds: closed.map((a) => a.id) };
}
