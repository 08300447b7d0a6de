import {
  DEVICE_PROPERTY_KEYS,
  isDeviceProperty,
  isWeatherProperty,
  TIMED_TRIGGERS,
  type SceneCheck,
  type SceneCondition,
  type SceneConditionResult,
  type SceneReason,
  type SceneRunTrigger,
  type SceneTriggerType,
  type WeatherProperty,
} from '@sbuilding/shared';
import { localTimeOf, matchPeriod, minutesOf, weekdayOf, type DayReason } from '../calendar/index.js';
import type { SceneRules } from './tables.js';

/*
 * The scene engine: pure, clock-injected. Given a scene, a `now`, the project's calendar for the day, the
 * live values and the scene's history, it decides run or skip and says why. It sends nothing and reads no
 * database: service.ts gathers the inputs, the tests give fixed ones.
 */

/** A reading: its value as a number (booleans 1/0) and when it was reported; null value when unknown. */
export interface Reading {
  value: number | null;
  at: Date | null;
}

export interface EngineScene {
  enabled: boolean;
  triggerType: SceneTriggerType;
  zoneId: number | null;
  rules: SceneRules;
}

export interface EngineInputs {
  now: Date;
  /** The project's IANA time zone: dates, weekdays and clock times are read on its wall clock. */
  timeZone: string;
  /** What asked: a trigger, or `explain` (what would happen now, without the trigger's own gate). */
  trigger: SceneRunTrigger | 'explain';
  /** For a timing run, the execution time it is for (the pre-delay counts from it); `now` otherwise. */
  dueAt?: Date | undefined;
  /** The project calendar's answer for the local date (calendar-rules describeDay). */
  day: { workday: boolean; reason: DayReason };
  /** The latest value of a device's telemetry key. */
  deviceValue: (deviceId: number, key: string) => Reading;
  weather: (property: WeatherProperty) => Reading;
  /** Runs of the scene that ran (outcome ran or failed) on the local date, and the last one's time. */
  history: { runsToday: number; lastRanAt: Date | null };
  /** Last time a target was switched by anything but automation (control log, terminal not 'control'). */
  lastManualAt: Date | null;
  /** Since when the zone has been vacant; null when it is occupied now (or has no occupancy sensor). */
  zoneVacantSince: Date | null;
  /** Since when the conditions have held, as the previous evaluation left it (scenes.conditions_since). */
  conditionsSince: Date | null;
}

export interface EngineDecision {
  decision: 'run' | 'skip';
  /** The first failing check; null when it runs. */
  reason: SceneReason | null;
  /** Every check that applies to the scene, in order, each with what it read. */
  checks: SceneCheck[];
  conditions: SceneConditionResult[];
  /** Whether the conditions hold (true without conditions). */
  conditionsHold: boolean;
  /** What `conditions_since` becomes: kept while the conditions hold, `now` when they start, null after. */
  conditionsSince: Date | null;
  localDate: string;
  localTime: string;
}

const MINUTE = 60_000;

