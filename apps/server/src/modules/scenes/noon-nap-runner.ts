import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, ne, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { DEVICE_MODELS, type SceneCommandResult, type SceneReason, type SceneRun } from '@sbuilding/shared';
import { describeDay, localTimeOf } from '../calendar/index.js';
import { calendarDays, workTimes } from '../calendar/tables.js';
import { controlLog } from '../commands/tables.js';
import { deviceLatest, devices } from '../devices/tables.js';
import { projects } from '../projects/tables.js';
import { numericValue } from './engine.js';
import { napEventsBetween, napPlan, type NapAction, type NapEvent } from './noon-nap-plan.js';
import { automationActor, sendSceneAction } from './run.js';
import { toRun } from './runs.js';
import type { SceneDeps } from './service.js';
import { noonNaps, sceneRuns } from './tables.js';

/*
 * What a noon nap does at its NAP work time's start and end, run by the scene scheduler's pass. Each start
 * and end is claimed once (`noon_naps.last_due_at`, as scenes do) and logged in scene_runs (unique per
 * noon nap and due time), so any number of processes act once.
 */

type NoonNapRow = typeof noonNaps.$inferSelect;
type DeviceRow = typeof devices.$inferSelect;

/** How far back a restart looks (as the scene schedule). */
const LOOK_BACK_MS = 7 * 86_400_000;

const text = (v: unknown) => (typeof v === 'string' ? v : null);

/** The lights (with brightness) and ACs of the nap's zones, each with its state now. */
async function napDevices(deps: SceneDeps, nap: NoonNapRow) {
  const { db } = deps;
  if (nap.zoneIds.length === 0) return [];
  const rows = await db
    .select()
    .from(devices)
    .where(
      and(
        eq(devices.tenantId, nap.tenantId),
        eq(devices.projectId, nap.projectId),
        inArray(devices.zoneId, nap.zoneIds),
        inArray(devices.category, ['light', 'ac']),
      ),
    )
    .orderBy(asc(devices.id));
  const usable = rows.filter((d) =>
    DEVICE_MODELS[d.model].commands.some(
      (c) => c.method === (d.category === 'light' ? 'setBrightness' : 'setFanSpeed'),
    ),
  );
  if (usable.length === 0) return [];
  const latest = await db
    .select()
    .from(deviceLatest)
    .where(
      inArray(
        deviceLatest.deviceId,
        usable.map((d) => d.id),
      ),
    );
  const value = (id: number, key: string) => latest.find((l) => l.deviceId === id && l.key === key)?.value;
  return usable.map((device: DeviceRow) => ({
    device,
    kind: device.category === 'light' ? ('light' as const) : ('ac' as const),
    live: {
      onOff: numericValue(value(device.id, 'onOff')),
      lightnessLevel: numericValue(value(device.id, 'lightnessLevel')),
      workMode: text(value(device.id, 'workMode')),
      fanSpeed: text(value(device.id, 'fanSpeed')),
      targetTemp: numericValue(value(device.id, 'targetTemp')),
    },
  }));
}

async function send(deps: SceneDeps, nap: NoonNapRow, deviceId: number, actions: NapAction[]) {
  const out: SceneCommandResult[] = [];
  for (const action of actions) {
    out.push(
      ...(await sendSceneAction(deps, automationActor(nap), { kind: 'device', id: deviceId }, action)),
    );
  }
  return out;
}

interface RunRecord {
  nap: NoonNapRow;
  event: NapEvent;
  now: Date;
  outcome: 'ran' | 'skipped' | 'failed';
  reason: SceneReason | null;
  detail: Record<string, unknown>;
  commands?: SceneCommandResult[];
  durationMs?: number;
}

/** Logs a start or end in the scheduling log; null when another process logged it first. */
async function record(deps: SceneDeps, r: RunRecord): Promise<SceneRun | null> {
  const [row] = await deps.db
    .insert(sceneRuns)
    .values({
      tenantId: r.nap.tenantId,
      projectId: r.nap.projectId,
      sceneId: null,
      noonNapId: r.nap.id,
      sceneName: r.nap.name,
      trigger: 'timing',
      outcome: r.outcome,
      reason: r.reason,
      detail: { noonNap: r.event.phase, date: r.event.date, userName: r.nap.name, ...r.detail },
      dueAt: r.event.at,
      startedAt: r.now,
      durationMs: r.durationMs ?? 0,
      commands: r.commands ?? [],
    })
    .onConflictDoNothing()
    .returning();
  return row ? toRun(row) : null;
}

