/** Scenes: create, read, save, enable and delete, with every reference checked against the caller's scope. */
import { and, asc, count, desc, eq, ilike, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  commandRequestSchemaFor,
  type PageResult,
  type Scene,
  type SceneDefinition,
  type SceneListFilter,
  sceneSaveBodySchema,
} from '@sbuilding/shared';
import { systemClock, type Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import { likePattern } from '../../platform/db/like.js';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.js';
import { inScope, ownedOr404, tenantFilter, type Scope } from '../../platform/tenancy.js';
import { RequestValidationError } from '../../platform/validate.js';
import { buildings, zones, floors } from '../buildings/tables.js';
import { type CommandDeps } from '../commands/index.js';
import { deviceGroups, devices } from '../devices/tables.js';
import { findProject } from '../projects/index.js';
import { projects } from '../projects/tables.js';
import { sceneRuns, scenes, type SceneRules } from './tables.js';
import { type WeatherProvider } from './weather.js';
import type { SceneEvents } from './events.js';
import { toRun } from './runs.js';

type SceneRow = typeof scenes.$inferSelect;
type RunRow = typeof sceneRuns.$inferSelect;

/** What scene services need besides the database: the command path and the weather. */
export interface SceneDeps extends CommandDeps {
  weather?: WeatherProvider;
  /** The time automation reads (the app's `clock`); the machine's when absent. */
  clock?: Clock;
  /** How long a scene's command waits for a device's reply. */
  commandTimeoutMs: number;
  /** Told of each run that sent commands (the app's `sceneEvents`); absent, nobody is told. */
  events?: SceneEvents;
}

/** What the deps' clock reads now. */
export const nowOf = (deps: { clock?: Clock }): Date => (deps.clock ?? systemClock).now();

/** A parsed create or save body. */
type SceneInput = SceneDefinition | z.output<typeof sceneSaveBodySchema>;

function rulesOf(body: SceneInput): SceneRules {
  return {
    conditions: body.conditions,
    relationship: body.relationship,
    executionTimes: body.executionTimes,
    weekdays: body.weekdays,
    effectiveStart: body.effectiveStart,
    effectiveEnd: body.effectiveEnd,
    auxiliaryCondition: body.auxiliaryCondition,
    timeRange: body.timeRange,
    maxExecuteCount: body.maxExecuteCount,
    repeatIntervalMinutes: body.repeatIntervalMinutes,
    vacantTimeoutMinutes: body.vacantTimeoutMinutes,
    manualTimeoutMinutes: body.manualTimeoutMinutes,
    preDelaySeconds: body.preDelaySeconds,
    targets: body.targets,
    actions: body.actions,
  };
}

interface TargetInfo {
  name: string;
  position: string;
}

/** Names of the scenes' targets now (devices and groups), keyed 'device:1' / 'group:2'. */
async function targetNames(db: Db, rows: SceneRow[]): Promise<Map<string, TargetInfo>> {
  const deviceIds = new Set<number>();
  const groupIds = new Set<number>();
  for (const row of rows) {
    for (const t of row.rules.targets) (t.kind === 'device' ? deviceIds : groupIds).add(t.id);
  }
  const out = new Map<string, TargetInfo>();
  const [deviceRows, groupRows] = await Promise.all([
    deviceIds.size === 0
      ? []
      : db
          .select({ id: devices.id, name: devices.name, position: devices.position })
          .from(devices)
          .where(inArray(devices.id, [...deviceIds])),
    groupIds.size === 0
      ? []
      : db
          .select({ id: deviceGroups.id, name: deviceGroups.name })
          .from(deviceGroups)
          .where(inArray(deviceGroups.id, [...groupIds])),
  ]);
  for (const d of deviceRows) out.set(`device:${d.id}`, { name: d.name, position: d.position });
  for (const g of groupRows) out.set(`group:${g.id}`, { name: g.name, position: '' });
  return out;
}

async function lastRuns(db: Db, sceneIds: number[]): Promise<Map<number, RunRow>> {
  const out = new Map<number, RunRow>();
  if (sceneIds.length === 0) return out;
  const rows = await db
    .selectDistinctOn([sceneRuns.sceneId])
    .from(sceneRuns)
    .where(inArray(sceneRuns.sceneId, sceneIds))
    .orderBy(sceneRuns.sceneId, desc(sceneRuns.startedAt), desc(sceneRuns.id));
  for (const row of rows) if (row.sceneId !== null) out.set(row.sceneId, row);
  return out;
}

function toScene(row: SceneRow, names: Map<string, TargetInfo>, last: RunRow | undefined): Scene {
  const { rules } = row;
  let lastRun: Scene['lastRun'] = null;
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
    miniProgram: row.miniProgram,
    triggerType: row.triggerType,
    zoneId: row.zoneId,
    category: row.category,
    ...rules,
    targets: rules.targets.map((t) => ({
      ...t,
      name: names.get(`${t.kind}:${t.id}`)?.name ?? '',
      position: names.get(`${t.kind}:${t.id}`)?.position ?? '',
    })),
    lastRun,
    version: row.version,
    createTime: row.createdAt.toISOString(),
    updateTime: row.updatedAt.toISOString(),
  };
}

