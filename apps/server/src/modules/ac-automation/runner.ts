import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type {
  AcDecisionReason,
  AcDesiredState,
  CommandOutcome,
  SceneCommandResult,
  SceneReason,
  SceneRun,
  SceneRunTrigger,
} from '@sbuilding/shared';
import { AppError } from '../../platform/errors.js';
import type { Clock } from '../../platform/clock.js';
import type { DeviceUpdate, TelemetryBus } from '../../realtime/index.js';
import { sendCommand } from '../commands/index.js';
import { devices } from '../devices/tables.js';
import { sceneRuns } from '../scenes/tables.js';
import type { SceneDeps } from '../scenes/index.js';
import { commandsFor, decideAc, sameRequest } from './evaluator.js';
import {
  automationScope,
  configOf,
  gatherInputs,
  MOTION_MODELS,
  zoneOf,
  type LiveOverlay,
} from './inputs.js';
import { acAutomations } from './tables.js';

type Row = typeof acAutomations.$inferSelect;

/** A change some AC did not take is tried again after this long (not at every tick: no storm). */
export const RETRY_AFTER_MS = 10 * 60_000;

const LOG_REASON: Record<AcDecisionReason, SceneReason | null> = {
  inactive: null,
  timingOpen: 'acTimingOpen',
  timingClose: 'acTimingClose',
  occupied: 'acOccupied',
  vacant: 'acVacant',
  weatherLinkage: 'acWeatherLinkage',
  ambientComfortable: 'acAmbientComfortable',
  hold: 'acHold',
};

function isOutcomeList(data: unknown): data is { results: CommandOutcome[] } {
  return typeof data === 'object' && data !== null && 'results' in data && Array.isArray(data.results);
}

/** A command that threw: the outcomes it carries (503), or one refused line for the unit. */
function outcomesOf(error: unknown, deviceId: number, deviceName: string): CommandOutcome[] {
  if (error instanceof AppError && isOutcomeList(error.data)) return error.data.results;
  const message = error instanceof Error ? error.message : 'failed';
  return [
    { deviceId, deviceName, result: 'refused', message, latencyMs: null, time: new Date().toISOString() },
  ];
}

/**
 * Evaluates one config at `now` and applies what it wants, once: when the desired state changed since the
 * last one applied (or a failed change is due for a retry), the change is claimed by a compare-and-set
 * on `state_seq` (of two processes one wins), then only the units that differ get commands, each through
 * the command path with terminal 'control', recorded as one line of the scheduling log. Answers the log
 * line, or null when nothing was sent.
 */
