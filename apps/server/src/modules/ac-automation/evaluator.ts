import {
  AC_SMART,
  TARGET_TEMP_RANGE,
  type AcDecisionReason,
  type AcDesiredState,
  type FAN_SPEEDS,
  type HVAC_MODES,
} from '@sbuilding/shared';
import type { AcAutomationRules } from './tables.js';

type HvacMode = (typeof HVAC_MODES)[number];
type FanSpeed = (typeof FAN_SPEEDS)[number];

/** One config as the evaluator reads it. */
export interface AcConfig extends AcAutomationRules {
  active: boolean;
}

/**
 * Everything the evaluator reads about one moment, gathered by the service (or a test): no clock, no
 * database. Local time and day are the project's.
 */
export interface AcInputs {
  now: Date;
  /** Minutes since local midnight. */
  localMinutes: number;
  /** 0 Sunday to 6 Saturday, local. */
  weekday: number;
  /** The calendar's answer for the local date (weekends, holidays, extra workdays). */
  workday: boolean;
  /** Inside a NAP work time of a working day. */
  inNap: boolean;
  /** The zone's motion count now (its sensors' latest counts added up); null without a sensor reading. */
  motionCount: number | null;
  /** Since when no sensor of the zone has seen motion; null when one does now, or nothing is known. */
  vacantSince: Date | null;
  outdoorTemp: number | null;
  /** The room as the unit measures it (the mean over a group's units). */
  roomTemp: number | null;
  /** Whether the unit (any unit of a group) is on now; null when unknown. */
  isOn: boolean | null;
  /** What the automation last applied. */
  previous: AcDesiredState | null;
}