/** The start: dims and sleeps what is on, saving each device's state and how to put it back. */
async function startNap(
  deps: SceneDeps,
  nap: NoonNapRow,
  event: NapEvent,
  now: Date,
  catchUpMinutes: number,
): Promise<SceneRun | null> {
  const started = performance.now();
  // Disabled, or a nap still on (its end not reached): nothing starts; the due time stays claimed.
  if (!nap.enabled || nap.saved !== null) return null;
  const base = { nap, event, now };
  const [exception] = await deps.db
    .select({ date: calendarDays.date, type: calendarDays.type, name: calendarDays.name })
    .from(calendarDays)
    .where(and(eq(calendarDays.projectId, nap.projectId), eq(calendarDays.date, event.date)));
  const day = describeDay(event.date, exception);
  if (!day.workday) {
    return record(deps, {
      ...base,
      outcome: 'skipped',
      reason: 'auxiliaryCondition',
      detail: { day: day.reason },
    });
  }
  const lateMinutes = Math.floor((now.getTime() - event.at.getTime()) / 60_000);
  if (now.getTime() - event.at.getTime() > catchUpMinutes * 60_000) {
    return record(deps, { ...base, outcome: 'skipped', reason: 'missed', detail: { lateMinutes } });
  }
  const plans = (await napDevices(deps, nap)).flatMap(({ device, kind, live }) => {
    const plan = napPlan(nap, kind, live);
    return plan ? [{ device, ...plan }] : [];
  });
  if (plans.length === 0) {
    return record(deps, { ...base, outcome: 'skipped', reason: 'noTargets', detail: {} });
  }
  const run = await record(deps, { ...base, outcome: 'ran', reason: null, detail: {} });
  if (!run) return null;
  // Saved before anything is sent: a crash mid-way still restores at the end.
  const states = plans.map((p) => ({ deviceId: p.device.id, ...p.state, restore: p.restore }));
  await deps.db
    .update(noonNaps)
    .set({ saved: { startedAt: now.toISOString(), states } })
    .where(eq(noonNaps.id, nap.id));
  const commands: SceneCommandResult[] = [];
  const changed: typeof states = [];
  for (const [i, plan] of plans.entries()) {
    const results = await send(deps, nap, plan.device.id, plan.change);
    commands.push(...results);
    const state = states[i];
    // A device nothing reached was not changed: nothing to put back.
    if (state && results.some((r) => r.result === 'success')) changed.push(state);
  }
  await deps.db
    .update(noonNaps)
    .set({ saved: changed.length === 0 ? null : { startedAt: now.toISOString(), states: changed } })
    .where(eq(noonNaps.id, nap.id));
  return settle(deps, run.id, commands, started, { saved: changed.length });
}

async function settle(
  deps: SceneDeps,
  runId: number,
  commands: SceneCommandResult[],
  started: number,
  extra: Record<string, unknown>,
): Promise<SceneRun | null> {
  const failed = commands.some((c) => c.result !== 'success');
  const [current] = await deps.db.select().from(sceneRuns).where(eq(sceneRuns.id, runId));
  const [done] = await deps.db
    .update(sceneRuns)
    .set({
      outcome: failed ? 'failed' : 'ran',
      reason: failed ? 'commandFailed' : null,
      commands,
      detail: { ...current?.detail, ...extra },
      durationMs: Math.round(performance.now() - started),
    })
    .where(eq(sceneRuns.id, runId))
    .returning();
  return done ? toRun(done) : null;
}

/**
 * The end: puts back what the start changed, late or not (a dimmed floor is worse than a late restore).
 * A device someone switched by hand during the nap is left as they set it.
 */