export async function applyAutomation(
  deps: SceneDeps,
  row: Row,
  now: Date,
  trigger: SceneRunTrigger,
  overlay?: LiveOverlay,
): Promise<SceneRun | null> {
  const { db } = deps;
  const started = performance.now();
  const gathered = await gatherInputs(db, row, now, { weather: deps.weather, overlay });
  const { desired, inTiming, occupied } = decideAc(configOf(row), gathered.inputs);
  const previous = row.lastDesired ?? null;
  const onUnits = gathered.units.filter((u) => gathered.states.get(u.id)?.onOff === true).map((u) => u.id);
  const wasOn = new Set(previous?.onUnits ?? []);
  // A unit switched on (by anyone) since the last application takes the settings once; later changes stay.
  const switchedOn = desired.onOff === false ? [] : onUnits.filter((id) => !wasOn.has(id));
  const requestChanged = previous === null || !sameRequest(previous, desired);
  const changed = requestChanged || previous.reason !== desired.reason;
  const retry = row.retryAt !== null && row.retryAt <= now && !requestChanged;
  const onChanged = onUnits.length !== wasOn.size || switchedOn.length > 0;
  if (!changed && !retry && !onChanged) return null;
  // The units on once this application is through (a retry or a new request switches them all).
  const sweep = requestChanged || retry;
  let onAfter = onUnits;
  if (sweep && desired.onOff === true) onAfter = gathered.units.map((u) => u.id);
  if (sweep && desired.onOff === false) onAfter = [];
  const [claimed] = await db
    .update(acAutomations)
    .set({
      lastDesired: { ...desired, onUnits: onAfter },
      stateSeq: row.stateSeq + 1,
      // Only a new request or the retry itself settles a pending retry; a note keeps it.
      ...(sweep ? { retryAt: null } : {}),
      lastAppliedAt: now,
    })
    .where(and(eq(acAutomations.id, row.id), eq(acAutomations.stateSeq, row.stateSeq)))
    .returning({ id: acAutomations.id });
  if (!claimed) return null;
  // What the automation asks differently goes to every unit that differs; otherwise only a unit just
  // switched on gets the settings. A reason alone changing, or a unit switched off, is just noted.
  const targets =
    requestChanged || retry ? gathered.units : gathered.units.filter((u) => switchedOn.includes(u.id));
  if (targets.length === 0) return null;
  const reason = LOG_REASON[desired.reason];
  if (reason === null) return null;

  const scope = automationScope(row);
  const results: SceneCommandResult[] = [];
  for (const unit of targets) {
    const state = gathered.states.get(unit.id);
    if (!state) continue;
    for (const command of commandsFor(desired, state)) {
      let outcomes: CommandOutcome[];
      try {
        outcomes = (
          await sendCommand(
            deps,
            { scope, lang: 'EN', userName: unit.name, logUserId: null },
            { deviceId: unit.id, method: command.method, params: command.params, terminal: 'control' },
            deps.commandTimeoutMs,
          )
        ).results;
      } catch (error) {
        outcomes = outcomesOf(error, unit.id, unit.name);
      }
      for (const o of outcomes) {
        results.push({
          targetKind: row.targetKind,
          targetId: row.targetId,
          method: command.method,
          params: command.params,
          ...o,
        });
      }
      // A unit that did not switch on does not take its settings either.
      if (outcomes.some((o) => o.result !== 'success')) break;
    }
  }
  if (results.length === 0) return null;
  const failed = results.some((r) => r.result !== 'success');
  if (failed) {
    await db
      .update(acAutomations)
      .set({ retryAt: new Date(now.getTime() + RETRY_AFTER_MS) })
      .where(and(eq(acAutomations.id, row.id), eq(acAutomations.stateSeq, row.stateSeq + 1)));
  }
  const names = gathered.units.map((u) => u.name);
  const [logged] = await db
    .insert(sceneRuns)
    .values({
      tenantId: row.tenantId,
      projectId: row.projectId,
      sceneId: null,
      sceneName: row.targetKind === 'device' ? (names[0] ?? '') : names.join(', ').slice(0, 200),
      trigger,
      outcome: failed ? 'failed' : 'ran',
      reason,
      detail: {
        acAutomationId: row.id,
        desired: desired satisfies AcDesiredState,
        switchedOn,
        retry,
        inputs: {
          localTime: gathered.localTime,
          workday: gathered.inputs.workday,
          inTiming,
          inNap: gathered.inputs.inNap,
          motionCount: gathered.inputs.motionCount,
          occupied,
          vacantSince: gathered.inputs.vacantSince?.toISOString() ?? null,
          outdoorTemp: gathered.inputs.outdoorTemp,
          roomTemp: gathered.inputs.roomTemp,
        },
      },
      startedAt: now,
      durationMs: Math.round(performance.now() - started),
      commands: results,
    })
    .returning();
  if (!logged) return null;
  return {
    id: logged.id,
    sceneId: null,
    sceneName: logged.sceneName,
    projectId: logged.projectId,
    trigger: logged.trigger,
    outcome: logged.outcome,
    reason: logged.reason,
    detail: logged.detail,
    dueAt: null,
    time: logged.startedAt.toISOString(),
    durationMs: logged.durationMs,
    commands: logged.commands,
  };
}

/**
 * Runs every active config at each tick (timing, vacancy and the weather ripen with time) and the configs
 * following a zone when one of its motion sensors reports on the telemetry bus (occupancy acts at once).
 */
