import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  NoonNap,
  NoonNapDefinition,
  NoonNapOptions,
  noonNapSaveBodySchema,
  PageResult,
} from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.js';
import { inScope, ownedOr404, tenantFilter, type Scope } from '../../platform/tenancy.js';
import { buildings, floors, zones } from '../buildings/tables.js';
import { workTimes } from '../calendar/tables.js';
import { toWorkTime } from '../calendar/index.js';
import { findProject } from '../projects/index.js';
import { projects } from '../projects/tables.js';
import { restoreNow } from './noon-nap-runner.js';
import { toRun } from './runs.js';
import type { SceneDeps } from './service.js';
import { noonNaps, sceneRuns } from './tables.js';

/*
 * Noon naps (/noonNap): CRUD and what the form chooses from. What they do at the NAP start and end is in
 * noon-nap-runner.ts (run by the scene scheduler).
 */

type NoonNapRow = typeof noonNaps.$inferSelect;
type WorkTimeRow = typeof workTimes.$inferSelect;
type NoonNapInput = NoonNapDefinition | z.output<typeof noonNapSaveBodySchema>;

/** The noon nap when it exists and is the caller's (404 otherwise). */
export async function findNoonNap(db: Db, scope: Scope, id: number): Promise<NoonNapRow> {
  const [row] = await db.select().from(noonNaps).where(eq(noonNaps.id, id));
  return ownedOr404(scope, row);
}

/** The project's NAP work times, in start order. */
async function napWorkTimes(db: Db, projectId: number): Promise<WorkTimeRow[]> {
  return db
    .select()
    .from(workTimes)
    .where(and(eq(workTimes.projectId, projectId), eq(workTimes.timeType, 'NAP')))
    .orderBy(asc(workTimes.startTime), asc(workTimes.id));
}

/**
 * The NAP work time a noon nap follows: the one named, or the project's first. Spec section 5: a noon-nap
 * scene needs a NAP work time first, so a project without one is refused with that in words.
 */
async function napWorkTimeFor(db: Db, projectId: number, workTimeId: number | null): Promise<WorkTimeRow> {
  const naps = await napWorkTimes(db, projectId);
  if (naps.length === 0) throw badRequest('noonNap.noNapWorkTime');
  const chosen = workTimeId === null ? naps[0] : naps.find((w) => w.id === workTimeId);
  if (!chosen) throw badRequest('noonNap.notNapWorkTime');
  return chosen;
}

/** Every zone must be the caller's (404) and in the project. */
async function checkZones(db: Db, scope: Scope, projectId: number, zoneIds: number[]): Promise<void> {
  const rows = await db
    .select({ id: zones.id, name: zones.name, tenantId: zones.tenantId, projectId: buildings.projectId })
    .from(zones)
    .innerJoin(floors, eq(floors.id, zones.floorId))
    .innerJoin(buildings, eq(buildings.id, floors.buildingId))
    .where(inArray(zones.id, zoneIds));
  if (rows.length !== zoneIds.length || rows.some((r) => !inScope(scope, r.tenantId))) throw notFound();
  const stranger = rows.find((r) => r.projectId !== projectId);
  if (stranger) throw badRequest('scene.otherProject', { name: stranger.name });
}

async function checkName(tx: Db, projectId: number, name: string, except?: number): Promise<void> {
  await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).for('update');
  const same = [eq(noonNaps.projectId, projectId), eq(noonNaps.name, name)];
  if (except !== undefined) same.push(ne(noonNaps.id, except));
  const [taken] = await tx
    .select({ id: noonNaps.id })
    .from(noonNaps)
    .where(and(...same));
  if (taken) throw badRequest('noonNap.duplicateName', { name });
}

