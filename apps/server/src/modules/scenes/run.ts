/**
 * Running a scene: the decision recorded in the scheduling log and, when it runs, its actions sent through
 * the command path with each target's result (timed, triggered or executed now).
 */
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import {
  DEVICE_CONTROL_PERMISSION,
  type CommandOutcome,
  type Lang,
  type SceneCommandResult,
  type SceneRun,
  type SceneRunTrigger,
  type SceneTarget,
  type TerminalSource,
} from '@sbuilding/shared';
import { AppError } from '../../platform/errors.js';
import { translate } from '../../platform/i18n/index.js';
import { type Scope } from '../../platform/tenancy.js';
import { RequestValidationError, validationMessage } from '../../platform/validate.js';
import { sendCommand } from '../commands/index.js';
import type { EngineDecision } from './engine.js';
import { sceneRuns, scenes } from './tables.js';
import { evaluateScene, type LiveOverlay } from './evaluate.js';
import { toRun } from './runs.js';
import { findScene, nowOf, type SceneDeps } from './service.js';

type SceneRow = typeof scenes.$inferSelect;

/** Who a run acts as in the command path and the control log. */
export interface RunActor {
  scope: Scope;
  lang: Lang;
  userName: string;
  /** Null for the scheduler and triggers: no user pressed anything. */
  userId: number | null;
  /** Where the run was asked from, for the control log: automation and the console are 'control'. */
  terminal?: TerminalSource;
}

/** The actor of automatic runs: the scene's tenant, allowed to switch devices, no user. */
export function automationActor(row: Pick<SceneRow, 'tenantId' | 'name'>): RunActor {
  return {
    scope: {
      userId: 0,
      tenantId: row.tenantId,
      roles: ['tbAdmin'],
      permissions: [DEVICE_CONTROL_PERMISSION],
      isAdmin: false,
    },
    lang: 'EN',
    userName: row.name,
    userId: null,
  };
}

/** Sends every action to every target through the command path (terminal 'control'); each device's outcome. */
async function sendActions(deps: SceneDeps, row: SceneRow, actor: RunActor): Promise<SceneCommandResult[]> {
  const results: SceneCommandResult[] = [];
  for (const action of row.rules.actions) {
    const perTarget = await Promise.all(
      row.rules.targets.map((target) => sendSceneAction(deps, actor, target, action)),
    );
    results.push(...perTarget.flat());
  }
  return results;
}

/**
 * One action to one target through the command path (terminal 'control'), each device's outcome; a refusal
 * is an outcome, not an error. Noon naps send theirs through it too.
 */
export async function sendSceneAction(
  deps: SceneDeps,
  actor: RunActor,
  target: SceneTarget,
  action: { method: SceneCommandResult['method']; params: Record<string, unknown> },
): Promise<SceneCommandResult[]> {
  const request = {
    ...(target.kind === 'device' ? { deviceId: target.id } : { groupId: target.id }),
    method: action.method,
    params: action.params,
    terminal: actor.terminal ?? 'control',
  };
  let outcomes: CommandOutcome[];
  try {
    outcomes = (
      await sendCommand(
        deps,
        { scope: actor.scope, lang: actor.lang, userName: actor.userName, logUserId: actor.userId },
        request,
        deps.commandTimeoutMs,
      )
    ).results;
  } catch (error) {
    outcomes = failureOutcomes(error, target, actor.lang);
  }
  return outcomes.map((o) => ({
    targetKind: target.kind,
    targetId: target.id,
    method: action.method,
    params: action.params,
    ...o,
  }));
}

function isOutcomeList(data: unknown): data is { results: CommandOutcome[] } {
  return typeof data === 'object' && data !== null && 'results' in data && Array.isArray(data.results);
}

/** A command that threw: the outcomes it carries (503), or one refused line for the target. */
function failureOutcomes(error: unknown, target: SceneTarget, lang: Lang): CommandOutcome[] {
  if (error instanceof AppError && isOutcomeList(error.data)) return error.data.results;
  let message = translate(lang, 'command.failed');
  if (error instanceof AppError) message = translate(lang, error.key, error.params);
  else if (error instanceof RequestValidationError) message = validationMessage(lang, error.issues);
  else throw error;
  return [
    {
      deviceId: target.id,
      deviceName: '',
      result: 'refused',
      message,
      latencyMs: null,
      time: new Date().toISOString(),
    },
  ];
}

/**
 * Records a decision as a run: a skip with its reason, or the actions sent and each device's result
 * ('failed' with reason commandFailed when any device was not set; 'skipped' noTargets when the targets
 * hold no device now). A timing run carries its due time: a second record of it is refused by the unique
 * index and answered null (another process has it).
 */
