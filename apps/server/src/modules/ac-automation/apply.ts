import { and, eq } from 'drizzle-orm';
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
import { sendCommand } from '../commands/index.js';
import { sceneRuns } from '../scenes/tables.js';
import type { SceneDeps } from '../scenes/index.js';
import { commandsFor, decideAc, sameRequest } from './evaluator.js';
import { automationScope, configOf, gatherInputs, type LiveOverlay } from './inputs.js';
import { RETRY_AFTER_MS, retryDue, unreachedUnits } from './retry.js';
import { acAutomations } from './tables.js';

type Row = typeof acAutomations.$inferSelect;

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
 * last one applied (or a failed change is due for a retry, retry.ts), the change is claimed by a
 * compare-and-set on `state_seq` (of two processes one wins), then only the units that differ get commands,
 * each through the command path with terminal 'control', recorded as one line of the scheduling log.
 * `reported`: units whose readings just arrived (ms), newer than what `device_latest` may hold yet. Answers
 * the log line, or null when nothing was sent.
 */
export async function applyAutomation(
  deps: SceneDeps,
  row: Row,
  now: Date,
  trigger: SceneRunTrigger,
  overlay?: LiveOverlay,
  reported?: ReadonlyMap<number, number>,
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
  const heardAt = new Map([...gathered.heardAt, ...(reported ?? [])]);
  const retry = !requestChanged && retryDue(row, now, heardAt);
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
      // A note leaves a pending retry as it was, with the units it waits for.
      lastDesired: { ...desired, onUnits: onAfter, ...(sweep ? {} : { unreached: previous?.unreached }) },
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
    // Tried again after RETRY_AFTER_MS at the latest; sooner, as soon as a unit it could not reach reports.
    await db
      .update(acAutomations)
      .set({
        retryAt: new Date(now.getTime() + RETRY_AFTER_MS),
        lastDesired: { ...desired, onUnits: onAfter, unreached: unreachedUnits(results) },
      })
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
