import { and, asc, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import { AC_RATED_WATTS, type AcAutomationSavings } from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { tenantFilter, type Scope } from '../../platform/tenancy.js';
import {
  lookbackStart,
  nextOnReports,
  offCommands,
  savingsPeriod,
  sumSavings,
  type SavingsQuery,
  withDraw,
} from '../savings/index.js';
import { findProject } from '../projects/index.js';
import { sceneRuns } from '../scenes/tables.js';
import { acAutomations } from './tables.js';

/**
 * For each AC automation of a project, the energy it saved over [from, to] (default the last 30 days),
 * by the shared savings rule (../energy/savings.ts): AC_RATED_WATTS per unit times the time its off
 * commands kept units off (until the unit reported on again, by anyone, at most 10 h).
 */
export async function acAutomationSavings(
  db: Db,
  scope: Scope,
  projectId: number,
  period: SavingsQuery = {},
  now = new Date(),
): Promise<AcAutomationSavings> {
  await findProject(db, scope, projectId);
  const { from, to } = savingsPeriod(period, now);
  const configs = await db
    .select({ id: acAutomations.id })
    .from(acAutomations)
    .where(and(tenantFilter(scope, acAutomations.tenantId), eq(acAutomations.projectId, projectId)));
  const runs = await db
    .select({ startedAt: sceneRuns.startedAt, detail: sceneRuns.detail, commands: sceneRuns.commands })
    .from(sceneRuns)
    .where(
      and(
        tenantFilter(scope, sceneRuns.tenantId),
        eq(sceneRuns.projectId, projectId),
        isNull(sceneRuns.sceneId),
        sql`${sceneRuns.detail} ? 'acAutomationId'`,
        gte(sceneRuns.startedAt, lookbackStart(from)),
        lte(sceneRuns.startedAt, to),
      ),
    )
    .orderBy(asc(sceneRuns.startedAt));
  const offs: { owner: number; deviceId: number; at: Date }[] = [];
  for (const run of runs) {
    const owner = run.detail.acAutomationId;
    if (typeof owner !== 'number') continue;
    for (const c of offCommands(run.commands)) offs.push({ owner, deviceId: c.deviceId, at: run.startedAt });
  }
  const events = await withDraw(db, scope, offs, period.buildingId, () => AC_RATED_WATTS);
  const savings = await sumSavings(
    events,
    configs.map((c) => c.id),
    from,
    to,
    await nextOnReports(db, events),
  );
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    ratedWatts: AC_RATED_WATTS,
    rows: [...savings].map(([automationId, s]) => ({ automationId, ...s })),
  };
}