/** A stored telemetry value as a number: booleans 1/0, numeric text parsed, anything else unknown. */
export function numericValue(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string' && value.trim() !== '') {
    if (value === 'true' || value === 'on') return 1;
    if (value === 'false' || value === 'off') return 0;
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

const EPSILON = 1e-9;

/** Whether a value satisfies an operator; an unknown value satisfies none (not even notEqual). */
export function compare(
  live: number | null,
  operator: SceneCondition['operator'],
  value: SceneCondition['value'],
) {
  if (live === null) return false;
  if (Array.isArray(value)) {
    const [low, high] = value;
    const inside = live >= low - EPSILON && live <= high + EPSILON;
    if (operator === 'within') return inside;
    if (operator === 'notWithin') return !inside;
    return false;
  }
  switch (operator) {
    case 'greater':
      return live > value;
    case 'less':
      return live < value;
    case 'equal':
      return Math.abs(live - value) < EPSILON;
    case 'notEqual':
      return Math.abs(live - value) >= EPSILON;
    default:
      return false;
  }
}

export function readCondition(condition: SceneCondition, inputs: EngineInputs): Reading {
  const { property } = condition;
  if (condition.source === 'weather') {
    return isWeatherProperty(property) ? inputs.weather(property) : { value: null, at: null };
  }
  if (!isDeviceProperty(property) || condition.deviceId === null) return { value: null, at: null };
  return inputs.deviceValue(condition.deviceId, DEVICE_PROPERTY_KEYS[property]);
}

export function evaluateConditions(rules: SceneRules, inputs: EngineInputs): SceneConditionResult[] {
  return rules.conditions.map((condition, index) => {
    const reading = readCondition(condition, inputs);
    return {
      index,
      source: condition.source,
      deviceId: condition.deviceId,
      property: condition.property,
      operator: condition.operator,
      value: condition.value,
      live: reading.value,
      liveAt: reading.at?.toISOString() ?? null,
      holds: compare(reading.value, condition.operator, condition.value),
    };
  });
}

/** Whether a set of condition results holds under the relationship; no conditions hold. */
export function conditionsHold(
  results: readonly SceneConditionResult[],
  relationship: SceneRules['relationship'],
) {
  if (results.length === 0) return true;
  return relationship === 'all' ? results.every((r) => r.holds) : results.some((r) => r.holds);
}

/**
 * Decides whether the scene runs now. Checks, in order (the first failing one is the reason):
 * disabled, manualOnly, effectiveDates, auxiliaryCondition, weekday, executionTime (timed triggers),
 * timeRange, conditionFalse, vacantTimeout, manualTimeout, maxCount, repeatInterval, preDelay.
 * A manual run (execute now) is the operator's order: it runs whatever the checks say; they are recorded.
 * `explain` evaluates everything but the trigger's own gate (executionTime is checked against `now`).
 */
export function decide(scene: EngineScene, inputs: EngineInputs): EngineDecision {
  const { rules } = scene;
  const { now } = inputs;
  const local = localTimeOf(now, inputs.timeZone);
  const checks: SceneCheck[] = [];
  const add = (code: SceneReason, ok: boolean, detail: Record<string, unknown> = {}) =>
    checks.push({ code, ok, detail });

  add('disabled', scene.enabled, { enabled: scene.enabled });
  if (scene.triggerType === 'manual') {
    add('manualOnly', inputs.trigger === 'manual' || inputs.trigger === 'explain', {
      triggerType: scene.triggerType,
    });
  }
  if (rules.effectiveStart !== null || rules.effectiveEnd !== null) {
    const ok =
      (rules.effectiveStart === null || local.date >= rules.effectiveStart) &&
      (rules.effectiveEnd === null || local.date <= rules.effectiveEnd);
    add('effectiveDates', ok, { date: local.date, start: rules.effectiveStart, end: rules.effectiveEnd });
  }
  if (rules.auxiliaryCondition !== 'none') {
    const ok = rules.auxiliaryCondition === 'workdays' ? inputs.day.workday : !inputs.day.workday;
    add('auxiliaryCondition', ok, {
      condition: rules.auxiliaryCondition,
      date: local.date,
      workday: inputs.day.workday,
      dayReason: inputs.day.reason,
    });
  }
  const weekday = weekdayOf(local.date);
  if (rules.weekdays.length < 7) {
    add('weekday', rules.weekdays.includes(weekday), { weekday, weekdays: rules.weekdays });
  }
  const timed = TIMED_TRIGGERS.includes(scene.triggerType);
  const dueAt = inputs.dueAt ?? now;
  if (timed && inputs.trigger !== 'manual') {
    const due = localTimeOf(dueAt, inputs.timeZone);
    add('executionTime', rules.executionTimes.includes(due.time), {
      time: due.time,
      executionTimes: rules.executionTimes,
    });
  }
  if (rules.timeRange !== null) {
    const ok =
      matchPeriod({ startTime: rules.timeRange.start, endTime: rules.timeRange.end }, local.minutes) !==
      'none';
    add('timeRange', ok, { time: local.time, start: rules.timeRange.start, end: rules.timeRange.end });
  }

  const conditions = evaluateConditions(rules, inputs);
  const hold = conditionsHold(conditions, rules.relationship);
  if (conditions.length > 0) {
    const failing = conditions.find((c) => !c.holds);
    add('conditionFalse', hold, {
      relationship: rules.relationship,
      ...(hold || !failing
        ? {}
        : { index: failing.index, property: failing.property, live: failing.live, value: failing.value }),
    });
  }
  const conditionsSince = hold ? (inputs.conditionsSince ?? now) : null;

  if (rules.vacantTimeoutMinutes > 0) {
    const since = inputs.zoneVacantSince;
    const vacantMinutes = since === null ? 0 : Math.floor((now.getTime() - since.getTime()) / MINUTE);
    add('vacantTimeout', since !== null && vacantMinutes >= rules.vacantTimeoutMinutes, {
      zoneId: scene.zoneId,
      vacantSince: since?.toISOString() ?? null,
      vacantMinutes,
      timeoutMinutes: rules.vacantTimeoutMinutes,
    });
  }
  if (rules.manualTimeoutMinutes > 0) {
    const last = inputs.lastManualAt;
    const ok = last === null || now.getTime() - last.getTime() >= rules.manualTimeoutMinutes * MINUTE;
    add('manualTimeout', ok, {
      lastManualAt: last?.toISOString() ?? null,
      timeoutMinutes: rules.manualTimeoutMinutes,
      ...(ok || !last
        ? {}
        : { until: new Date(last.getTime() + rules.manualTimeoutMinutes * MINUTE).toISOString() }),
    });
  }
  if (rules.maxExecuteCount > 0) {
    add('maxCount', inputs.history.runsToday < rules.maxExecuteCount, {
      runsToday: inputs.history.runsToday,
      max: rules.maxExecuteCount,
    });
  }
  if (rules.repeatIntervalMinutes > 0) {
    const last = inputs.history.lastRanAt;
    const ok = last === null || now.getTime() - last.getTime() >= rules.repeatIntervalMinutes * MINUTE;
    add('repeatInterval', ok, {
      lastRanAt: last?.toISOString() ?? null,
      intervalMinutes: rules.repeatIntervalMinutes,
      ...(ok || !last
        ? {}
        : { until: new Date(last.getTime() + rules.repeatIntervalMinutes * MINUTE).toISOString() }),
    });
  }
  if (rules.preDelaySeconds > 0) {
    // A timed run waits from its execution time; a condition trigger from when its conditions began to hold.
    const from = timed ? dueAt : conditionsSince;
    const readyAt = from === null ? null : new Date(from.getTime() + rules.preDelaySeconds * 1000);
    add('preDelay', readyAt !== null && now.getTime() >= readyAt.getTime(), {
      preDelaySeconds: rules.preDelaySeconds,
      from: from?.toISOString() ?? null,
      readyAt: readyAt?.toISOString() ?? null,
    });
  }

  const failed = checks.find((c) => !c.ok);
  const runs = inputs.trigger === 'manual' || failed === undefined;
  return {
    decision: runs ? 'run' : 'skip',
    reason: runs ? null : (failed?.code ?? null),
    checks,
    conditions,
    conditionsHold: hold,
    conditionsSince,
    localDate: local.date,
    localTime: local.time,
  };
}

/**
 * The execution times of a timed scene that fall in (after, upTo], as instants, in order: the scheduler's
 * due runs. Reads each local date's clock times in the project's zone (a time skipped by a daylight-saving
 * jump does not fall due that day).
 */
export function dueTimesBetween(rules: SceneRules, timeZone: string, after: Date, upTo: Date): Date[] {
  const out: Date[] = [];
  if (upTo.getTime() <= after.getTime()) return out;
  // Walk minute by minute would be slow over long gaps; walk the local dates instead.
  const times = [...rules.executionTimes].sort();
  const first = localTimeOf(after, timeZone).date;
  const last = localTimeOf(upTo, timeZone).date;
  for (let date = first; date <= last; date = nextDate(date)) {
    for (const time of times) {
      const instant = instantOf(date, time, timeZone);
      if (instant && instant.getTime() > after.getTime() && instant.getTime() <= upTo.getTime())
        out.push(instant);
    }
  }
  return out.sort((a, b) => a.getTime() - b.getTime());
}

function nextDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, (d ?? 1) + 1)).toISOString().slice(0, 10);
}

/** The instant a local date and clock time name in a zone; null when that wall-clock time does not exist. */
export function instantOf(date: string, time: string, timeZone: string): Date | null {
  const [y, m, d] = date.split('-').map(Number);
  const minutes = minutesOf(time);
  const guess = Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1, Math.floor(minutes / 60), minutes % 60);
  // Two passes of offset correction find the instant whose local reading is date + time.
  let instant = guess;
  for (let i = 0; i < 2; i++) {
    const local = localTimeOf(new Date(instant), timeZone);
    const [ly, lm, ld] = local.date.split('-').map(Number);
    const seen = Date.UTC(
      ly ?? 0,
      (lm ?? 1) - 1,
      ld ?? 1,
      Math.floor(local.minutes / 60),
      local.minutes % 60,
    );
    instant += guess - seen;
  }
  const check = localTimeOf(new Date(instant), timeZone);
  return check.date === date && check.time === time ? new Date(instant) : null;
}