export async function runScene(
  deps: SceneDeps,
  row: SceneRow,
  actor: RunActor,
  trigger: SceneRunTrigger,
  now: Date,
  options: {
    dueAt?: Date;
    overlay?: LiveOverlay;
    /**
     * Whether to act on (and record) this evaluation; false leaves it at updating the pre-delay clock.
     * Condition triggers use it to act once per period their conditions hold.
     */
    record?: (
      decision: EngineDecision,
      seen: { lastRanAt: Date | null; conditionsSince: Date | null },
    ) => boolean;
  } = {},
): Promise<SceneRun | null> {
  const started = performance.now();
  const { db } = deps;
  if (options.dueAt) {
    // Claim the execution time first: of two processes (or a retry after a restart) one wins, the other
    // sends nothing. The unique (scene, due time) index on the runs is the second guard.
    const [claimed] = await db
      .update(scenes)
      .set({ lastDueAt: options.dueAt })
      .where(and(eq(scenes.id, row.id), or(isNull(scenes.lastDueAt), lt(scenes.lastDueAt, options.dueAt))))
      .returning({ id: scenes.id });
    if (!claimed) return null;
  }
  const {
    decision,
    devices: targets,
    lastRanAt,
  } = await evaluateScene(db, row, now, trigger, {
    dueAt: options.dueAt,
    overlay: options.overlay,
    weather: deps.weather,
  });
  // The holding period's start is set once, atomically: two processes evaluating together agree on it.
  let since = decision.conditionsSince;
  if (since !== null) {
    const [kept] = await db
      .update(scenes)
      .set({ conditionsSince: sql`coalesce(${scenes.conditionsSince}, ${since.toISOString()}::timestamptz)` })
      .where(eq(scenes.id, row.id))
      .returning({ since: scenes.conditionsSince });
    since = kept?.since ?? since;
  } else if (row.conditionsSince !== null) {
    await db.update(scenes).set({ conditionsSince: null }).where(eq(scenes.id, row.id));
  }
  if (options.record && !options.record(decision, { lastRanAt, conditionsSince: row.conditionsSince })) {
    return null;
  }
  const detail: Record<string, unknown> = {
    checks: decision.checks,
    conditions: decision.conditions,
    userName: actor.userName,
    ...(actor.userId === null ? {} : { userId: actor.userId }),
  };
  // A condition run is due when its conditions began to hold: one run per holding period, whatever the
  // number of processes evaluating it (the unique (scene, due time) index decides, before anything is sent).
  const conditionRun = trigger === 'device' || trigger === 'weather';
  const dueAt = options.dueAt ?? (conditionRun && decision.decision === 'run' ? since : null);
  const base = {
    tenantId: row.tenantId,
    projectId: row.projectId,
    sceneId: row.id,
    sceneName: row.name,
    trigger,
    detail,
    dueAt,
    startedAt: now,
  };
  if (decision.decision === 'run' && targets.length > 0) {
    const [claimed] = await db
      .insert(sceneRuns)
      // Counted as a run from the start (max count, repeat interval); settled below.
      .values({ ...base, outcome: 'ran', reason: null })
      .onConflictDoNothing()
      .returning({ id: sceneRuns.id });
    if (!claimed) return null;
    const commands = await sendActions(deps, row, actor);
    const failed = commands.some((c) => c.result !== 'success');
    const [done] = await db
      .update(sceneRuns)
      .set({
        outcome: failed ? 'failed' : 'ran',
        reason: failed ? 'commandFailed' : null,
        commands,
        durationMs: Math.round(performance.now() - started),
      })
      .where(eq(sceneRuns.id, claimed.id))
      .returning();
    if (!done) return null;
    const run = toRun(done);
    deps.events?.emit({ tenantId: row.tenantId, projectId: row.projectId, run, userName: actor.userName });
    return run;
  }
  const [inserted] = await db
    .insert(sceneRuns)
    .values({
      ...base,
      outcome: 'skipped',
      reason: decision.decision === 'run' ? 'noTargets' : decision.reason,
      durationMs: Math.round(performance.now() - started),
    })
    .onConflictDoNothing()
    .returning();
  return inserted ? toRun(inserted) : null;
}

/** POST /sbuilding/scene/execute/{id}: the operator runs the scene now, whatever its checks say. */
export async function executeScene(
  deps: SceneDeps,
  scope: Scope,
  id: number,
  user: { lang: Lang; userName: string; terminal?: TerminalSource },
): Promise<SceneRun> {
  const row = await findScene(deps.db, scope, id);
  const run = await runScene(
    deps,
    row,
    { scope, lang: user.lang, userName: user.userName, userId: scope.userId, terminal: user.terminal },
    'manual',
    nowOf(deps),
  );
  if (!run) throw new AppError(500, 'error.internal');
  return run;
}
