import { acDrawWatts, type FddRuleParams } from '@sbuilding/shared';
import { AC_KEYS, median, num, powerState, readingsOf, round1, SENSOR_CATEGORIES } from './readings.js';
import type { BaseLoadHour, CounterJump, DeviceView, Hit } from './rules.js';

/*
 * The rules that read series (issue 38), as pure functions of what a round gathered (series.ts): a sensor
 * drifting from its room, a meter's base load above its own, a counter's jump, an AC's short cycles.
 */

/**
 * A sensor whose temperature is more than `maxDeltaC` from the median of its zone's other readings of it
 * (other sensors' temperature, the air conditioners' room temperature), or whose humidity is more than
 * `maxDeltaRh` from the zone's other sensors'. A sensor is judged against an air conditioner's reading or at
 * least two other sensors': alone, or beside one other sensor, it is not.
 */
export function drifting(
  device: DeviceView,
  mates: readonly DeviceView[],
  params: FddRuleParams['sensorDrift'],
): Hit | null {
  const checks = [
    { key: 'temperature', neighbourKeys: ['temperature', 'roomTemp'], max: params.maxDeltaC, unit: '°C' },
    { key: 'humidity', neighbourKeys: ['humidity'], max: params.maxDeltaRh, unit: '%RH' },
  ];
  for (const check of checks) {
    const own = num(device.values[check.key]);
    if (own === null) continue;
    const others = mates.flatMap((m) => {
      const key = check.neighbourKeys.find((k) => num(m.values[k]) !== null);
      return key === undefined
        ? []
        : [{ value: num(m.values[key]) ?? 0, sensor: SENSOR_CATEGORIES.has(m.category) }];
    });
    // Two sensors that disagree do not say which is wrong: a third, or an air conditioner's reading, does.
    if (others.length === 0 || (others.length < 2 && others.every((o) => o.sensor))) continue;
    const baseline = median(others.map((o) => o.value));
    if (Math.abs(own - baseline) <= check.max) continue;
    return {
      rule: 'sensorDrift',
      deviceId: device.id,
      evidence: {
        readings: readingsOf(device.values, [check.key]),
        baseline: round1(baseline),
        wasteWatts: 0,
        limit: `± ${check.max} ${check.unit}`,
      },
      fix: null,
    };
  }
  return null;
}

/**
 * An air conditioner that started more than the limit over the last hour. Its waste: a tenth of what it
 * draws running, the efficiency a compressor loses to starting over and over (no metered figure exists).
 */
export function shortCycling(
  device: DeviceView,
  starts: number,
  params: FddRuleParams['shortCycle'],
): Hit | null {
  if (starts <= params.maxStartsPerHour) return null;
  const state = powerState(device.values);
  const running = acDrawWatts({ ...state, onOff: true }) ?? 0;
  const standby = acDrawWatts({ ...state, onOff: false }) ?? 0;
  return {
    rule: 'shortCycle',
    deviceId: device.id,
    evidence: {
      readings: readingsOf(device.values, AC_KEYS),
      starts,
      wasteWatts: round1(Math.max(0, running - standby) * 0.1),
      limit: `≤ ${params.maxStartsPerHour}/h`,
    },
    fix: null,
  };
}

/** A meter channel's last whole hour outside work hours well above its baseline: the excess is the waste. */
export function baseLoadAbove(load: BaseLoadHour, params: FddRuleParams['baseLoad']): Hit | null {
  const excess = load.kwh - load.baselineKwh;
  if (excess < params.minKw || load.kwh < load.baselineKwh * (1 + params.excessPercent / 100)) return null;
  return {
    rule: 'baseLoad',
    deviceId: load.deviceId,
    evidence: {
      readings: {},
      hour: load.hour,
      hourKwh: Math.round(load.kwh * 1000) / 1000,
      baseline: Math.round(load.baselineKwh * 1000) / 1000,
      wasteWatts: round1(excess * 1000),
      limit: `+${params.excessPercent}%, ≥ ${params.minKw} kW`,
    },
    fix: null,
  };
}

/** A counter that moved more in an hour than `maxKw` could: its step is the evidence; it wastes nothing itself. */
export function counterJumped(jump: CounterJump, params: FddRuleParams['counterJump']): Hit {
  return {
    rule: 'counterJump',
    deviceId: jump.deviceId,
    evidence: { readings: { [jump.key]: jump.to }, jump, wasteWatts: 0, limit: `≤ ${params.maxKw} kW` },
    fix: null,
  };
}