export interface AcDecision {
  desired: AcDesiredState;
  inTiming: boolean;
  occupied: boolean | null;
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const clampTemp = (t: number) =>
  Math.round(Math.min(TARGET_TEMP_RANGE.max, Math.max(TARGET_TEMP_RANGE.min, t)));

/** Whether the timing window holds the moment: a timing day and `[open, close)`. */
export function inTimingWindow(config: AcConfig, inputs: AcInputs): boolean {
  if (!config.timingOpenClose || config.openTime === null || config.closeTime === null) return false;
  const day = config.allWorkdays ? inputs.workday : config.weekdays.includes(inputs.weekday);
  const m = inputs.localMinutes;
  return day && m >= minutesOf(config.openTime) && m < minutesOf(config.closeTime);
}

/**
 * The mode the unit runs in. 'auto' (the units have none) cools when the room is more than 1 °C above the
 * setpoint and heats when more than 1 °C below it; in between, or with no room reading, the outdoor
 * temperature decides (at or above the setpoint cools), and with neither it cools.
 */
export function effectiveMode(config: AcConfig, inputs: AcInputs): Exclude<HvacMode, 'auto'> {
  if (config.workMode !== 'auto') return config.workMode;
  const set = config.setTemperature;
  if (inputs.roomTemp !== null && inputs.roomTemp > set + 1) return 'cool';
  if (inputs.roomTemp !== null && inputs.roomTemp < set - 1) return 'hot';
  if (inputs.outdoorTemp !== null) return inputs.outdoorTemp >= set ? 'cool' : 'hot';
  return 'cool';
}

const CARRIED_IN_WINDOW: readonly AcDecisionReason[] = ['timingOpen', 'occupied', 'vacant'];

/**
 * Power: what timing and occupancy say (null: leave it). Timing opens at the open time on timing days and
 * closes at the close time; inside the window, auto open/close closes after `vacantMinutes` without motion
 * (counted from the open time at the earliest) and opens again when the motion count reaches the
 * threshold. Between the two (some motion, under the threshold) the last decision holds.
 */
function powerOf(
  config: AcConfig,
  inputs: AcInputs,
  inTiming: boolean,
  occupied: boolean | null,
): { onOff: boolean | null; reason: AcDecisionReason } {
  const now = inputs.now.getTime();
  let vacantFrom = inputs.vacantSince?.getTime() ?? null;
  if (vacantFrom !== null && inTiming && config.openTime !== null) {
    const openedAt = now - (inputs.localMinutes - minutesOf(config.openTime)) * 60_000;
    vacantFrom = Math.max(vacantFrom, openedAt - (now % 60_000));
  }
  const vacantLong =
    config.autoOpenClose &&
    occupied !== true &&
    vacantFrom !== null &&
    now - vacantFrom >= config.vacantMinutes * 60_000;
  const previous = inputs.previous;
  if (config.timingOpenClose) {
    if (!inTiming) return { onOff: false, reason: 'timingClose' };
    if (config.autoOpenClose && occupied === true) return { onOff: true, reason: 'occupied' };
    if (vacantLong) return { onOff: false, reason: 'vacant' };
    if (config.autoOpenClose && previous && CARRIED_IN_WINDOW.includes(previous.reason)) {
      return { onOff: previous.onOff, reason: previous.reason };
    }
    return { onOff: true, reason: 'timingOpen' };
  }
  if (config.autoOpenClose) {
    if (occupied === true) return { onOff: true, reason: 'occupied' };
    if (vacantLong) return { onOff: false, reason: 'vacant' };
    if (previous && (previous.reason === 'occupied' || previous.reason === 'vacant')) {
      return { onOff: previous.onOff, reason: previous.reason };
    }
  }
  return { onOff: null, reason: 'hold' };
}

/**
 * What one config wants of its AC at one moment: pure, so the rules can be run on a virtual clock.
 * Order (README "The evaluator"): inactive → nothing; power from timing and occupancy; the mode (auto
 * picks cool or heat; smart DOAS runs the fan on cool outdoor air); weather linkage (no cooling below,
 * no heating above) closes; the ambient threshold keeps a closed unit closed while the room is
 * comfortable; the setpoint (set temperature, relaxed by smart temp control when vacant or at extreme
 * outdoor temperatures and by noon nap) and the fan (low during the nap).
 */
export function decideAc(config: AcConfig, inputs: AcInputs): AcDecision {
  const occupied = inputs.motionCount === null ? null : inputs.motionCount >= config.motionCountThreshold;
  const inTiming = inTimingWindow(config, inputs);
  const keep = (reason: AcDecisionReason): AcDecision => ({
    desired: { onOff: null, workMode: null, targetTemp: null, fanSpeed: null, reason, adjustments: [] },
    inTiming,
    occupied,
  });
  if (!config.active) return keep('inactive');

  let { onOff, reason } = powerOf(config, inputs, inTiming, occupied);
  const off = (why: AcDecisionReason): AcDecision => ({
    desired: { onOff: false, workMode: null, targetTemp: null, fanSpeed: null, reason: why, adjustments: [] },
    inTiming,
    occupied,
  });
  if (onOff === false) return off(reason);

  const adjustments: string[] = [];
  let mode: HvacMode = effectiveMode(config, inputs);
  const outdoor = inputs.outdoorTemp;
  if (
    config.smartDoas &&
    mode === 'cool' &&
    outdoor !== null &&
    outdoor <= config.setTemperature - AC_SMART.doasMargin
  ) {
    mode = 'wind';
    adjustments.push('smartDoas');
  }
  const heating = mode === 'hot';
  // Linkage also closes a unit someone else opened (once: the runner acts on changes, see README).
  const running = onOff === true || (onOff === null && inputs.isOn === true);
  if (config.weatherLinkage && outdoor !== null && running) {
    if (mode === 'cool' && outdoor < config.noCoolBelow) return off('weatherLinkage');
    if (heating && outdoor > config.noHeatAbove) return off('weatherLinkage');
  }
  // The ambient threshold: do not open a closed unit while the room is comfortable (an open one stays).
  if (onOff === true && inputs.isOn === false && config.ambientTemperature !== null && mode !== 'wind') {
    const room = inputs.roomTemp;
    const comfortable =
      room !== null && (heating ? room > config.ambientTemperature : room < config.ambientTemperature);
    if (comfortable) {
      onOff = null;
      reason = 'ambientComfortable';
    }
  }

  let relax = 0;
  if (config.smartTempControl) {
    if (occupied !== true && inputs.vacantSince !== null) relax += AC_SMART.vacantSetback;
    if (outdoor !== null && !heating && outdoor >= AC_SMART.hotOutdoor) relax += AC_SMART.outdoorSetback;
    if (outdoor !== null && heating && outdoor <= AC_SMART.coldOutdoor) relax += AC_SMART.outdoorSetback;
    if (relax > 0) adjustments.push('smartTemp');
  }
  let fanSpeed: FanSpeed = config.fanSpeed;
  if (config.noonNap && inputs.inNap) {
    relax += AC_SMART.napSetback;
    fanSpeed = 'low';
    adjustments.push('noonNap');
  }
  const targetTemp = mode === 'wind' ? null : clampTemp(config.setTemperature + (heating ? -relax : relax));
  return {
    desired: { onOff, workMode: mode, targetTemp, fanSpeed, reason, adjustments },
    inTiming,
    occupied,
  };
}

/** Whether two desired states ask the same of the unit (the reason aside). */
export function sameRequest(a: AcDesiredState | null, b: AcDesiredState | null): boolean {
  if (a === null || b === null) return a === b;
  return (
    a.onOff === b.onOff &&
    a.workMode === b.workMode &&
    a.targetTemp === b.targetTemp &&
    a.fanSpeed === b.fanSpeed
  );
}

/** What one unit's current state reads as. */
export interface UnitState {
  onOff: boolean | null;
  workMode: string | null;
  targetTemp: number | null;
  fanSpeed: string | null;
}

export type UnitCommand =
  | { method: 'setOnOff'; params: { onOff: boolean } }
  | { method: 'setWorkMode'; params: { workMode: HvacMode } }
  | { method: 'setTargetTemp'; params: { targetTemp: number } }
  | { method: 'setFanSpeed'; params: { fanSpeed: FanSpeed } };

/**
 * The commands that bring one unit to the desired state: only what differs. Off is only switched off;
 * the settings go to a unit that is (or is being switched) on, after the switch.
 */
export function commandsFor(desired: AcDesiredState, unit: UnitState): UnitCommand[] {
  const out: UnitCommand[] = [];
  if (desired.onOff !== null && desired.onOff !== unit.onOff) {
    out.push({ method: 'setOnOff', params: { onOff: desired.onOff } });
  }
  const on = desired.onOff ?? unit.onOff;
  if (on !== true) return out;
  if (desired.workMode !== null && desired.workMode !== unit.workMode) {
    out.push({ method: 'setWorkMode', params: { workMode: desired.workMode } });
  }
  if (desired.targetTemp !== null && desired.targetTemp !== unit.targetTemp) {
    out.push({ method: 'setTargetTemp', params: { targetTemp: desired.targetTemp } });
  }
  if (desired.fanSpeed !== null && desired.fanSpeed !== unit.fanSpeed) {
    out.push({ method: 'setFanSpeed', params: { fanSpeed: desired.fanSpeed } });
  }
  return out;
}
