import { and, asc, eq, gte, isNotNull, lte } from 'drizzle-orm';
import { type SavingEvidence, type SavingsEvidence, type SceneSavings } from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { tenantFilter, type Scope } from '../../platform/tenancy.js';
import {
  evidenceAnswer,
  lookbackStart,
  mayLowerDraw,
  savingsOf,
  savingsPeriod,
  sumByOwner,
  type CommandEvent,
  type SavingsQuery,
} from '../savings/index.js';
import { findProject } from '../projects/index.js';
import { findScene } from './service.js';
import { sceneRuns, scenes } from './tables.js';

/**
 * The commands that runs of a project sent that could be saving in the period, each owned by the run's scene
 * or noon nap (`owner`; one owner's only with `id`). A noon nap's start dims and sleeps like a scene and counts
 * by what the devices reported; its end's restore draws more, so it counts nothing (`mayLowerDraw`).
 */
async function runCommands(
  db: Db,
  scope: Scope,
  projectId: number,
  range: { from: Date; to: Date },
  owner: typeof sceneRuns.sceneId | typeof sceneRuns.noonNapId,
  id?: number,
): Promise<CommandEvent[]> {
  const runs = await db
    .select({ owner, startedAt: sceneRuns.startedAt, commands: sceneRuns.commands })
    .from(sceneRuns)
    .where(
      and(
        tenantFilter(scope, sceneRuns.tenantId),
        eq(sceneRuns.projectId, projectId),
        id === undefined ? isNotNull(owner) : eq(owner, id),
        gte(sceneRuns.startedAt, lookbackStart(range.from)),
        lte(sceneRuns.startedAt, range.to),
      ),
    )
    .orderBy(asc(sceneRuns.startedAt));
  return runs.flatMap((run) =>
    run.commands.filter(mayLowerDraw).map((c) => ({
      owner: run.owner ?? 0,
      ownerKind: owner === sceneRuns.noonNapId ? ('noonNap' as const) : ('scene' as const),
      deviceId: c.deviceId,
      at: run.startedAt,
    })),
  );
}

/** The commands of a project's scene runs (one scene's with `sceneId`). */
const sceneCommands = (
  db: Db,
  scope: Scope,
  projectId: number,
  range: { from: Date; to: Date },
  sceneId?: number,
) => runCommands(db, scope, projectId, range, sceneRuns.sceneId, sceneId);

/**
 * Every saving of a project's scenes and of its noon naps over [from, to], with its evidence (with
 * `buildingId`, on that building's devices only): the energy board sums the naps' and checks both against
 * the meters.
 */
export async function sceneAndNapEvidence(
  db: Db,
  scope: Scope,
  projectId: number,
  range: { from: Date; to: Date },
  buildingId?: number,
): Promise<{ scenes: SavingEvidence[]; noonNaps: SavingEvidence[] }> {
  await findProject(db, scope, projectId);
  const [sceneEvents, napEvents] = await Promise.all([
    sceneCommands(db, scope, projectId, range),
    runCommands(db, scope, projectId, range, sceneRuns.noonNapId),
  ]);
  const [sceneRows, napRows] = await Promise.all([
    savingsOf(db, scope, sceneEvents, range, buildingId),
    savingsOf(db, scope, napEvents, range, buildingId),
  ]);
  return { scenes: sceneRows, noonNaps: napRows };
}

/**
 * For each scene of a project, the energy it saved over [from, to] (default the last 30 days), by the
 * shared rule (../savings): a device its run commanded counts only when it reported a lower-drawing state
 * right after than before, until its next reported change (at most 10 h), at the difference of the two
 * states' draws.
 */
export async function sceneSavings(
  db: Db,
  scope: Scope,
  projectId: number,
  period: SavingsQuery = {},
  now = new Date(),
): Promise<SceneSavings> {
  await findProject(db, scope, projectId);
  const range = savingsPeriod(period, now);
  const sceneRows = await db
    .select({ id: scenes.id })
    .from(scenes)
    .where(and(tenantFilter(scope, scenes.tenantId), eq(scenes.projectId, projectId)));
  const commands = await sceneCommands(db, scope, projectId, range);
  const savings = sumByOwner(
    await savingsOf(db, scope, commands, range, period.buildingId),
    sceneRows.map((s) => s.id),
  );
  return {
    from: range.from.toISOString(),
    to: range.to.toISOString(),
    rows: [...savings].map(([sceneId, s]) => ({ sceneId, ...s })),
  };
}

/** One scene's savings with their evidence (newest first), for its detail. */
export async function sceneSavingsEvidence(
  db: Db,
  scope: Scope,
  sceneId: number,
  period: SavingsQuery = {},
  now = new Date(),
): Promise<SavingsEvidence> {
  const scene = await findScene(db, scope, sceneId);
  const range = savingsPeriod(period, now);
  const commands = await sceneCommands(db, scope, scene.projectId, range, scene.id);
  return evidenceAnswer(await savingsOf(db, scope, commands, range), range);
}
