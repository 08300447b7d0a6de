import { and, eq, gte, inArray, or } from 'drizzle-orm';
import { OPEN_WORK_ORDER_STATUSES, type WorkOrderStats } from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import type { Scope } from '../../platform/tenancy.js';
import { buildings } from '../buildings/tables.js';
import { localDate, localMidnight } from '../energy/index.js';
import { findProject } from '../projects/index.js';
import { isOpen, isOverdue, type WorkOrderRow } from './rows.js';
import { workOrders } from './tables.js';

type Figures = Omit<WorkOrderStats, 'byBuilding' | 'byMonth'>;

function mean(values: readonly number[]): number | null {
  return values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length;
}

function share(rows: readonly WorkOrderRow[]): number | null {
  const judged = rows.filter((r) => r.resolvedWithinSla !== null);
  return judged.length === 0 ? null : judged.filter((r) => r.resolvedWithinSla).length / judged.length;
}

const resolvedIn = (rows: readonly WorkOrderRow[], inPeriod: (ms: number) => boolean) =>
  rows.filter((r) => r.resolvedAt !== null && inPeriod(r.resolvedAt.getTime()));

/**
 * The board card's figures of some work orders: open and overdue now; of the period's resolutions, how many,
 * the mean time from creation to resolution and the share within the service level; the mean time from
 * creation to work starting of those started in the period.
 */
function figuresOf(rows: readonly WorkOrderRow[], nowMs: number, inPeriod: (ms: number) => boolean): Figures {
  const resolved = resolvedIn(rows, inPeriod);
  const acknowledged = rows.filter((r) => r.acknowledgedAt !== null && inPeriod(r.acknowledgedAt.getTime()));
  return {
    open: rows.filter(isOpen).length,
    overdue: rows.filter((r) => isOverdue(r, nowMs)).length,
    resolved: resolved.length,
    meanAcknowledgeMs: mean(
      acknowledged.map((r) => (r.acknowledgedAt?.getTime() ?? 0) - r.createdAt.getTime()),
    ),
    meanResolveMs: mean(resolved.map((r) => (r.resolvedAt?.getTime() ?? 0) - r.createdAt.getTime())),
    withinSlaShare: share(resolved),
  };
}

/** The local months ('YYYY-MM') from `months - 1` months ago to this one, oldest first. */
function monthsBack(nowMs: number, zone: string, months: number): string[] {
  const [y, m] = localDate(nowMs, zone).split('-').map(Number);
  const out: string[] = [];
  for (let i = months - 1; i >= 0; i--) {
    const total = (y ?? 1970) * 12 + (m ?? 1) - 1 - i;
    out.push(`${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`);
  }
  return out;
}

/**
 * GET /sbuilding/workorder/stats: a project's figures now and over the last `months` local months (this one
 * included), in all, by building and by month.
 */
export async function workOrderStats(
  db: Db,
  scope: Scope,
  query: { projectId: number; months: number },
  nowMs: number,
): Promise<WorkOrderStats> {
  const project = await findProject(db, scope, query.projectId);
  const zone = project.timeZone;
  const months = monthsBack(nowMs, zone, query.months);
  const since = new Date(localMidnight(`${months[0] ?? '1970-01'}-01`, zone));
  const w = workOrders;
  const rows = await db
    .select({ order: w, buildingName: buildings.name })
    .from(w)
    .leftJoin(buildings, eq(buildings.id, w.buildingId))
    .where(
      and(
        eq(w.projectId, project.id),
        or(
          inArray(w.status, [...OPEN_WORK_ORDER_STATUSES]),
          gte(w.createdAt, since),
          gte(w.resolvedAt, since),
          gte(w.acknowledgedAt, since),
        ),
      ),
    );
  const orders = rows.map((r) => r.order);
  const inPeriod = (ms: number) => ms >= since.getTime() && ms <= nowMs;
  const monthOf = (ms: number) => localDate(ms, zone).slice(0, 7);

  const byBuilding = new Map<number | null, { name: string; rows: WorkOrderRow[] }>();
  for (const { order, buildingName } of rows) {
    const group = byBuilding.get(order.buildingId) ?? { name: buildingName ?? '', rows: [] };
    group.rows.push(order);
    byBuilding.set(order.buildingId, group);
  }

  return {
    ...figuresOf(orders, nowMs, inPeriod),
    byBuilding: [...byBuilding.entries()]
      .map(([buildingId, group]) => ({
        buildingId,
        buildingName: group.name,
        ...figuresOf(group.rows, nowMs, inPeriod),
      }))
      .sort((a, b) => a.buildingName.localeCompare(b.buildingName)),
    byMonth: months.map((month) => {
      const inMonth = (ms: number) => inPeriod(ms) && monthOf(ms) === month;
      const resolved = resolvedIn(orders, inMonth);
      const acknowledged = orders.filter(
        (r) => r.acknowledgedAt !== null && inMonth(r.acknowledgedAt.getTime()),
      );
      return {
        month,
        created: orders.filter((r) => inMonth(r.createdAt.getTime())).length,
        resolved: resolved.length,
        meanAcknowledgeMs: mean(
          acknowledged.map((r) => (r.acknowledgedAt?.getTime() ?? 0) - r.createdAt.getTime()),
        ),
        meanResolveMs: mean(resolved.map((r) => (r.resolvedAt?.getTime() ?? 0) - r.createdAt.getTime())),
        withinSlaShare: share(resolved),
      };
    }),
  };
}
