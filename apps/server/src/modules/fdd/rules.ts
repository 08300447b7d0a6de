import {
  acDrawWatts,
  lightDrawWatts,
  SENSOR_PHYSICAL_RANGES,
  type FddEvidence,
  type FddRule,
  type FddRuleParams,
  type PowerState,
} from '@sbuilding/shared';
import {
  AC_KEYS,
  bool,
  COOLING,
  HEATING,
  LIGHT_KEYS,
  num,
  powerState,
  readingsOf,
  round1,
  SENSOR_CATEGORIES,
  str,
} from './readings.js';
import { baseLoadAbove, counterJumped, drifting, shortCycling } from './series-rules.js';

/*
 * The rules, as pure functions of what one round read (gather.ts): no database, no clock of their own, so
 * each is tested on readings made to trigger it and on near misses (rules.test.ts). Those that read series
 * (drift, base load, counter jumps, short cycles: series.ts gathers them) are in series-rules.ts.
 */

/** One device as a round sees it: where it is and its latest readings. */
export interface DeviceView {
  id: number;
  name: string;
  category: string;
  buildingId: number | null;
  zoneId: number | null;
  online: boolean;
  values: Record<string, unknown>;
  /** When its newest reading came (ms; null: never). */
  reportedAt: number | null;
}

/** A device's newest line in the control log: a command it answered with success, or a change made on it. */
export interface LastControl {
  deviceId: number;
  /** The command's method, or 'report' for a change made on the device (a button, a panel). */
  method: string;
  params: Record<string, unknown>;
  at: number;
}

/** A zone's occupancy from its motion sensors: vacant since when (null: someone there, or no sensor). */
export interface ZoneView {
  hasSensors: boolean;
  vacantSince: Date | null;
  /** Whether the zone's hour is within the project's work hours (its zone type's WORK periods). */
  workHours: boolean;
}

/** A sensor quantity that read the same value over the stuck rule's window. */
export interface StuckReading {
  deviceId: number;
  key: string;
  value: number;
  count: number;
}

/** A meter channel's consumption in the last whole hour outside work hours, and its baseline (baseLoad). */
export interface BaseLoadHour {
  deviceId: number;
  /** The hour's start (ISO). */
  hour: string;
  kwh: number;
  /** The median of the same hour on earlier days outside work hours. */
  baselineKwh: number;
  samples: number;
}

/** The largest step of an energy counter in an hour it moved too far (counterJump). */
export interface CounterJump {
  deviceId: number;
  key: string;
  from: number;
  to: number;
  /** When the reading after the step came (ISO). */
  at: string;
}

export interface RoundInput {
  now: Date;
  devices: readonly DeviceView[];
  zones: ReadonlyMap<number, ZoneView>;
  stuck: readonly StuckReading[];
  /** Each device's newest control-log line of the last hours (ignoresCommands). */
  controls: readonly LastControl[];
  /** Each air conditioner's starts over the last hour (shortCycle); absent: none read. */
  starts: ReadonlyMap<number, number>;
  /** Counters that jumped or ran back within the last day (counterJump). */
  jumps: readonly CounterJump[];
  /** Meter channels' last whole hour outside work hours with their baselines (baseLoad). */
  baseLoads: readonly BaseLoadHour[];
  /** The rules on in this project, with their thresholds. */
  rules: Partial<FddRuleParams>;
}

/** A rule holding for a device now. */
export interface Hit {
  rule: FddRule;
  deviceId: number;
  evidence: FddEvidence;
  /** The one command that ends the fault, when one does. */
  fix: { key: string; value: number | boolean } | null;
}

/** A device on in a zone vacant long enough: what it draws beyond standby is the waste. */
function onWhileVacant(
  rule: 'lightsOnVacant' | 'acOnVacant',
  device: DeviceView,
  zone: ZoneView | undefined,
  vacantMinutes: number,
  now: Date,
): Hit | null {
  const state = powerState(device.values);
  if (state.onOff !== true || !zone?.hasSensors || zone.vacantSince === null) return null;
  if (now.getTime() - zone.vacantSince.getTime() < vacantMinutes * 60_000) return null;
  if (rule === 'lightsOnVacant' && zone.workHours) return null;
  const draw = rule === 'lightsOnVacant' ? lightDrawWatts(state) : acDrawWatts(state);
  const off =
    rule === 'lightsOnVacant'
      ? lightDrawWatts({ onOff: false, lightnessLevel: null })
      : acDrawWatts({ ...state, onOff: false });
  return {
    rule,
    deviceId: device.id,
    evidence: {
      readings: readingsOf(device.values, rule === 'lightsOnVacant' ? LIGHT_KEYS : AC_KEYS),
      vacantSince: zone.vacantSince.toISOString(),
      workHours: zone.workHours,
      wasteWatts: round1(Math.max(0, (draw ?? 0) - (off ?? 0))),
      limit: `${vacantMinutes} min`,
    },
    fix: { key: 'onOff', value: false },
  };
}

