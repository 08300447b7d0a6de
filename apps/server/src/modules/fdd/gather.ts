import { and, count, desc, eq, gte, inArray, max, min, sql } from 'drizzle-orm';
import {
  FDD_RULE_DEFAULTS,
  FDD_RULES,
  FDD_SENSOR_KEYS,
  type FddRule,
  type FddRuleParams,
} from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import type { Scope } from '../../platform/tenancy.js';
import { zones } from '../buildings/tables.js';
import { describeInstant, inWorkingPeriod } from '../calendar/index.js';
import { deviceLatest, devices } from '../devices/tables.js';
import { telemetryRaw } from '../telemetry/tables.js';
import { controlLog } from '../commands/tables.js';
import type { DeviceView, LastControl, RoundInput, StuckReading, ZoneView } from './rules.js';
import { baseLoads, counterJumps, startsLastHour } from './series.js';
import { fddRuleSettings } from './tables.js';

/** Models whose readings count motion (the AC automation reads the same ones). */
const MOTION_MODELS = new Set<string>(['pir10', 'e90']);
const MOTION_KEYS = ['motionCount', 'pir'];
/** How far back a zone's last motion is looked for; a zone still without one counts as vacant since then. */
const MOTION_LOOKBACK_MS = 2 * 86_400_000;
const KEYS = [
  'onOff',
  'lightnessLevel',
  'workMode',
  'targetTemp',
  'fanSpeed',
  'roomTemp',
  ...FDD_SENSOR_KEYS,
  ...MOTION_KEYS,
];

/** The scope a round reads a project in: the project's tenant, no user. */
export function roundScope(tenantId: number): Scope {
  return { userId: 0, tenantId, roles: ['tbAdmin'], permissions: [], isAdmin: false };
}

/** Each rule's switch and thresholds in a project: its own row, else on with the defaults. */
export async function ruleSettingsOf(db: Db, projectId: number) {
  const rows = await db.select().from(fddRuleSettings).where(eq(fddRuleSettings.projectId, projectId));
  return FDD_RULES.map((rule) => {
    const row = rows.find((r) => r.rule === rule);
    const params: Record<string, number> = { ...FDD_RULE_DEFAULTS[rule], ...row?.params };
    return { rule, enabled: row?.enabled ?? true, params, version: row?.version ?? 0 };
  });
}

/** The rules on in a project, with their thresholds. */
async function enabledRules(db: Db, projectId: number): Promise<Partial<FddRuleParams>> {
  const on = new Map<FddRule, Record<string, number>>();
  for (const s of await ruleSettingsOf(db, projectId)) if (s.enabled) on.set(s.rule, s.params);
  const out: Partial<FddRuleParams> = {};
  const take = <R extends FddRule>(rule: R) => {
    const own = on.get(rule);
    if (own) out[rule] = { ...FDD_RULE_DEFAULTS[rule], ...own };
  };
  for (const rule of FDD_RULES) take(rule);
  return out;
}

const asNumber = (v: unknown) =>
  typeof v === 'number' ? v : typeof v === 'boolean' ? Number(v) : Number(v ?? 0);

