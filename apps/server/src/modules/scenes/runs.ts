/** The scheduling log (/job/log): a run as the API answers it, and the log's pages. */
import { and, count, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { PageResult, SceneRun, SceneRunFilter } from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { tenantFilter, type Scope } from '../../platform/tenancy.js';
import { findProject } from '../projects/index.js';
import { sceneRuns } from './tables.js';

type RunRow = typeof sceneRuns.$inferSelect;

export function toRun(row: RunRow): SceneRun {
  return {
    id: row.id,
    sceneId: row.sceneId,
    sceneName: row.sceneName,
    projectId: row.projectId,
    trigger: row.trigger,
    outcome: row.outcome,
    reason: row.reason,
    detail: row.detail,
    dueAt: row.dueAt?.toISOString() ?? null,
    time: row.startedAt.toISOString(),
    durationMs: row.durationMs,
    commands: row.commands,
  };
}

export async function listRuns(db: Db, scope: Scope, filter: SceneRunFilter): Promise<PageResult<SceneRun>> {
  await findProject(db, scope, filter.projectId);
  const conditions: (SQL | undefined)[] = [
    tenantFilter(scope, sceneRuns.tenantId),
    eq(sceneRuns.projectId, filter.projectId),
  ];
  if (filter.sceneId !== undefined) conditions.push(eq(sceneRuns.sceneId, filter.sceneId));
  if (filter.outcome) conditions.push(eq(sceneRuns.outcome, filter.outcome));
  if (filter.trigger) conditions.push(eq(sceneRuns.trigger, filter.trigger));
  if (filter.from) conditions.push(gte(sceneRuns.startedAt, new Date(filter.from)));
  if (filter.to) conditions.push(lte(sceneRuns.startedAt, new Date(filter.to)));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(sceneRuns)
      .where(where)
      .orderBy(desc(sceneRuns.startedAt), desc(sceneRuns.id))
      .limit(filter.pageSize)
      .offset((filter.pageNum - 1) * filter.pageSize),
    db.select({ value: count() }).from(sceneRuns).where(where),
  ]);
  return { rows: rows.map(toRun), total: total?.value ?? 0 };
}

/* The engine's inputs, read from the database. */
