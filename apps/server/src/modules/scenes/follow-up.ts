/**
 * Scene runs whose devices were not connected yet: their actions go again to each such device once it is
 * heard from (it connected, its gateway announced it, it reported), within the catch-up window a late timed
 * run still runs in.
 */
import { and, eq, gte, inArray, isNotNull, lte, max, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { SceneCommandResult, SceneRun } from '@sbuilding/shared';
import type { DeviceUpdate } from '../../realtime/index.js';
import { deviceLatest, devices } from '../devices/tables.js';
import { projects } from '../projects/tables.js';
import { automationActor, sendSceneAction } from './run.js';
import { toRun } from './runs.js';
import type { SceneDeps } from './service.js';
import { sceneRuns, scenes } from './tables.js';

type RunRow = typeof sceneRuns.$inferSelect;

/** The devices sent to again, per run (`detail.resent`): once each, whatever the number of processes. */
function resentOf(run: RunRow): number[] {
  const value = run.detail.resent;
  return Array.isArray(value) ? value.filter((id): id is number => typeof id === 'number') : [];
}

/** The devices a run could not reach and has not sent to again. */
function waitingIn(run: RunRow): number[] {
  const resent = resentOf(run);
  const ids = run.commands.filter((c) => c.result === 'unreachable').map((c) => c.deviceId);
  return [...new Set(ids)].filter((id) => !resent.includes(id));
}

/** Whether a line is the one a resend answered: the same device and action, still unreachable. */
const sameAction = (a: SceneCommandResult, b: SceneCommandResult) =>
  a.deviceId === b.deviceId && a.method === b.method && JSON.stringify(a.params) === JSON.stringify(b.params);

/**
 * Automatic runs (timing, device and weather triggers; not the operator's execute-now, whose result the
 * operator saw and acts on) that failed within the last `catchUpMinutes` because some device was not
 * connected. Noon naps keep what they changed to restore it, and are not among them.
 */
async function pendingRuns(deps: SceneDeps, now: Date, catchUpMinutes: number, ids?: readonly number[]) {
  // By project and time (the log's index on both), not a scan of every run ever logged at each pass.
  const places = await deps.db.select({ id: projects.id }).from(projects);
  if (places.length === 0) return [];
  return deps.db
    .select()
    .from(sceneRuns)
    .where(
      and(
        inArray(
          sceneRuns.projectId,
          places.map((p) => p.id),
        ),
        eq(sceneRuns.outcome, 'failed'),
        isNotNull(sceneRuns.sceneId),
        inArray(sceneRuns.trigger, ['timing', 'device', 'weather']),
        gte(sceneRuns.startedAt, new Date(now.getTime() - catchUpMinutes * 60_000)),
        lte(sceneRuns.startedAt, now),
        sql`${sceneRuns.commands} @> '[{"result":"unreachable"}]'::jsonb`,
        ids ? inArray(sceneRuns.id, [...ids]) : undefined,
      ),
    );
}

/**
 * Sends a run's actions again to its devices that were not connected and have been heard from since it ran
 * (their connection, their latest reading, or one just in: `reported`), then settles the run with their new
 * results: 'ran' once every device is set. Answers the settled run, or null when nothing was sent.
 */
async function resend(
  deps: SceneDeps,
  run: RunRow,
  reported: ReadonlyMap<number, number>,
): Promise<SceneRun | null> {
  const { db } = deps;
  const waiting = waitingIn(run);
  if (waiting.length === 0 || run.sceneId === null) return null;
  // Heard from since the run: a reading, or its connection (or its gateway announcing it).
  const [latest, connected] = await Promise.all([
    db
      .select({ deviceId: deviceLatest.deviceId, at: max(deviceLatest.ts) })
      .from(deviceLatest)
      .where(inArray(deviceLatest.deviceId, waiting))
      .groupBy(deviceLatest.deviceId),
    db
      .select({ deviceId: devices.id, at: devices.lastActivityAt })
      .from(devices)
      .where(inArray(devices.id, waiting)),
  ]);
  const heardAt = new Map<number, number>(reported);
  for (const { deviceId, at } of [...latest, ...connected]) {
    if (at) heardAt.set(deviceId, Math.max(heardAt.get(deviceId) ?? 0, at.getTime()));
  }
  const back = waiting.filter((id) => (heardAt.get(id) ?? 0) > run.startedAt.getTime());
  if (back.length === 0) return null;
  // Claimed before anything is sent: of two processes (or a pass and a reading) one sends.
  const resent = resentOf(run);
  const [claimed] = await db
    .update(sceneRuns)
    .set({
      detail: sql`jsonb_set(${sceneRuns.detail}, '{resent}', ${JSON.stringify([...resent, ...back])}::jsonb)`,
    })
    .where(
      and(
        eq(sceneRuns.id, run.id),
        sql`coalesce(${sceneRuns.detail}->'resent', '[]'::jsonb) = ${JSON.stringify(resent)}::jsonb`,
      ),
    )
    .returning({ id: sceneRuns.id });
  const [scene] = claimed ? await db.select().from(scenes).where(eq(scenes.id, run.sceneId)) : [];
  if (!scene) return null;
  const answers: SceneCommandResult[] = [];
  for (const line of run.commands) {
    if (line.result !== 'unreachable' || !back.includes(line.deviceId)) continue;
    const target = { kind: 'device' as const, id: line.deviceId };
    const [outcome] = await sendSceneAction(deps, automationActor(scene), target, line);
    if (outcome) answers.push({ ...line, ...outcome, targetKind: line.targetKind, targetId: line.targetId });
  }
  // Settled on the row as it is now: another device of the run may have been settled meanwhile.
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(sceneRuns).where(eq(sceneRuns.id, run.id)).for('update');
    if (!current) return null;
    const commands = current.commands.map((line) => {
      if (line.result !== 'unreachable') return line;
      return answers.find((a) => sameAction(a, line)) ?? line;
    });
    const failed = commands.some((c) => c.result !== 'success');
    const [settled] = await tx
      .update(sceneRuns)
      .set({ commands, outcome: failed ? 'failed' : 'ran', reason: failed ? 'commandFailed' : null })
      .where(eq(sceneRuns.id, run.id))
      .returning();
    return settled ? toRun(settled) : null;
  });
}