/** An AC on, cooling below the policy's floor or heating above its ceiling: the extra draw is the waste. */
function setpointOutsidePolicy(device: DeviceView, params: FddRuleParams['setpointPolicy']): Hit | null {
  const state = powerState(device.values);
  if (state.onOff !== true || state.targetTemp === null || state.workMode === null) return null;
  const cooling = COOLING.has(state.workMode);
  const heating = HEATING.has(state.workMode);
  const policy =
    cooling && state.targetTemp < params.coolMin
      ? params.coolMin
      : heating && state.targetTemp > params.heatMax
        ? params.heatMax
        : null;
  if (policy === null) return null;
  const draw = acDrawWatts(state) ?? 0;
  const atPolicy = acDrawWatts({ ...state, targetTemp: policy }) ?? 0;
  return {
    rule: 'setpointPolicy',
    deviceId: device.id,
    evidence: {
      readings: readingsOf(device.values, AC_KEYS),
      wasteWatts: round1(Math.max(0, draw - atPolicy)),
      limit: cooling ? `≥ ${params.coolMin} °C` : `≤ ${params.heatMax} °C`,
    },
    fix: { key: 'targetTemp', value: policy },
  };
}

/** In each zone with ACs both heating and cooling, the heating ones fight the others: their draw is the waste. */
function heatCoolConflicts(devices: readonly DeviceView[]): Hit[] {
  const byZone = new Map<number, DeviceView[]>();
  for (const d of devices) {
    if (d.category !== 'ac' || d.zoneId === null || !d.online) continue;
    const s = powerState(d.values);
    if (s.onOff !== true || s.workMode === null) continue;
    byZone.set(d.zoneId, [...(byZone.get(d.zoneId) ?? []), d]);
  }
  const hits: Hit[] = [];
  for (const units of byZone.values()) {
    const mode = (d: DeviceView) => str(d.values.workMode) ?? '';
    if (!units.some((d) => COOLING.has(mode(d))) || !units.some((d) => HEATING.has(mode(d)))) continue;
    for (const d of units.filter((u) => HEATING.has(mode(u)))) {
      hits.push({
        rule: 'heatCoolConflict',
        deviceId: d.id,
        evidence: {
          readings: readingsOf(d.values, AC_KEYS),
          wasteWatts: round1(
            Math.max(
              0,
              (acDrawWatts(powerState(d.values)) ?? 0) -
                (acDrawWatts({ ...powerState(d.values), onOff: false }) ?? 0),
            ),
          ),
          limit: units
            .filter((u) => COOLING.has(mode(u)))
            .map((u) => u.name)
            .join(', '),
        },
        fix: { key: 'onOff', value: false },
      });
    }
  }
  return hits;
}

/** A sensor's quantities outside what they can physically be. */
function outOfRange(device: DeviceView): Hit | null {
  const bad = Object.entries(SENSOR_PHYSICAL_RANGES).filter(([key, range]) => {
    const v = num(device.values[key]);
    return v !== null && (v < range.min || v > range.max);
  });
  if (bad.length === 0) return null;
  return {
    rule: 'sensorRange',
    deviceId: device.id,
    evidence: {
      readings: readingsOf(
        device.values,
        bad.map(([key]) => key),
      ),
      wasteWatts: 0,
      limit: bad.map(([key, r]) => `${key} ${r.min}…${r.max}`).join('; '),
    },
    fix: null,
  };
}

/** The reading each command sets. */
const COMMANDED_KEY: Record<string, string> = {
  setOnOff: 'onOff',
  setBrightness: 'lightnessLevel',
  setTargetTemp: 'targetTemp',
};

/**
 * A device that answered its last command with success but has reported otherwise for `graceMinutes` since
 * (nobody changed it on the device meanwhile: that would be the newest line). Its waste: what it draws above
 * what it would in the commanded state.
 */