async function toNoonNaps(db: Db, rows: NoonNapRow[]): Promise<NoonNap[]> {
  if (rows.length === 0) return [];
  const workTimeIds = [...new Set(rows.flatMap((r) => (r.workTimeId === null ? [] : [r.workTimeId])))];
  const zoneIds = [...new Set(rows.flatMap((r) => r.zoneIds))];
  const [times, zoneRows, runs] = await Promise.all([
    workTimeIds.length === 0 ? [] : db.select().from(workTimes).where(inArray(workTimes.id, workTimeIds)),
    zoneIds.length === 0
      ? []
      : db.select({ id: zones.id, name: zones.name }).from(zones).where(inArray(zones.id, zoneIds)),
    db
      .selectDistinctOn([sceneRuns.noonNapId])
      .from(sceneRuns)
      .where(
        inArray(
          sceneRuns.noonNapId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(sceneRuns.noonNapId, desc(sceneRuns.startedAt), desc(sceneRuns.id)),
  ]);
  return rows.map((row) => {
    const time = times.find((w) => w.id === row.workTimeId && w.timeType === 'NAP');
    const last = runs.find((r) => r.noonNapId === row.id);
    let lastRun: NoonNap['lastRun'] = null;
    if (last) {
      const { commands: _c, detail: _d, ...rest } = toRun(last);
      lastRun = rest;
    }
    return {
      id: row.id,
      tenantId: row.tenantId,
      projectId: row.projectId,
      name: row.name,
      enabled: row.enabled,
      workTimeId: row.workTimeId,
      window: time ? { name: time.name, startTime: time.startTime, endTime: time.endTime } : null,
      // A zone deleted since is left out.
      zones: row.zoneIds.flatMap((id) => zoneRows.filter((z) => z.id === id)),
      dimLevel: row.dimLevel,
      acAction: row.acAction,
      sleepOffset: row.sleepOffset,
      napping: row.saved !== null,
      lastRun,
      version: row.version,
      createTime: row.createdAt.toISOString(),
      updateTime: row.updatedAt.toISOString(),
    };
  });
}

async function noonNapById(db: Db, id: number): Promise<NoonNap> {
  const [row] = await db.select().from(noonNaps).where(eq(noonNaps.id, id));
  const [nap] = await toNoonNaps(db, row ? [row] : []);
  if (!nap) throw new AppError(500, 'error.internal');
  return nap;
}

/** POST /sbuilding/noonNap/getList: the project's noon naps by name, each with its window and last run. */
export async function listNoonNaps(db: Db, scope: Scope, projectId: number): Promise<PageResult<NoonNap>> {
  await findProject(db, scope, projectId);
  const rows = await db
    .select()
    .from(noonNaps)
    .where(and(tenantFilter(scope, noonNaps.tenantId), eq(noonNaps.projectId, projectId)))
    .orderBy(asc(noonNaps.name), asc(noonNaps.id));
  return { rows: await toNoonNaps(db, rows), total: rows.length };
}

/** GET /sbuilding/noonNap/options: the project's NAP work times and its zones with floor and building. */
export async function noonNapOptions(db: Db, scope: Scope, projectId: number): Promise<NoonNapOptions> {
  await findProject(db, scope, projectId);
  const [times, zoneRows] = await Promise.all([
    napWorkTimes(db, projectId),
    db
      .select({ id: zones.id, name: zones.name, floorName: floors.name, buildingName: buildings.name })
      .from(zones)
      .innerJoin(floors, eq(floors.id, zones.floorId))
      .innerJoin(buildings, eq(buildings.id, floors.buildingId))
      .where(eq(buildings.projectId, projectId))
      .orderBy(asc(buildings.name), asc(floors.name), asc(zones.name), asc(zones.id)),
  ]);
  return { napWorkTimes: times.map(toWorkTime), zones: zoneRows };
}

function settingsOf(body: NoonNapInput, workTime: WorkTimeRow) {
  return {
    name: body.name,
    enabled: body.enabled,
    workTimeId: workTime.id,
    zoneIds: body.zoneIds,
    dimLevel: body.dimLevel,
    acAction: body.acAction,
    sleepOffset: body.sleepOffset,
  };
}

/** Creates a noon nap; `now` (the app's clock) is its creation, where its schedule starts. */
export async function createNoonNap(
  db: Db,
  scope: Scope,
  body: NoonNapDefinition,
  now = new Date(),
): Promise<NoonNap> {
  const project = await findProject(db, scope, body.projectId);
  const workTime = await napWorkTimeFor(db, project.id, body.workTimeId);
  await checkZones(db, scope, project.id, body.zoneIds);
  const id = await db.transaction(async (tx) => {
    await checkName(tx, project.id, body.name);
    const [row] = await tx
      .insert(noonNaps)
      .values({
        tenantId: project.tenantId,
        projectId: project.id,
        ...settingsOf(body, workTime),
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: noonNaps.id });
    if (!row) throw new AppError(500, 'error.internal');
    return row.id;
  });
  return noonNapById(db, id);
}

/** `last_due_at` from `now` on, never back: a start or end that passed before is not 'missed'. */
function scheduleFrom(now: Date) {
  return sql`greatest(${noonNaps.lastDueAt}, ${now.toISOString()}::timestamptz)`;
}

/** Saves a noon nap; 409 when it changed since `version`. A nap on now still ends (and restores). */
export async function saveNoonNap(
  db: Db,
  scope: Scope,
  id: number,
  body: z.output<typeof noonNapSaveBodySchema>,
  now = new Date(),
): Promise<NoonNap> {
  const current = await findNoonNap(db, scope, id);
  const workTime = await napWorkTimeFor(db, current.projectId, body.workTimeId);
  await checkZones(db, scope, current.projectId, body.zoneIds);
  await db.transaction(async (tx) => {
    await checkName(tx, current.projectId, body.name, id);
    const [row] = await tx
      .update(noonNaps)
      .set({
        ...settingsOf(body, workTime),
        lastDueAt: scheduleFrom(now),
        version: body.version + 1,
        updatedAt: now,
      })
      .where(and(eq(noonNaps.id, id), eq(noonNaps.version, body.version)))
      .returning({ id: noonNaps.id });
    if (!row) throw conflict();
  });
  return noonNapById(db, id);
}

/** Enables or disables (the console confirms first); a nap on now still ends and restores. */
export async function setNoonNapEnabled(
  db: Db,
  scope: Scope,
  id: number,
  enabled: boolean,
  now = new Date(),
): Promise<NoonNap> {
  await findNoonNap(db, scope, id);
  await db
    .update(noonNaps)
    .set({
      enabled,
      lastDueAt: scheduleFrom(now),
      version: sql`${noonNaps.version} + 1`,
      updatedAt: now,
    })
    .where(eq(noonNaps.id, id));
  return noonNapById(db, id);
}

/**
 * Deletes a noon nap; its runs stay in the scheduling log under their recorded name. One deleted during
 * its nap first puts back what it changed (nothing would end it otherwise).
 */
export async function deleteNoonNap(deps: SceneDeps, scope: Scope, id: number, now = new Date()) {
  const row = await findNoonNap(deps.db, scope, id);
  await restoreNow(deps, row, now);
  await deps.db.delete(noonNaps).where(eq(noonNaps.id, id));
}
