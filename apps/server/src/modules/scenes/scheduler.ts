import { and, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { SceneRun } from '@sbuilding/shared';
import type { Clock } from '../../platform/clock.js';
import type { DeviceUpdate, TelemetryBus } from '../../realtime/index.js';
import { projects } from '../projects/tables.js';
import { dueTimesBetween } from './engine.js';
import { FollowUps } from './follow-up.js';
import { runDueNoonNaps } from './noon-nap-runner.js';
import type { LiveOverlay } from './evaluate.js';
import { automationActor, runScene } from './run.js';
import { toRun } from './runs.js';
import type { SceneDeps } from './service.js';
import { sceneRuns, scenes } from './tables.js';

type SceneRow = typeof scenes.$inferSelect;

/** How far back a restart looks for due runs (older ones are neither run nor recorded). */
const LOOK_BACK_MS = 7 * 86_400_000;
/**
 * A device or weather scene logs a skip (its conditions stopped holding, or they hold and a check fails) at
 * most once per this interval per scene and reason: a busy sensor flapping around its threshold cannot
 * flood the scheduling log.
 */
export const SKIP_LOG_INTERVAL_MS = 10 * 60_000;
/** Most missed due times recorded one by one per scene and pass; the rest are claimed silently. */
const MISSED_RECORDED_MAX = 50;

export interface SchedulerOptions {
  /** A due run at most this late runs; a later one is recorded as skipped with reason 'missed'. */
  catchUpMinutes: number;
  /** Pause between two passes. */
  tickMs: number;
  /** The time the schedule, noon naps and condition triggers read (the app's clock). */
  clock: Clock;
  /** Told after each pass, how long it took and whether it failed (GET /metrics). */
  onPass?: (ms: number, ok: boolean) => void;
}

/**
 * The persistent timing schedule. Each pass reads the enabled timing and hybrid scenes; for each, the
 * execution times due since the last one it claimed (`scenes.last_due_at`, or its creation) up to now
 * (less the pre-delay, which a timed run waits from its execution time). A due time less than
 * `catchUpMinutes` late runs; an older one (the server was down) is recorded as skipped, reason 'missed'.
 * Every due time is claimed before anything is sent (`update ... where last_due_at < $due returning`),
 * so with two processes on one database, or a pass racing a slow one, each runs exactly once.
 */
export async function runDueScenes(
  deps: SceneDeps,
  clock: Date | Clock,
  catchUpMinutes: number,
  log?: FastifyBaseLogger,
): Promise<SceneRun[]> {
  const { db } = deps;
  const rows = await db
    .select({ scene: scenes, timeZone: projects.timeZone })
    .from(scenes)
    .innerJoin(projects, eq(projects.id, scenes.projectId))
    .where(and(eq(scenes.enabled, true), inArray(scenes.triggerType, ['timing', 'hybrid'])));
  const out: SceneRun[] = [];
  for (const { scene, timeZone } of rows) {
    const now = timeOf(clock);
    const delayMs = scene.rules.preDelaySeconds * 1000;
    const from = new Date(
      Math.max((scene.lastDueAt ?? scene.createdAt).getTime(), now.getTime() - LOOK_BACK_MS),
    );
    const due = dueTimesBetween(scene.rules, timeZone, from, new Date(now.getTime() - delayMs));
    const missed = due.filter((d) => now.getTime() - (d.getTime() + delayMs) > catchUpMinutes * 60_000);
    const onTime = due.filter((d) => !missed.includes(d));
    try {
      for (const [i, dueAt] of missed.entries()) {
        if (i < missed.length - MISSED_RECORDED_MAX) continue;
        const run = await recordMissed(deps, scene, dueAt, now);
        if (run) out.push(run);
      }
      for (const dueAt of onTime) {
        const run = await runScene(deps, scene, automationActor(scene), 'timing', now, { dueAt });
        if (run) out.push(run);
      }
    } catch (error) {
      log?.error({ err: error, sceneId: scene.id }, 'scene run failed');
    }
  }
  return out;
}

/**
 * The time a scene of a pass is handled at: the clock read for each scene, so runs of one pass each carry
 * their own time (a pass whose first scene sent commands for a second did not stamp the next with its
 * start); a fixed instant (tests) stays as it is.
 */
function timeOf(clock: Date | Clock): Date {
  return clock instanceof Date ? clock : clock.now();
}

/** Claims a due time nobody ran in time and records it as skipped, reason 'missed'. */
async function recordMissed(
  deps: SceneDeps,
  scene: SceneRow,
  dueAt: Date,
  now: Date,
): Promise<SceneRun | null> {
  const { db } = deps;
  const [claimed] = await db
    .update(scenes)
    .set({ lastDueAt: dueAt })
    .where(and(eq(scenes.id, scene.id), or(isNull(scenes.lastDueAt), lt(scenes.lastDueAt, dueAt))))
    .returning({ id: scenes.id });
  if (!claimed) return null;
  const [row] = await db
    .insert(sceneRuns)
    .values({
      tenantId: scene.tenantId,
      projectId: scene.projectId,
      sceneId: scene.id,
      sceneName: scene.name,
      trigger: 'timing',
      outcome: 'skipped',
      reason: 'missed',
      detail: { lateMinutes: Math.floor((now.getTime() - dueAt.getTime()) / 60_000) },
      dueAt,
      startedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  return row ? toRun(row) : null;
}

/**
 * Condition-triggered scenes (device, weather): evaluated when a device they read reports (the telemetry
 * bus, not polling) and at each pass (vacancy and pre-delays ripen with time, the weather changes).
 * Edge-triggered: a scene runs once per period its conditions hold; a skip is recorded once per period and
 * reason (not at every reading); a period of not holding is recorded once as a skip; and no scene logs a
 * skip for the same reason more than once per SKIP_LOG_INTERVAL_MS.
 */
export class ConditionTriggers {
  /** device id -> scenes whose conditions read it. */
  private index = new Map<number, Set<number>>();
  /** scene id -> reason last recorded in the current holding period ('ran' once it ran). */
  private recorded = new Map<number, string>();
  /** Scenes whose conditions did not hold at their last evaluation (the not-holding skip is logged). */
  private readonly notHolding = new Set<number>();
  /** 'scene id:reason' -> when a skip of that scene for that reason was last logged (ms). */
  private readonly skipLoggedAt = new Map<string, number>();
  private readonly busy = new Set<number>();

  constructor(
    private readonly deps: () => SceneDeps,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /** Whether some scene's conditions read this device (checked per reading, before any work). */
  follows(deviceId: number): boolean {
    return this.index.has(deviceId);
  }

  async reload(): Promise<SceneRow[]> {
    const rows = await this.deps()
      .db.select()
      .from(scenes)
      .where(and(eq(scenes.enabled, true), inArray(scenes.triggerType, ['device', 'weather'])));
    const index = new Map<number, Set<number>>();
    for (const row of rows) {
      for (const c of row.rules.conditions) {
        if (c.deviceId === null) continue;
        const set = index.get(c.deviceId) ?? new Set<number>();
        set.add(row.id);
        index.set(c.deviceId, set);
      }
    }
    this.index = index;
    return rows;
  }

  /** Every enabled condition scene, once (a pass). */
  async evaluateAll(clock: Date | Clock): Promise<SceneRun[]> {
    const rows = await this.reload();
    const out: SceneRun[] = [];
    for (const row of rows) {
      const run = await this.evaluate(row.id, timeOf(clock), undefined);
      if (run) out.push(run);
    }
    return out;
  }

  /** A device reported: the scenes that read it. */
  async onUpdate(update: DeviceUpdate, now: Date): Promise<SceneRun[]> {
    const ids = this.index.get(update.deviceId);
    if (!ids) return [];
    const overlay: LiveOverlay = new Map([
      [update.deviceId, { values: update.values, at: new Date(update.ts) }],
    ]);
    const out: SceneRun[] = [];
    for (const id of ids) {
      const run = await this.evaluate(id, now, overlay);
      if (run) out.push(run);
    }
    return out;
  }

  /** A skip of this scene for this reason is logged at most once per SKIP_LOG_INTERVAL_MS. */
  private mayLogSkip(id: number, reason: string, now: Date): boolean {
    const key = `${id}:${reason}`;
    const last = this.skipLoggedAt.get(key);
    if (last !== undefined && now.getTime() - last < SKIP_LOG_INTERVAL_MS) return false;
    this.skipLoggedAt.set(key, now.getTime());
    return true;
  }

  private async evaluate(id: number, now: Date, overlay: LiveOverlay | undefined): Promise<SceneRun | null> {
    if (this.busy.has(id)) return null;
    this.busy.add(id);
    try {
      const deps = this.deps();
      const [row] = await deps.db.select().from(scenes).where(eq(scenes.id, id));
      if (!row?.enabled) return null;
      const trigger = row.triggerType === 'weather' ? 'weather' : 'device';
      const previous = this.recorded.get(id);
      const run = await runScene(deps, row, automationActor(row), trigger, now, {
        ...(overlay ? { overlay } : {}),
        record: (decision, seen) => {
          if (!decision.conditionsHold) {
            this.recorded.delete(id);
            // Not holding: logged once when they stop holding (or are first seen so), and at most once per
            // SKIP_LOG_INTERVAL_MS per scene, so a busy sensor flapping around its threshold cannot flood it.
            if (this.notHolding.has(id)) return false;
            this.notHolding.add(id);
            return this.mayLogSkip(id, decision.reason ?? '', now);
          }
          this.notHolding.delete(id);
          // Already ran in this holding period (persistent: survives a restart).
          const since = seen.conditionsSince;
          if (since !== null && seen.lastRanAt !== null && seen.lastRanAt >= since) return false;
          const key = decision.decision === 'run' ? 'ran' : (decision.reason ?? '');
          // A pending pre-delay is not news: it runs (or is recorded) when it ripens.
          if (key === 'preDelay' || key === previous) return false;
          this.recorded.set(id, key);
          return key === 'ran' || this.mayLogSkip(id, key, now);
        },
      });
      return run;
    } catch (error) {
      this.log?.error({ err: error, sceneId: id }, 'scene evaluation failed');
      return null;
    } finally {
      this.busy.delete(id);
    }
  }
}

/**
 * Starts the schedule, the condition triggers and the follow-ups of runs whose devices were not connected
 * yet (follow-up.ts); returns a stop function.
 */
export function startSceneAutomation(
  deps: () => SceneDeps,
  bus: TelemetryBus,
  log: FastifyBaseLogger,
  options: SchedulerOptions,
): () => Promise<void> {
  const now = () => options.clock.now();
  const triggers = new ConditionTriggers(deps, log);
  const followUps = new FollowUps(deps, options.catchUpMinutes, log);
  let running: Promise<unknown> | null = null;
  const pass = () => {
    const started = performance.now();
    running ??= Promise.all([
      runDueScenes(deps(), options.clock, options.catchUpMinutes, log),
      runDueNoonNaps(deps(), now(), options.catchUpMinutes, log),
      triggers.evaluateAll(options.clock),
      followUps.pass(now()),
    ])
      .then(
        () => options.onPass?.(performance.now() - started, true),
        (error: unknown) => {
          options.onPass?.(performance.now() - started, false);
          log.error({ err: error }, 'scene pass failed');
        },
      )
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(pass, options.tickMs);
  pass();
  const unsubscribe = bus.onUpdate((update) => {
    if (triggers.follows(update.deviceId)) void triggers.onUpdate(update, now());
    if (followUps.follows(update.deviceId)) void followUps.onUpdate(update, now());
  });
  return async () => {
    clearInterval(timer);
    unsubscribe();
    await running;
  };
}
