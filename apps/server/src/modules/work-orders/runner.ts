import { and, asc, eq, inArray, isNull, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { SLA_RUNNING_STATUSES } from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { Rounds } from '../../platform/rounds.js';
import { devices } from '../devices/tables.js';
import { projects } from '../projects/tables.js';
import { insertWorkOrder, startSla } from './create.js';
import { addHistory } from './history.js';
import { nextRun } from './plan-time.js';
import { checkAssignee, type WorkOrderDeps } from './support.js';
import { maintenancePlans, workOrders } from './tables.js';

export interface RunnerSettings {
  /** How often due work orders and plans are looked for. */
  pollMs: number;
  /** How many of each are taken per round (the next round takes the rest). */
  batch: number;
}

export const DEFAULT_RUNNER_SETTINGS: RunnerSettings = { pollMs: 30_000, batch: 100 };

const RUNNING = [...SLA_RUNNING_STATUSES];

/**
 * Escalation and planned maintenance, on the app's clock, on every node. Each acts through one conditional
 * update that exactly one node's transaction matches, and writes what follows in that transaction:
 * - a running work order past its due time is marked overdue (`… where overdue_at is null and due_at <= now`),
 *   with its history entry and the deliveries of the project's channels following `workOrderOverdue`, so the
 *   escalation is sent once (the dispatcher sends each delivery once more: `for update skip locked`);
 * - a due plan is claimed by moving `next_run_at` on (`… where next_run_at = <the due time>`), with the run's
 *   work orders (one per device; a unique index on plan, run and device besides).
 */
export class WorkOrderRunner {
  readonly settings: RunnerSettings;
  private readonly rounds: Rounds;

  constructor(
    private readonly deps: () => WorkOrderDeps,
    ready: () => boolean,
    log: FastifyBaseLogger,
    settings: Partial<RunnerSettings> = {},
  ) {
    this.settings = { ...DEFAULT_RUNNER_SETTINGS, ...settings };
    this.rounds = new Rounds(() => this.round(), {
      everyMs: this.settings.pollMs,
      ready,
      log,
      name: 'work orders: round',
      roundAtStart: true,
    });
  }

  start(): void {
    this.rounds.start();
  }

  async stop(): Promise<void> {
    await this.rounds.stop();
  }

  /** One round (resolves when it is done; rounds never overlap). */
  tick(): Promise<void> {
    return this.rounds.tick();
  }

  private async round(): Promise<void> {
    const deps = this.deps();
    const escalated = await this.escalate(deps);
    const planned = await this.runPlans(deps);
    if (escalated || planned) deps.notify();
  }

  /** Marks the running work orders past their due time overdue, each once in a cluster. */
  private async escalate(deps: WorkOrderDeps): Promise<boolean> {
    const now = deps.clock.now();
    const w = workOrders;
    const late = and(isNull(w.overdueAt), inArray(w.status, RUNNING), lte(w.dueAt, now));
    const due = await deps.db
      .select({ id: w.id })
      .from(w)
      .where(late)
      .orderBy(asc(w.dueAt))
      .limit(this.settings.batch);
    let notified = false;
    for (const { id } of due) {
      if (this.rounds.stopped) break;
      // Awaited before `||=`: a round that already notified still marks every late work order.
      const sent = await deps.db.transaction(async (tx) => {
        const [marked] = await tx
          .update(w)
          .set({ overdueAt: now, updatedAt: now })
          .where(and(eq(w.id, id), late))
          .returning({ id: w.id });
        if (!marked) return false; // another node marked it
        const entry = { workOrderId: id, at: now, event: 'overdue' as const };
        return (await addHistory(tx, entry, 'workOrderOverdue')).notified;
      });
      notified ||= sent;
    }
    return notified;
  }

  /** Claims each due plan's run (one node wins) and makes its work orders in the same transaction. */
  private async runPlans(deps: WorkOrderDeps): Promise<boolean> {
    const now = deps.clock.now();
    const p = maintenancePlans;
    const due = await deps.db
      .select({ plan: p, timeZone: projects.timeZone })
      .from(p)
      .innerJoin(projects, eq(projects.id, p.projectId))
      .where(and(eq(p.enabled, true), lte(p.nextRunAt, now)))
      .orderBy(asc(p.nextRunAt))
      .limit(this.settings.batch);
    let notified = false;
    for (const { plan, timeZone } of due) {
      if (this.rounds.stopped) break;
      // The run after this one counts from the later of it and now: runs missed while every node was down
      // are made once, not once each.
      const next = nextRun(plan, timeZone, Math.max(plan.nextRunAt.getTime(), now.getTime()), true);
      const targets = await deps.db
        .select({
          id: devices.id,
          buildingId: devices.buildingId,
          floorId: devices.floorId,
          zoneId: devices.zoneId,
        })
        .from(devices)
        .where(
          and(
            eq(devices.projectId, plan.projectId),
            plan.category === null
              ? inArray(devices.id, plan.deviceIds)
              : eq(devices.category, plan.category),
            plan.buildingId === null ? undefined : eq(devices.buildingId, plan.buildingId),
          ),
        )
        .orderBy(asc(devices.id));
      const assigneeId = await stillAssignable(deps.db, plan.tenantId, plan.assigneeId);
      const sla = await startSla(deps.db, plan.projectId, plan.priority, now);
      const made = await deps.db.transaction(async (tx) => {
        const [claimed] = await tx
          .update(p)
          .set({ nextRunAt: new Date(next), lastRunAt: now })
          .where(and(eq(p.id, plan.id), eq(p.nextRunAt, plan.nextRunAt), eq(p.enabled, true)))
          .returning({ id: p.id });
        if (!claimed) return null; // another node took it
        let any = false;
        for (const device of targets) {
          const order = await insertWorkOrder(
            tx,
            {
              tenantId: plan.tenantId,
              projectId: plan.projectId,
              buildingId: device.buildingId,
              floorId: device.floorId,
              zoneId: device.zoneId,
              deviceId: device.id,
              title: plan.name,
              description: plan.description,
              priority: plan.priority,
              assigneeId,
              photoIds: [],
              source: 'plan',
              maintenancePlanId: plan.id,
              planRunAt: plan.nextRunAt,
            },
            sla,
            { userId: null, userName: plan.name },
            now,
          );
          any ||= order?.notified ?? false;
        }
        return any;
      });
      notified ||= made ?? false;
    }
    return notified;
  }
}

/** The plan's assignee while they may still be given work (a user blacklisted since is left out). */
async function stillAssignable(db: Db, tenantId: number, assigneeId: number | null): Promise<number | null> {
  if (assigneeId === null) return null;
  try {
    await checkAssignee(db, tenantId, assigneeId);
    return assigneeId;
  } catch {
    return null;
  }
}