/** Everything a round of the rules reads about one project at `now`. */
export async function gatherRound(
  db: Db,
  project: { id: number; tenantId: number },
  now: Date,
): Promise<RoundInput> {
  const rules = await enabledRules(db, project.id);
  const rows = await db
    .select({
      id: devices.id,
      name: devices.name,
      category: devices.category,
      model: devices.model,
      buildingId: devices.buildingId,
      zoneId: devices.zoneId,
      online: devices.online,
    })
    .from(devices)
    .where(eq(devices.projectId, project.id));
  if (rows.length === 0 || Object.keys(rules).length === 0)
    return {
      now,
      devices: [],
      zones: new Map(),
      stuck: [],
      controls: [],
      starts: new Map(),
      jumps: [],
      baseLoads: [],
      rules,
    };
  const ids = rows.map((r) => r.id);
  const latest = await db
    .select()
    .from(deviceLatest)
    .where(and(inArray(deviceLatest.deviceId, ids), inArray(deviceLatest.key, KEYS)));
  const values = new Map<number, Record<string, unknown>>();
  for (const l of latest) values.set(l.deviceId, { ...values.get(l.deviceId), [l.key]: l.value });
  const reportedAt = new Map<number, number>();
  for (const l of latest)
    reportedAt.set(l.deviceId, Math.max(reportedAt.get(l.deviceId) ?? 0, l.ts.getTime()));
  const views: DeviceView[] = rows.map((r) => ({
    id: r.id,
    name: r.name,
    category: r.category,
    buildingId: r.buildingId,
    zoneId: r.zoneId,
    online: r.online,
    values: values.get(r.id) ?? {},
    reportedAt: reportedAt.get(r.id) ?? null,
  }));
  const online = rows.filter((r) => r.online);
  const acs = online.filter((r) => r.category === 'ac').map((r) => r.id);
  const meters = online.filter((r) => r.category === 'ammeter').map((r) => r.id);
  const [zoneViews, stuck, controls, starts, jumps, loads] = await Promise.all([
    occupancy(db, project, rows, values, now),
    rules.sensorStuck ? stuckReadings(db, rows, rules.sensorStuck, now) : Promise.resolve([]),
    rules.ignoresCommands ? lastControls(db, project.id, now) : Promise.resolve([]),
    rules.shortCycle ? startsLastHour(db, acs, now) : Promise.resolve(new Map<number, number>()),
    rules.counterJump ? counterJumps(db, meters, rules.counterJump, now) : Promise.resolve([]),
    rules.baseLoad
      ? baseLoads(db, project, roundScope(project.tenantId), meters, rules.baseLoad, now)
      : Promise.resolve([]),
  ]);
  return {
    now,
    devices: views,
    zones: zoneViews,
    stuck,
    controls,
    starts,
    jumps,
    baseLoads: loads,
    rules,
  };
}

/** Each zone's occupancy and work hours: its motion sensors' latest readings and their last motion. */
async function occupancy(
  db: Db,
  project: { id: number; tenantId: number },
  rows: readonly { id: number; model: string; zoneId: number | null }[],
  values: ReadonlyMap<number, Record<string, unknown>>,
  now: Date,
): Promise<Map<number, ZoneView>> {
  const zoneIds = [...new Set(rows.flatMap((r) => (r.zoneId === null ? [] : [r.zoneId])))];
  if (zoneIds.length === 0) return new Map();
  const zoneRows = await db
    .select({ id: zones.id, type: zones.type })
    .from(zones)
    .where(inArray(zones.id, zoneIds));
  const sensors = rows.filter((r) => r.zoneId !== null && MOTION_MODELS.has(r.model));
  const since = new Date(now.getTime() - MOTION_LOOKBACK_MS);
  const lastMotion =
    sensors.length === 0
      ? []
      : await db
          .select({ deviceId: telemetryRaw.deviceId, ts: max(telemetryRaw.ts) })
          .from(telemetryRaw)
          .where(
            and(
              inArray(
                telemetryRaw.deviceId,
                sensors.map((s) => s.id),
              ),
              inArray(telemetryRaw.key, MOTION_KEYS),
              gte(telemetryRaw.num, 1),
              gte(telemetryRaw.ts, since),
            ),
          )
          .groupBy(telemetryRaw.deviceId);
  const motionAt = new Map(lastMotion.map((m) => [m.deviceId, m.ts ? new Date(m.ts) : null]));
  // Work hours per zone type, on the project's calendar (one look per type a round).
  const workHoursOf = new Map<string, boolean>();
  for (const type of new Set(zoneRows.map((z) => z.type))) {
    const day = await describeInstant(db, roundScope(project.tenantId), project.id, now, type);
    workHoursOf.set(type, inWorkingPeriod(day, 'WORK'));
  }
  const out = new Map<number, ZoneView>();
  for (const zone of zoneRows) {
    const own = sensors.filter((s) => s.zoneId === zone.id);
    const read = own.filter((s) => values.has(s.id));
    const moving = read.some((s) => MOTION_KEYS.some((k) => asNumber(values.get(s.id)?.[k]) > 0));
    let vacantSince: Date | null = null;
    if (read.length > 0 && !moving) {
      const last = own.map((s) => motionAt.get(s.id)?.getTime() ?? 0);
      vacantSince = new Date(Math.max(since.getTime(), ...last));
    }
    out.set(zone.id, {
      hasSensors: read.length > 0,
      vacantSince,
      workHours: workHoursOf.get(zone.type) ?? false,
    });
  }
  return out;
}

