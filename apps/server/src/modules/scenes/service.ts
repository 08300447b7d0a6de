import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNull,
  lt,
  lte,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { z } from 'zod';
import {
  commandRequestSchemaFor,
  DEVICE_CONTROL_PERMISSION,
  type CommandOutcome,
  type Lang,
  type PageResult,
  type Scene,
  type SceneCommandResult,
  type SceneDefinition,
  type SceneExplanation,
  type SceneListFilter,
  type ScenePlannedCommand,
  type SceneRun,
  type SceneRunFilter,
  type SceneRunTrigger,
  type SceneTarget,
  sceneSaveBodySchema,
} from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { likePattern } from '../../platform/db/like.js';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.js';
import { translate } from '../../platform/i18n/index.js';
import { inScope, ownedOr404, tenantFilter, type Scope } from '../../platform/tenancy.js';
import { RequestValidationError, validationMessage } from '../../platform/validate.js';
import { buildings, zones, floors } from '../buildings/tables.js';
import { describeDay } from '../calendar/calendar-rules.js';
import { calendarDays } from '../calendar/tables.js';
import { controlLog } from '../commands/tables.js';
import { sendCommand, type CommandDeps } from '../commands/service.js';
import { deviceGroupMembers, deviceGroups, deviceLatest, devices } from '../devices/tables.js';
import { findProject } from '../projects/service.js';
import { projects } from '../projects/tables.js';
import { telemetryRaw } from '../telemetry/tables.js';
import {
  decide,
  instantOf,
  numericValue,
  type EngineDecision,
  type EngineScene,
  type Reading,
} from './engine.js';
import { sceneRuns, scenes, type SceneRules } from './tables.js';
import { simulatedWeatherProvider, weatherReadings, type WeatherProvider } from './weather.js';

type SceneRow = typeof scenes.$inferSelect;
type RunRow = typeof sceneRuns.$inferSelect;
type DeviceRow = typeof devices.$inferSelect;

/** What scene services need besides the database: the command path and the weather. */
export interface SceneDeps extends CommandDeps {
  weather?: WeatherProvider;
  /** How long a scene's command waits for a device's reply. */
  commandTimeoutMs: number;
}

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