/**
 * The scene runs waiting for devices to connect: looked at each pass (their devices' latest readings) and
 * when such a device reports on the telemetry bus, so a scene that ran while the server was starting (its
 * devices not connected yet) reaches them seconds after they connect.
 */
export class FollowUps {
  /** device id -> runs waiting for it. */
  private byDevice = new Map<number, Set<number>>();

  constructor(
    private readonly deps: () => SceneDeps,
    private readonly catchUpMinutes: number,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /** Whether some run waits for this device (checked per reading, before any work). */
  follows(deviceId: number): boolean {
    return this.byDevice.has(deviceId);
  }

  /** Every run still waiting, once (a pass). */
  async pass(now: Date): Promise<SceneRun[]> {
    const runs = await pendingRuns(this.deps(), now, this.catchUpMinutes);
    const byDevice = new Map<number, Set<number>>();
    for (const run of runs)
      for (const id of waitingIn(run)) byDevice.set(id, (byDevice.get(id) ?? new Set()).add(run.id));
    this.byDevice = byDevice;
    return this.settle(runs, new Map());
  }

  /** A device reported: the runs waiting for it. */
  async onUpdate(update: DeviceUpdate, now: Date): Promise<SceneRun[]> {
    const ids = this.byDevice.get(update.deviceId);
    if (!ids) return [];
    this.byDevice.delete(update.deviceId);
    const runs = await pendingRuns(this.deps(), now, this.catchUpMinutes, [...ids]);
    return this.settle(runs, new Map([[update.deviceId, update.ts]]));
  }

  private async settle(runs: readonly RunRow[], reported: ReadonlyMap<number, number>): Promise<SceneRun[]> {
    const out: SceneRun[] = [];
    for (const run of runs) {
      try {
        const settled = await resend(this.deps(), run, reported);
        if (settled) out.push(settled);
      } catch (error) {
        this.log?.error({ err: error, sceneRunId: run.id }, 'scene follow-up failed');
      }
    }
    return out;
  }
}