async function sceneById(db: Db, id: number): Promise<Scene> {
  const [row] = await db.select().from(scenes).where(eq(scenes.id, id));
  if (!row) throw new AppError(500, 'error.internal');
  return toScene(row, await targetNames(db, [row]), (await lastRuns(db, [id])).get(id));
}

/** The scene when it exists and is the caller's (404 otherwise). */
export async function findScene(db: Db, scope: Scope, id: number): Promise<SceneRow> {
  const [row] = await db.select().from(scenes).where(eq(scenes.id, id));
  return ownedOr404(scope, row);
}

export async function listScenes(db: Db, scope: Scope, filter: SceneListFilter): Promise<PageResult<Scene>> {
  await findProject(db, scope, filter.projectId);
  const conditions: (SQL | undefined)[] = [
    tenantFilter(scope, scenes.tenantId),
    eq(scenes.projectId, filter.projectId),
  ];
  if (filter.name) conditions.push(ilike(scenes.name, likePattern(filter.name)));
  if (filter.triggerType) conditions.push(eq(scenes.triggerType, filter.triggerType));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(scenes)
      .where(where)
      .orderBy(asc(scenes.name), asc(scenes.id))
      .limit(filter.pageSize)
      .offset((filter.pageNum - 1) * filter.pageSize),
    db.select({ value: count() }).from(scenes).where(where),
  ]);
  const [names, last] = await Promise.all([
    targetNames(db, rows),
    lastRuns(
      db,
      rows.map((r) => r.id),
    ),
  ]);
  return { rows: rows.map((r) => toScene(r, names, last.get(r.id))), total: total?.value ?? 0 };
}

export async function getScene(db: Db, scope: Scope, id: number): Promise<Scene> {
  await findScene(db, scope, id);
  return sceneById(db, id);
}

/**
 * The rules the shared schema cannot check alone: every target, condition device and the zone must be
 * the caller's (404 otherwise) and in the scene's project; every target of the scene's category ('Select
 * the same category device'); every action a command the model of each device target takes, with valid
 * parameters (a group's devices are checked one by one when it runs, like the command path does).
 */
async function checkReferences(db: Db, scope: Scope, projectId: number, body: SceneInput) {
  const deviceIds = body.targets.filter((t) => t.kind === 'device').map((t) => t.id);
  const groupIds = body.targets.filter((t) => t.kind === 'group').map((t) => t.id);
  const conditionDeviceIds = body.conditions.flatMap((c) => (c.deviceId === null ? [] : [c.deviceId]));
  const allDeviceIds = [...new Set([...deviceIds, ...conditionDeviceIds])];
  const [deviceRows, groupRows] = await Promise.all([
    allDeviceIds.length === 0 ? [] : db.select().from(devices).where(inArray(devices.id, allDeviceIds)),
    groupIds.length === 0 ? [] : db.select().from(deviceGroups).where(inArray(deviceGroups.id, groupIds)),
  ]);
  const found = [...deviceRows, ...groupRows];
  if (
    deviceRows.length !== allDeviceIds.length ||
    groupRows.length !== new Set(groupIds).size ||
    found.some((r) => !inScope(scope, r.tenantId))
  ) {
    throw notFound('command.notFound');
  }
  const stranger = found.find((r) => r.projectId !== projectId);
  if (stranger) throw badRequest('scene.otherProject', { name: stranger.name });
  const targetRows = [...deviceRows.filter((d) => deviceIds.includes(d.id)), ...groupRows];
  if (targetRows.some((r) => r.category !== body.category)) throw badRequest('validation.sameCategory');
  for (const device of deviceRows.filter((d) => deviceIds.includes(d.id))) {
    body.actions.forEach((action, i) => {
      const parsed = commandRequestSchemaFor(device.model).safeParse(action);
      if (parsed.success) return;
      throw new RequestValidationError(
        parsed.error.issues.map((issue) => ({
          instancePath: `/actions/${i}/${issue.path.map(String).join('/')}`,
          keyword: issue.code,
          message: issue.message,
        })),
      );
    });
  }
  if (body.zoneId !== null) {
    const [zone] = await db
      .select({ tenantId: zones.tenantId, projectId: buildings.projectId })
      .from(zones)
      .innerJoin(floors, eq(floors.id, zones.floorId))
      .innerJoin(buildings, eq(buildings.id, floors.buildingId))
      .where(eq(zones.id, body.zoneId));
    const owned = ownedOr404(scope, zone);
    if (owned.projectId !== projectId) throw badRequest('scene.otherProject', { name: String(body.zoneId) });
  }
}