export async function createScene(db: Db, scope: Scope, body: SceneDefinition): Promise<Scene> {
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
        triggerType: body.triggerType,
        zoneId: body.zoneId,
        category: body.category,
        rules: rulesOf(body),
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
        triggerType: body.triggerType,
        zoneId: body.zoneId,
        category: body.category,
        rules: rulesOf(body),
        conditionsSince: null,
        // New execution times count from now: a time just added that already passed today is not missed.
        lastDueAt: scheduleFrom(new Date()),
        version: body.version + 1,
        updatedAt: new Date(),
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

/** The devices a scene's targets stand for now, each with the target it came from. */
async function expandTargets(db: Db, targets: SceneTarget[]) {
  const deviceIds = targets.filter((t) => t.kind === 'device').map((t) => t.id);
  const groupIds = targets.filter((t) => t.kind === 'group').map((t) => t.id);
  const [direct, members] = await Promise.all([
    deviceIds.length === 0 ? [] : db.select().from(devices).where(inArray(devices.id, deviceIds)),
    groupIds.length === 0
      ? []
      : db
          .select({ groupId: deviceGroupMembers.groupId, device: devices })
          .from(deviceGroupMembers)
          .innerJoin(devices, eq(devices.id, deviceGroupMembers.deviceId))
          .where(inArray(deviceGroupMembers.groupId, groupIds))
          .orderBy(asc(deviceGroupMembers.groupId), asc(deviceGroupMembers.sort)),
  ]);
  const out: { target: SceneTarget; device: DeviceRow }[] = [];
  for (const target of targets) {
    if (target.kind === 'device') {
      const device = direct.find((d) => d.id === target.id);
      if (device) out.push({ target, device });
    } else {
      for (const m of members) if (m.groupId === target.id) out.push({ target, device: m.device });
    }
  }
  return out;
}

/** Models whose telemetry says whether someone is there. */
const OCCUPANCY_MODELS = ['pir10', 'e90'] as const;

/**
 * Since when the zone has been vacant: null when a sensor of the zone sees someone now, or the zone has
 * no occupancy sensor with a reading. Otherwise the last time any of them saw someone, or, when none
 * ever did, the first reading they sent.
 */
async function zoneVacantSince(db: Db, zoneId: number | null): Promise<Date | null> {
  if (zoneId === null) return null;
  const sensors = await db
    .select({ id: devices.id })
    .from(devices)
    .where(and(eq(devices.zoneId, zoneId), inArray(devices.model, [...OCCUPANCY_MODELS])));
  const ids = sensors.map((s) => s.id);
  if (ids.length === 0) return null;
  const latest = await db
    .select()
    .from(deviceLatest)
    .where(and(inArray(deviceLatest.deviceId, ids), eq(deviceLatest.key, 'pir')));
  if (latest.length === 0) return null;
  if (latest.some((l) => (numericValue(l.value) ?? 0) > 0)) return null;
  const [lastSeen] = await db
    .select({ ts: telemetryRaw.ts })
    .from(telemetryRaw)
    .where(and(inArray(telemetryRaw.deviceId, ids), eq(telemetryRaw.key, 'pir'), gte(telemetryRaw.num, 1)))
    .orderBy(desc(telemetryRaw.ts))
    .limit(1);
  if (lastSeen) return lastSeen.ts;
  const [first] = await db
    .select({ ts: telemetryRaw.ts })
    .from(telemetryRaw)
    .where(and(inArray(telemetryRaw.deviceId, ids), eq(telemetryRaw.key, 'pir')))
    .orderBy(asc(telemetryRaw.ts))
    .limit(1);
  // Only the latest value is known (raw readings pruned): vacant since that reading.
  return first?.ts ?? latest.reduce((a, l) => (l.ts < a ? l.ts : a), latest[0]?.ts ?? new Date());
}

/** Readings that arrived but may not be committed yet (the telemetry bus runs ahead of the writer). */
export type LiveOverlay = Map<number, { values: Record<string, unknown>; at: Date }>;

export interface Evaluation {
  decision: EngineDecision;
  /** The last run that ran or failed. */
  lastRanAt: Date | null;
  /** The devices the actions go to (targets expanded now). */
  devices: { target: SceneTarget; device: DeviceRow }[];
}

/** Gathers everything the engine reads about a scene at `now` and asks it. */
export async function evaluateScene(
  db: Db,
  row: SceneRow,
  now: Date,
  trigger: SceneRunTrigger | 'explain',
  options: {
    dueAt?: Date | undefined;
    weather?: WeatherProvider | undefined;
    overlay?: LiveOverlay | undefined;
  } = {},
): Promise<Evaluation> {
  const { rules } = row;
  const [project] = await db.select().from(projects).where(eq(projects.id, row.projectId));
  if (!project) throw notFound();
  const timeZone = project.timeZone;
  const targets = await expandTargets(db, rules.targets);
  const local = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
  const midnight = instantOf(local, '00:00', timeZone) ?? new Date(now.getTime() - 86_400_000);

  const conditionDevices = [
    ...new Set(rules.conditions.flatMap((c) => (c.deviceId === null ? [] : [c.deviceId]))),
  ];
  const targetIds = targets.map((t) => t.device.id);
  const needsWeather = rules.conditions.some((c) => c.source === 'weather');
  const [exception, latest, runsToday, lastRan, lastManual, vacantSince, place] = await Promise.all([
    db
      .select({ date: calendarDays.date, type: calendarDays.type, name: calendarDays.name })
      .from(calendarDays)
      .where(and(eq(calendarDays.projectId, row.projectId), eq(calendarDays.date, local)))
      .then((r) => r[0]),
    conditionDevices.length === 0
      ? []
      : db.select().from(deviceLatest).where(inArray(deviceLatest.deviceId, conditionDevices)),
    db
      .select({ value: count() })
      .from(sceneRuns)
      .where(
        and(
          eq(sceneRuns.sceneId, row.id),
          inArray(sceneRuns.outcome, ['ran', 'failed']),
          gte(sceneRuns.startedAt, midnight),
        ),
      )
      .then((r) => r[0]?.value ?? 0),
    db
      .select({ at: sceneRuns.startedAt })
      .from(sceneRuns)
      .where(and(eq(sceneRuns.sceneId, row.id), inArray(sceneRuns.outcome, ['ran', 'failed'])))
      .orderBy(desc(sceneRuns.startedAt))
      .limit(1)
      .then((r) => r[0]?.at ?? null),
    rules.manualTimeoutMinutes === 0 || targetIds.length === 0
      ? null
      : db
          .select({ at: controlLog.createdAt })
          .from(controlLog)
          .where(and(inArray(controlLog.deviceId, targetIds), ne(controlLog.terminal, 'control')))
          .orderBy(desc(controlLog.createdAt))
          .limit(1)
          .then((r) => r[0]?.at ?? null),
    rules.vacantTimeoutMinutes === 0 ? null : zoneVacantSince(db, row.zoneId),
    needsWeather
      ? db
          .select({ latitude: buildings.latitude, longitude: buildings.longitude })
          .from(buildings)
          .where(eq(buildings.projectId, row.projectId))
          .orderBy(asc(buildings.id))
          .limit(1)
          .then((r) => r[0] ?? null)
      : null,
  ]);
  const provider = options.weather ?? simulatedWeatherProvider;
  const report = place ? await provider.weatherAt(now, place) : null;
  const deviceValue = (deviceId: number, key: string): Reading => {
    const fresh = options.overlay?.get(deviceId);
    if (fresh && key in fresh.values) return { value: numericValue(fresh.values[key]), at: fresh.at };
    const hit = latest.find((l) => l.deviceId === deviceId && l.key === key);
    return hit ? { value: numericValue(hit.value), at: hit.ts } : { value: null, at: null };
  };
  const scene: EngineScene = {
    enabled: row.enabled,
    triggerType: row.triggerType,
    zoneId: row.zoneId,
    rules,
  };
  const decision = decide(scene, {
    now,
    timeZone,
    trigger,
    dueAt: options.dueAt,
    day: describeDay(local, exception),
    deviceValue,
    weather: weatherReadings(report),
    history: { runsToday, lastRanAt: lastRan },
    lastManualAt: lastManual,
    zoneVacantSince: vacantSince,
    conditionsSince: row.conditionsSince,
  });
  return { decision, devices: targets, lastRanAt: lastRan };
}

function plannedCommands(row: SceneRow, targets: Evaluation['devices']): ScenePlannedCommand[] {
  return row.rules.actions.flatMap((action) =>
    targets.map(({ target, device }) => ({
      targetKind: target.kind,
      targetId: target.id,
      method: action.method,
      params: action.params,
      deviceId: device.id,
      deviceName: device.name,
    })),
  );
}

/** POST /sbuilding/scene/explain/{id}: what would happen now, each condition with its live value; nothing sent. */
export async function explainScene(
  db: Db,
  scope: Scope,
  id: number,
  now: Date,
  weather?: WeatherProvider,
): Promise<SceneExplanation> {
  const row = await findScene(db, scope, id);
  const { decision, devices: targets } = await evaluateScene(
    db,
    row,
    now,
    'explain',
    weather ? { weather } : {},
  );
  return {
    now: now.toISOString(),
    localDate: decision.localDate,
    localTime: decision.localTime,
    decision: decision.decision,
    reason: decision.reason,
    checks: decision.checks,
    conditions: decision.conditions,
    commands: plannedCommands(row, targets),
  };
}

/** Who a run acts as in the command path and the control log. */
export interface RunActor {
  scope: Scope;
  lang: Lang;
  userName: string;
  /** Null for the scheduler and triggers: no user pressed anything. */
  userId: number | null;
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
    terminal: 'control' as const,
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
  return [{ deviceId: target.id, deviceName: '', result: 'refused', message, latencyMs: null }];
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
    return done ? toRun(done) : null;
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
  user: { lang: Lang; userName: string },
): Promise<SceneRun> {
  const row = await findScene(deps.db, scope, id);
  const run = await runScene(
    deps,
    row,
    { scope, lang: user.lang, userName: user.userName, userId: scope.userId },
    'manual',
    new Date(),
  );
  if (!run) throw new AppError(500, 'error.internal');
  return run;
}
