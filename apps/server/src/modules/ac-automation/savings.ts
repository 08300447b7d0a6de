import { and, asc, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import {
  AC_RATED_WATTS,
  type AcAutomationSavings,
  type SavingEvidence,
  type SavingsEvidence,
} from '@sbuilding/shared';
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
import { sceneRuns } from '../scenes/tables.js';
import { acAutomations } from './tables.js';
import { findAutomation } from './service.js';

/** The commands a project's AC automations sent (one's with `automationId`) that could be saving in the period. */
async function automationCommands(
  db: Db,
  scope: Scope,
  projectId: number,
  range: { from: Date; to: Date },
  automationId?: number,
): Promise<CommandEvent[]> {
  const runs = await db
    .select({ startedAt: sceneRuns.startedAt, detail: sceneRuns.detail, commands: sceneRuns.commands })
    .from(sceneRuns)
    .where(
      and(
        tenantFilter(scope, sceneRuns.tenantId),
        eq(sceneRuns.projectId, projectId),
        isNull(sceneRuns.sceneId),
        automationId === undefined
          ? sql`${sceneRuns.detail} ? 'acAutomationId'`
          : sql`(${sceneRuns.detail} ->> 'acAutomationId')::int = ${automationId}`,
        gte(sceneRuns.startedAt, lookbackStart(range.from)),
        lte(sceneRuns.startedAt, range.to),
      ),
    )
    .orderBy(asc(sceneRuns.startedAt));
  const out: CommandEvent[] = [];
  for (const run of runs) {
    const owner = run.detail.acAutomationId;
    if (typeof owner !== 'number') continue;
    for (const c of run.commands.filter(mayLowerDraw)) {
      out.push({ owner, ownerKind: 'acAutomation', deviceId: c.deviceId, at: run.startedAt });
    }
  }
  return out;
}

/**
 * For each AC automation of a project, the energy it saved over [from, to] (default the last 30 days), by
 * the shared rule (../savings): a unit it switched off, set to fan only or relaxed counts from its report of
 * the lower state until its next reported change (at most 10 h), at the two states' difference of draw.
 */
export async function acAutomationSavings(
  db: Db,
  scope: Scope,
  projectId: number,
  period: SavingsQuery = {},
  now = new Date(),
): Promise<AcAutomationSavings> {
  await findProject(db, scope, projectId);
  const range = savingsPeriod(period, now);
  const configs = await db
    .select({ id: acAutomations.id })
    .from(acAutomations)
    .where(and(tenantFilter(scope, acAutomations.tenantId), eq(acAutomations.projectId, projectId)));
  const commands = await automationCommands(db, scope, projectId, range);
  const savings = sumByOwner(
    await savingsOf(db, scope, commands, range, period.buildingId),
    configs.map((c) => c.id),
  );
  return {
    from: range.from.toISOString(),
    to: range.to.toISOString(),
    ratedWatts: AC_RATED_WATTS,
    rows: [...savings].map(([automationId, s]) => ({ automationId, ...s })),
  };
}

/** One AC automation's savings with their evidence (newest first), for its detail. */
export async function acAutomationSavingsEvidence(
  db: Db,
  scope: Scope,
  automationId: number,
  period: SavingsQuery = {},
  now = new Date(),
): Promise<SavingsEvidence> {
  const config = await findAutomation(db, scope, automationId);
  const range = savingsPeriod(period, now);
  const commands = await automationCommands(db, scope, config.projectId, range, config.id);
  return evidenceAnswer(await savingsOf(db, scope, commands, range), range);
}

/** Every saving of a project's AC automations over [from, to] with its evidence (with `buildingId`, its devices only). */
export async function acAutomationEvidence(
  db: Db,
  scope: Scope,
  projectId: number,
  range: { from: Date; to: Date },
  buildingId?: number,
): Promise<SavingEvidence[]> {
  await findProject(db, scope, projectId);
  return savingsOf(db, scope, await automationCommands(db, scope, projectId, range), range, buildingId);
}