async function endNap(
  deps: SceneDeps,
  nap: NoonNapRow,
  event: NapEvent,
  now: Date,
  extra: Record<string, unknown> = {},
) {
  const started = performance.now();
  const saved = await takeSaved(deps, nap.id);
  if (saved === null) return null;
  const ids = saved.states.map((s) => s.deviceId);
  const touched = await deps.db
    .selectDistinct({ deviceId: controlLog.deviceId })
    .from(controlLog)
    .where(
      and(
        inArray(controlLog.deviceId, ids),
        ne(controlLog.terminal, 'control'),
        gte(controlLog.createdAt, new Date(saved.startedAt)),
      ),
    );
  const byHand = touched.flatMap((t) => (t.deviceId === null ? [] : [t.deviceId]));
  const run = await record(deps, {
    nap,
    event,
    now,
    outcome: 'ran',
    reason: null,
    detail: {
      lateMinutes: Math.max(0, Math.floor((now.getTime() - event.at.getTime()) / 60_000)),
      ...extra,
    },
  });
  if (!run) return null;
  const commands: SceneCommandResult[] = [];
  for (const state of saved.states) {
    if (byHand.includes(state.deviceId)) continue;
    commands.push(...(await send(deps, nap, state.deviceId, state.restore ?? [])));
  }
  return settle(deps, run.id, commands, started, { restored: commands.length, leftAsSetByHand: byHand });
}

/** Takes what a start saved, once: of an end and a delete racing, one restores. */
async function takeSaved(deps: SceneDeps, id: number): Promise<NoonNapRow['saved']> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ saved: noonNaps.saved })
      .from(noonNaps)
      .where(eq(noonNaps.id, id))
      .for('update');
    if (!row?.saved) return null;
    await tx.update(noonNaps).set({ saved: null }).where(eq(noonNaps.id, id));
    return row.saved;
  });
}

/**
 * A noon nap deleted (or about to be) during its nap: what it changed is put back now, logged as its end
 * with `deleted` in the detail, so nothing stays dimmed for want of an end.
 */
export async function restoreNow(deps: SceneDeps, nap: NoonNapRow, now: Date): Promise<SceneRun | null> {
  if (nap.saved === null) return null;
  const [project] = await deps.db
    .select({ timeZone: projects.timeZone })
    .from(projects)
    .where(eq(projects.id, nap.projectId));
  const date = localTimeOf(now, project?.timeZone ?? 'UTC').date;
  return endNap(deps, nap, { phase: 'end', at: now, date }, now, { deleted: true });
}

/** Claims a start or end: of two processes one wins; answers the row as it is now, or null. */
async function claim(deps: SceneDeps, id: number, at: Date): Promise<NoonNapRow | null> {
  const [row] = await deps.db
    .update(noonNaps)
    .set({ lastDueAt: at })
    .where(and(eq(noonNaps.id, id), or(isNull(noonNaps.lastDueAt), lt(noonNaps.lastDueAt, at))))
    .returning();
  return row ?? null;
}

/**
 * Every enabled noon nap (and any with a nap on, so a disabled one still restores) acts on the starts and
 * ends of its NAP window due since the last one it claimed. A start more than `catchUpMinutes` late is
 * logged as missed; an end restores whenever it comes.
 */
export async function runDueNoonNaps(
  deps: SceneDeps,
  now: Date,
  catchUpMinutes: number,
  log?: FastifyBaseLogger,
): Promise<SceneRun[]> {
  const rows = await deps.db
    .select({ nap: noonNaps, timeZone: projects.timeZone, window: workTimes })
    .from(noonNaps)
    .innerJoin(projects, eq(projects.id, noonNaps.projectId))
    .leftJoin(workTimes, eq(workTimes.id, noonNaps.workTimeId))
    .where(or(eq(noonNaps.enabled, true), isNotNull(noonNaps.saved)));
  const out: SceneRun[] = [];
  for (const { nap, timeZone, window } of rows) {
    if (!window || window.timeType !== 'NAP') continue;
    const from = new Date(Math.max((nap.lastDueAt ?? nap.createdAt).getTime(), now.getTime() - LOOK_BACK_MS));
    try {
      for (const event of napEventsBetween(window, timeZone, from, now)) {
        const claimed = await claim(deps, nap.id, event.at);
        if (!claimed) continue;
        const run =
          event.phase === 'start'
            ? await startNap(deps, claimed, event, now, catchUpMinutes)
            : await endNap(deps, claimed, event, now);
        if (run) out.push(run);
      }
    } catch (error) {
      log?.error({ err: error, noonNapId: nap.id }, 'noon nap run failed');
    }
  }
  return out;
}