/** How far back a device's last command is read: an older one is not the device's state of now. */
const CONTROL_LOOKBACK_MS = 2 * 3_600_000;
const CONTROL_METHODS = ['setOnOff', 'setBrightness', 'setTargetTemp', 'report'];

/** Each device's newest command answered with success, or change made on it, of the last hours. */
async function lastControls(db: Db, projectId: number, now: Date): Promise<LastControl[]> {
  const c = controlLog;
  const rows = await db
    .selectDistinctOn([c.deviceId], {
      deviceId: c.deviceId,
      method: c.method,
      params: c.params,
      result: c.result,
      at: c.createdAt,
    })
    .from(c)
    .where(
      and(
        eq(c.projectId, projectId),
        gte(c.createdAt, new Date(now.getTime() - CONTROL_LOOKBACK_MS)),
        inArray(c.method, CONTROL_METHODS),
      ),
    )
    .orderBy(c.deviceId, desc(c.createdAt));
  return rows.flatMap((r) =>
    r.deviceId === null || r.result !== 'success'
      ? []
      : [{ deviceId: r.deviceId, method: r.method, params: r.params, at: r.at.getTime() }],
  );
}

/**
 * Sensors whose every quantity read one value, at least `minReadings` times, over the last `hours`. One
 * quantity steady while the others move is a steady room (an AC holding its setpoint), not a stuck sensor.
 */
async function stuckReadings(
  db: Db,
  rows: readonly { id: number; category: string }[],
  params: FddRuleParams['sensorStuck'],
  now: Date,
): Promise<StuckReading[]> {
  const sensors = rows
    .filter((r) => r.category === 'thSensor' || r.category === 'airSensor')
    .map((r) => r.id);
  if (sensors.length === 0) return [];
  const found = await db
    .select({
      deviceId: telemetryRaw.deviceId,
      key: telemetryRaw.key,
      low: min(telemetryRaw.num),
      high: max(telemetryRaw.num),
      n: count(),
      oldest: sql<string>`min(${telemetryRaw.ts})`,
    })
    .from(telemetryRaw)
    .where(
      and(
        inArray(telemetryRaw.deviceId, sensors),
        inArray(telemetryRaw.key, FDD_SENSOR_KEYS),
        gte(telemetryRaw.ts, new Date(now.getTime() - params.hours * 3_600_000)),
      ),
    )
    .groupBy(telemetryRaw.deviceId, telemetryRaw.key);
  // The same value over most of the window, not a sensor that only began reporting a moment ago.
  const spanFrom = now.getTime() - params.hours * 3_600_000 * 0.75;
  const frozen = (f: (typeof found)[number]) =>
    f.low !== null &&
    f.low === f.high &&
    f.n >= params.minReadings &&
    new Date(f.oldest).getTime() <= spanFrom;
  const moving = new Set(found.filter((f) => !frozen(f)).map((f) => f.deviceId));
  return found.flatMap((f) =>
    frozen(f) && !moving.has(f.deviceId) && f.low !== null
      ? [{ deviceId: f.deviceId, key: f.key, value: f.low, count: f.n }]
      : [],
  );
}