function ignoredCommand(device: DeviceView, last: LastControl, graceMinutes: number, now: Date): Hit | null {
  const key = COMMANDED_KEY[last.method];
  if (!key || device.reportedAt === null) return null;
  const grace = graceMinutes * 60_000;
  if (now.getTime() - last.at < grace || device.reportedAt - last.at < grace) return null;
  const wanted = last.params[key];
  const reported = device.values[key];
  const same =
    typeof wanted === 'number'
      ? num(reported) !== null && Math.abs((num(reported) ?? 0) - wanted) < 0.01
      : wanted === bool(reported);
  if (same || wanted === undefined) return null;
  const state = powerState(device.values);
  const commanded = { ...state, [key]: wanted };
  const draw = (s: PowerState) => (device.category === 'ac' ? acDrawWatts(s) : lightDrawWatts(s)) ?? 0;
  return {
    rule: 'ignoresCommands',
    deviceId: device.id,
    evidence: {
      readings: readingsOf(device.values, [key]),
      wasteWatts: round1(Math.max(0, draw(state) - draw(commanded))),
      limit: `${key} = ${String(wanted)}`,
    },
    fix: null,
  };
}

/** Every rule holding now, at most one hit per device and rule. */
export function evaluate(input: RoundInput): Hit[] {
  const { rules, now } = input;
  const hits: Hit[] = [];
  for (const device of input.devices) {
    if (!device.online) continue;
    const zone = device.zoneId === null ? undefined : input.zones.get(device.zoneId);
    if (device.category === 'light' && rules.lightsOnVacant) {
      const hit = onWhileVacant('lightsOnVacant', device, zone, rules.lightsOnVacant.vacantMinutes, now);
      if (hit) hits.push(hit);
    }
    if (device.category === 'ac') {
      const vacant =
        rules.acOnVacant && onWhileVacant('acOnVacant', device, zone, rules.acOnVacant.vacantMinutes, now);
      if (vacant) hits.push(vacant);
      const policy = rules.setpointPolicy && setpointOutsidePolicy(device, rules.setpointPolicy);
      if (policy) hits.push(policy);
    }
    if (SENSOR_CATEGORIES.has(device.category) && rules.sensorRange) {
      const hit = outOfRange(device);
      if (hit) hits.push(hit);
    }
  }
  if (rules.heatCoolConflict) hits.push(...heatCoolConflicts(input.devices));
  const online = input.devices.filter((d) => d.online);
  if (rules.sensorDrift) {
    const sensorDrift = rules.sensorDrift;
    for (const device of online) {
      if (!SENSOR_CATEGORIES.has(device.category) || device.zoneId === null) continue;
      const mates = online.filter((d) => d.zoneId === device.zoneId && d.id !== device.id);
      const hit = drifting(device, mates, sensorDrift);
      if (hit) hits.push(hit);
    }
  }
  if (rules.shortCycle) {
    for (const device of online) {
      if (device.category !== 'ac') continue;
      const hit = shortCycling(device, input.starts.get(device.id) ?? 0, rules.shortCycle);
      if (hit) hits.push(hit);
    }
  }
  const isOnline = new Set(online.map((d) => d.id));
  if (rules.baseLoad) {
    for (const load of input.baseLoads) {
      if (!isOnline.has(load.deviceId)) continue;
      const hit = baseLoadAbove(load, rules.baseLoad);
      if (hit) hits.push(hit);
    }
  }
  if (rules.counterJump) {
    for (const jump of input.jumps) {
      if (!isOnline.has(jump.deviceId)) continue;
      hits.push(counterJumped(jump, rules.counterJump));
    }
  }
  if (rules.ignoresCommands) {
    const byId = new Map(input.devices.map((d) => [d.id, d]));
    for (const last of input.controls) {
      const device = byId.get(last.deviceId);
      if (!device?.online || (device.category !== 'light' && device.category !== 'ac')) continue;
      const hit = ignoredCommand(device, last, rules.ignoresCommands.graceMinutes, now);
      if (hit) hits.push(hit);
    }
  }
  if (rules.sensorStuck) {
    const online = new Set(input.devices.filter((d) => d.online).map((d) => d.id));
    const byDevice = new Map<number, StuckReading[]>();
    for (const s of input.stuck)
      if (online.has(s.deviceId)) byDevice.set(s.deviceId, [...(byDevice.get(s.deviceId) ?? []), s]);
    for (const [deviceId, readings] of byDevice) {
      hits.push({
        rule: 'sensorStuck',
        deviceId,
        evidence: {
          readings: Object.fromEntries(readings.map((r) => [r.key, r.value])),
          wasteWatts: 0,
          limit: `${rules.sensorStuck.hours} h, ${Math.min(...readings.map((r) => r.count))}×`,
        },
        fix: null,
      });
    }
  }
  return hits;
}
