import { and, asc, eq, gte, isNotNull, lte } from 'drizzle-orm';
import type { SceneSavings } from '@sbuilding/shared';
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
import { sceneRuns, scenes } from './tables.js';

/**
 * For each scene of a project, the energy it saved over [from, to] (default the last 30 days), by the
 * shared savings rule (../energy/savings.ts): each device a run switched off (`setOnOff` false or
 * brightness 0, with success) counts from the run until it next reported on, at most 10 h, times its
 * category's rated draw (RATED_WATTS: light 36 W, AC 1000 W; other categories 0).
 */
export async function sceneSavings(
  db: Db,
  scope: Scope,
  projectId: number,
  period: SavingsQuery = {},
  now = new Date(),
): Promise<SceneSavings> {
  await findProject(db, scope, projectId);
  const { from, to } = savingsPeriod(period, now);
  const sceneRows = await db
    .select({ id: scenes.id })
    .from(scenes)
    .where(and(tenantFilter(scope, scenes.tenantId), eq(scenes.projectId, projectId)));
  const runs = await db
    .select({ sceneId: sceneRuns.sceneId, startedAt: sceneRuns.startedAt, commands: sceneRuns.commands })
    .from(sceneRuns)
    .where(
      and(
        tenantFilter(scope, sceneRuns.tenantId),
        eq(sceneRuns.projectId, projectId),
        isNotNull(sceneRuns.sceneId),
        gte(sceneRuns.startedAt, lookbackStart(from)),
        lte(sceneRuns.startedAt, to),
      ),
    )
    .orderBy(asc(sceneRuns.startedAt));
  const offs = runs.flatMap((run) =>
    offCommands(run.commands).map((c) => ({
      owner: run.sceneId ?? 0,
      deviceId: c.deviceId,
      at: run.startedAt,
    })),
  );
  const events = await withDraw(db, scope, offs, period.buildingId);
  const savings = await sumSavings(
    events,
    sceneRows.map((s) => s.id),
    from,
    to,
    await nextOnReports(db, events),
  );
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    rows: [...savings].map(([sceneId, s]) => ({ sceneId, ...s })),
  };
}