async function checkName(tx: Db, projectId: number, name: string, except?: number): Promise<void> {
  await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).for('update');
  const same = [eq(scenes.projectId, projectId), eq(scenes.name, name)];
  if (except !== undefined) same.push(ne(scenes.id, except));
  const [taken] = await tx
    .select({ id: scenes.id })
    .from(scenes)
    .where(and(...same));
  if (taken) throw badRequest('scene.duplicateName', { name });
}

/** Creates a scene; `now` (the app's clock) is its creation, where its schedule starts. */
export async function createScene(
  db: Db,
  scope: Scope,
  body: SceneDefinition,
  now = new Date(),
): Promise<Scene> {
  const project = await findProject(db, scope, body.projectId);
  await checkReferences(db, scope, project.id, body);
  const id = await db.transaction(async (tx) => {
    await checkName(tx, project.id, body.name);
    const [row] = await tx
      .insert(scenes)
      .values({
        tenantId: project.tenantId,
        projectId: project.id,
        name: body.name,
        enabled: body.enabled,
        miniProgram: body.miniProgram,
        triggerType: body.triggerType,
        zoneId: body.zoneId,
        category: body.category,
        rules: rulesOf(body),
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: scenes.id });
    if (!row) throw new AppError(500, 'error.internal');
    return row.id;
  });
  return sceneById(db, id);
}

/** Saves a scene; 409 when it changed since `version`. The pre-delay clock restarts with the new rules. */
export async function saveScene(
  db: Db,
  scope: Scope,
  id: number,
  body: z.output<typeof sceneSaveBodySchema>,
  now = new Date(),
): Promise<Scene> {
  const current = await findScene(db, scope, id);
  await checkReferences(db, scope, current.projectId, body);
  await db.transaction(async (tx) => {
    await checkName(tx, current.projectId, body.name, id);
    const [row] = await tx
      .update(scenes)
      .set({
        name: body.name,
        enabled: body.enabled,
        miniProgram: body.miniProgram,
        triggerType: body.triggerType,
        zoneId: body.zoneId,
        category: body.category,
        rules: rulesOf(body),
        conditionsSince: null,
        // New execution times count from now: a time just added that already passed today is not missed.
        lastDueAt: scheduleFrom(now),
        version: body.version + 1,
        updatedAt: now,
      })
      .where(and(eq(scenes.id, id), eq(scenes.version, body.version)))
      .returning({ id: scenes.id });
    if (!row) throw conflict();
  });
  return sceneById(db, id);
}

/**
 * Enables or disables a scene. The schedule starts afresh from now: execution times that passed while it
 * was off were not missed, nobody wanted them (no flood of 'missed' in the log when it is switched back on).
 */
export async function setSceneEnabled(
  db: Db,
  scope: Scope,
  id: number,
  enabled: boolean,
  now = new Date(),
): Promise<Scene> {
  await findScene(db, scope, id);
  await db
    .update(scenes)
    .set({
      enabled,
      conditionsSince: null,
      lastDueAt: scheduleFrom(now),
      version: sql`${scenes.version} + 1`,
      updatedAt: now,
    })
    .where(eq(scenes.id, id));
  return sceneById(db, id);
}

/** `last_due_at` from `now` on, never moving back (a due time already claimed stays claimed). */
function scheduleFrom(now: Date) {
  return sql`greatest(${scenes.lastDueAt}, ${now.toISOString()}::timestamptz)`;
}

/** Deletes a scene; its runs stay in the scheduling log under the name they were recorded with. */
export async function deleteScene(db: Db, scope: Scope, id: number): Promise<void> {
  await findScene(db, scope, id);
  await db.delete(scenes).where(eq(scenes.id, id));
}