export class AcAutomationRunner {
  /** motion sensor id -> configs following its zone. */
  private bySensor = new Map<number, Set<number>>();
  private readonly busy = new Set<number>();

  constructor(
    private readonly deps: () => SceneDeps,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /** Every active config, once. */
  async tick(now: Date): Promise<SceneRun[]> {
    const { db } = this.deps();
    const rows = await db.select().from(acAutomations).where(eq(acAutomations.active, true));
    const bySensor = new Map<number, Set<number>>();
    const out: SceneRun[] = [];
    for (const row of rows) {
      const run = await this.evaluate(row.id, now, 'timing');
      if (run) out.push(run);
      try {
        const zoneId = row.zoneId ?? (await this.deviceZone(row));
        if (zoneId === null) continue;
        const sensors = await db
          .select({ id: devices.id })
          .from(devices)
          .where(and(eq(devices.zoneId, zoneId), inArray(devices.model, [...MOTION_MODELS])));
        for (const s of sensors) bySensor.set(s.id, (bySensor.get(s.id) ?? new Set()).add(row.id));
      } catch (error) {
        this.log?.error({ err: error, acAutomationId: row.id }, 'AC automation index failed');
      }
    }
    this.bySensor = bySensor;
    return out;
  }

  private async deviceZone(row: Row): Promise<number | null> {
    if (row.targetKind !== 'device') return null;
    const [unit] = await this.deps()
      .db.select()
      .from(devices)
      .where(and(eq(devices.id, row.targetId), isNotNull(devices.zoneId)));
    return unit ? zoneOf(row, [unit]) : null;
  }

  /** Whether some config follows this device's motions (checked per reading, before any work). */
  follows(deviceId: number): boolean {
    return this.bySensor.has(deviceId);
  }

  /** A device reported: the configs following its zone, when it counts motions. */
  async onUpdate(update: DeviceUpdate, now: Date): Promise<SceneRun[]> {
    const ids = this.bySensor.get(update.deviceId);
    if (!ids || !('motionCount' in update.values || 'pir' in update.values)) return [];
    const overlay: LiveOverlay = new Map([[update.deviceId, update.values]]);
    const out: SceneRun[] = [];
    for (const id of ids) {
      const run = await this.evaluate(id, now, 'device', overlay);
      if (run) out.push(run);
    }
    return out;
  }

  private async evaluate(
    id: number,
    now: Date,
    trigger: SceneRunTrigger,
    overlay?: LiveOverlay,
  ): Promise<SceneRun | null> {
    if (this.busy.has(id)) return null;
    this.busy.add(id);
    try {
      const deps = this.deps();
      const [row] = await deps.db.select().from(acAutomations).where(eq(acAutomations.id, id));
      if (!row?.active) return null;
      return await applyAutomation(deps, row, now, trigger, overlay);
    } catch (error) {
      this.log?.error({ err: error, acAutomationId: id }, 'AC automation failed');
      return null;
    } finally {
      this.busy.delete(id);
    }
  }
}

/** Starts the AC automation: a pass every `tickMs`, and motion readings as they arrive. */
export function startAcAutomation(
  deps: () => SceneDeps,
  bus: TelemetryBus,
  log: FastifyBaseLogger,
  options: { tickMs: number; /** The time the runner reads (the app's clock). */ clock: Clock },
): () => Promise<void> {
  const now = () => options.clock.now();
  const runner = new AcAutomationRunner(deps, log);
  let running: Promise<unknown> | null = null;
  const pass = () => {
    running ??= runner
      .tick(now())
      .catch((error: unknown) => log.error({ err: error }, 'AC automation pass failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(pass, options.tickMs);
  pass();
  const unsubscribe = bus.onUpdate((update) => {
    if (runner.follows(update.deviceId)) void runner.onUpdate(update, now());
  });
  return async () => {
    clearInterval(timer);
    unsubscribe();
    await running;
  };
}
