/**
 * What a scene would do now: the engine's inputs gathered from the database (targets, live readings,
 * occupancy, weather, run history), its decision, and the explanation built from it.
 */
import { and, asc, count, desc, eq, gte, inArray, lte, ne } from 'drizzle-orm';
import {
  commandRequestSchemaFor,
  type SceneExplanation,
  type ScenePlannedCommand,
  type SceneRunTrigger,
  type SceneTarget,
  type SceneTargetExplanation,
  type SceneTriggerState,
} from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { notFound } from '../../platform/errors.js';
import { type Scope } from '../../platform/tenancy.js';
import { buildings } from '../buildings/tables.js';
import { describeDay } from '../calendar/index.js';
import { calendarDays } from '../calendar/tables.js';
import { controlLog } from '../commands/tables.js';
import { deviceGroupMembers, deviceLatest, devices } from '../devices/tables.js';
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
import { sceneRuns, scenes } from './tables.js';
import { simulatedWeatherProvider, weatherReadings, type WeatherProvider } from './weather.js';
import { findScene } from './service.js';
import { localDate } from '../../platform/local-date.js';

type SceneRow = typeof scenes.$inferSelect;
type DeviceRow = typeof devices.$inferSelect;

/** The devices a scene's targets stand for now, each with the target it came from. */
export async function expandTargets(db: Db, targets: SceneTarget[]) {
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
  const local = localDate(now, timeZone);
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

/** Whether the device (or the gateway it sits behind) is connected now; the command path's own test. */
export type Reachable = (deviceId: number) => boolean;

/** Two values the same, as a device reports them and a command sets them (true and 1 alike). */
function sameValue(live: unknown, wanted: unknown): boolean {
  if (typeof wanted === 'string' || typeof live === 'string') return String(live) === String(wanted);
  const a = numericValue(live);
  const b = numericValue(wanted);
  return a !== null && b !== null && Math.abs(a - b) < 1e-9;
}

/**
 * What a run would do to each target device now, or why not: the catalogue refusing a command for the
 * model (notPermitted), the device or its gateway not connected (unreachable, as the command path tests
 * it), a person's switch within the manual timeout (manualOverride), every commanded value already reported
 * (alreadySet), else wouldSet.
 */
async function explainTargets(
  db: Db,
  row: SceneRow,
  targets: Evaluation['devices'],
  now: Date,
  reachable: Reachable,
): Promise<SceneTargetExplanation[]> {
  if (targets.length === 0) return [];
  const ids = [...new Set(targets.map((t) => t.device.id))];
  const parentIds = [
    ...new Set(targets.flatMap((t) => (t.device.parentId === null ? [] : [t.device.parentId]))),
  ];
  const manualMinutes = row.rules.manualTimeoutMinutes;
  const [latest, parents, manual] = await Promise.all([
    db.select().from(deviceLatest).where(inArray(deviceLatest.deviceId, ids)),
    parentIds.length === 0
      ? []
      : db.select({ id: devices.id, name: devices.name }).from(devices).where(inArray(devices.id, parentIds)),
    manualMinutes === 0
      ? []
      : db
          .select({ deviceId: controlLog.deviceId, at: controlLog.createdAt, terminal: controlLog.terminal })
          .from(controlLog)
          .where(
            and(
              inArray(controlLog.deviceId, ids),
              ne(controlLog.terminal, 'control'),
              gte(controlLog.createdAt, new Date(now.getTime() - manualMinutes * 60_000)),
              lte(controlLog.createdAt, now),
            ),
          )
          .orderBy(desc(controlLog.createdAt)),
  ]);
  const commands = row.rules.actions.map((a) => ({ method: a.method, params: a.params }));
  return targets.map(({ target, device }) => {
    const base = {
      targetKind: target.kind,
      targetId: target.id,
      deviceId: device.id,
      deviceName: device.name,
      commands,
    };
    const refused = commands.filter((c) => !commandRequestSchemaFor(device.model).safeParse(c).success);
    if (refused.length > 0) {
      return {
        ...base,
        status: 'notPermitted',
        detail: { model: device.model, methods: refused.map((c) => c.method) },
      };
    }
    const parent = device.parentId === null ? null : parents.find((p) => p.id === device.parentId);
    const via = device.parentId ?? device.id;
    if (!reachable(via)) {
      return parent
        ? {
            ...base,
            status: 'gatewayUnreachable',
            detail: { gatewayId: parent.id, gatewayName: parent.name },
          }
        : { ...base, status: 'deviceUnreachable', detail: {} };
    }
    const touched = manual.find((m) => m.deviceId === device.id);
    if (touched) {
      return {
        ...base,
        status: 'manualOverride',
        detail: {
          at: touched.at.toISOString(),
          terminal: touched.terminal,
          manualTimeoutMinutes: manualMinutes,
        },
      };
    }
    const live: Record<string, unknown> = {};
    for (const l of latest) if (l.deviceId === device.id) live[l.key] = l.value;
    const wanted = commands.flatMap((c) => Object.entries(c.params));
    const already = wanted.length > 0 && wanted.every(([k, v]) => k in live && sameValue(live[k], v));
    const compared = Object.fromEntries(wanted.map(([k]) => [k, live[k] ?? null]));
    return { ...base, status: already ? 'alreadySet' : 'wouldSet', detail: { live: compared } };
  });
}

/** Whether a condition trigger would act on its conditions now (null for other triggers). */
function triggerState(
  row: SceneRow,
  decision: EngineDecision,
  lastRanAt: Date | null,
): SceneTriggerState | null {
  if (row.triggerType !== 'device' && row.triggerType !== 'weather') return null;
  const since = decision.conditionsHold ? (row.conditionsSince ?? decision.conditionsSince) : null;
  const ranThisPeriod = since !== null && lastRanAt !== null && lastRanAt >= since;
  return {
    armed: !ranThisPeriod,
    conditionsHold: decision.conditionsHold,
    conditionsSince: since?.toISOString() ?? null,
    lastRanAt: lastRanAt?.toISOString() ?? null,
  };
}

/**
 * POST /sbuilding/scene/explain/{id}: what would happen now, each condition with its live value, and per
 * target device what it would do or why not; for condition triggers whether the trigger is armed (a scene
 * that ran in this holding period answers skip, 'triggerNotArmed'). Nothing sent.
 */
export async function explainScene(
  db: Db,
  scope: Scope,
  id: number,
  now: Date,
  weather?: WeatherProvider,
  reachable: Reachable = () => false,
): Promise<SceneExplanation> {
  const row = await findScene(db, scope, id);
  const {
    decision,
    devices: targets,
    lastRanAt,
  } = await evaluateScene(db, row, now, 'explain', weather ? { weather } : {});
  const trigger = triggerState(row, decision, lastRanAt);
  const waiting = trigger !== null && !trigger.armed && decision.decision === 'run';
  return {
    now: now.toISOString(),
    localDate: decision.localDate,
    localTime: decision.localTime,
    decision: waiting ? 'skip' : decision.decision,
    reason: waiting ? 'triggerNotArmed' : decision.reason,
    checks: decision.checks,
    conditions: decision.conditions,
    commands: plannedCommands(row, targets),
    targets: await explainTargets(db, row, targets, now, reachable),
    trigger,
  };
}
