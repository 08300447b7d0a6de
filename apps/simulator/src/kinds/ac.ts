import { AC_STANDBY_WATTS, acDrawWatts, type CommandMethod, type SimFaultKind } from '@sbuilding/shared';
import { approach, chance, round } from '../time.js';
import type { CommandReply, DeviceInfo, StepContext, Value } from '../types.js';
import { indoorAmbient } from './climate.js';
import { deviceHash, latestNumber, numberParam, SimDevice, stringParam, type Params } from './device.js';

export type WorkMode = 'cool' | 'hot' | 'wet' | 'wind';
export type FanSpeed = 'auto' | 'low' | 'mid' | 'high';

export interface AcState {
  onOff: boolean;
  workMode: WorkMode;
  fanSpeed: FanSpeed;
  targetTemp: number;
  roomTemp: number;
}

/** Per hour: how fast the unit pulls the room to its setpoint at each fan speed. */
const FAN_RATE: Record<FanSpeed, number> = { low: 1.5, mid: 2.2, auto: 2.2, high: 3 };
/** Dry mode dehumidifies and cools at half the rate. */
const MODE_FACTOR: Record<WorkMode, number> = { cool: 1, hot: 1, wet: 0.5, wind: 0 };
/** Per hour: how fast a room drifts toward the outside through walls and windows. */
export const LEAK_RATE = 0.12;

/** A short-cycling unit (`shortCycle`) runs this many simulated minutes, then switches itself off... */
export const SHORT_CYCLE_ON_MINUTES = 3;
/** ...and this many minutes later on again, over and over while it is meant to be on (12 starts an hour). */
export const SHORT_CYCLE_OFF_MINUTES = 2;

/**
 * The thermal model of a room with an indoor unit. `ambient` is what the room drifts toward: the building's
 * indoor air (climate.ts `indoorAmbient`) plus the heat of the people in the room. When on and the thermostat calls (cooling above the setpoint, heating below it),
 * the room moves toward the setpoint at the fan's rate times the mode's factor; otherwise (off, fan-only,
 * or the setpoint reached) it drifts toward the ambient at LEAK_RATE, but a unit on never lets it cross
 * back over the setpoint. Exponential approach, exact for any step length.
 */
export function nextRoomTemp(state: AcState, ambient: number, dtHours: number): number {
  const { roomTemp: room, targetTemp: target } = state;
  if (!state.onOff || state.workMode === 'wind') {
    const rate = state.onOff ? LEAK_RATE * 1.5 : LEAK_RATE;
    return approach(room, ambient, rate, dtHours);
  }
  const factor = MODE_FACTOR[state.workMode] * FAN_RATE[state.fanSpeed];
  if (state.workMode === 'hot') {
    if (room < target) return approach(room, target, factor, dtHours);
    return approach(room, Math.max(ambient, target), LEAK_RATE, dtHours);
  }
  if (room > target) return approach(room, target, factor, dtHours);
  return approach(room, Math.min(ambient, target), LEAK_RATE, dtHours);
}

/**
 * Electrical load of the unit, W. The compressor runs at a share of its rating: the distance still to go
 * to the setpoint (full power 2 °C away) plus what holding the setpoint against the outside costs
 * (`ambient` 25 °C away from it would need full power); fan-only draws 80 W, off 5 W standby.
 */
export function acPower(state: AcState, ambient: number): number {
  // The shared power model: the savings estimate reads the same function.
  return acDrawWatts({ ...state, lightnessLevel: null }, ambient) ?? AC_STANDBY_WATTS;
}

function isWorkMode(value: unknown): value is WorkMode {
  return value === 'cool' || value === 'hot' || value === 'wet' || value === 'wind';
}
function isFanSpeed(value: unknown): value is FanSpeed {
  return value === 'auto' || value === 'low' || value === 'mid' || value === 'high';
}

/**
 * An AC indoor unit (ac20). Obeys setOnOff, setWorkMode (cool, hot, wet, wind: no auto, the catalogue
 * refuses it), setFanSpeed, setTargetTemp (16-30). People switch it on when the room is uncomfortable
 * during working hours (heating below 19 °C, cooling above 26 °C) and it is switched off when they leave (not in
 * the half hour after a command); those changes are reported with `terminal: 'selfPowerButton'`.
 *
 * `state.onOff` is whether the unit is meant to be on (by a command or its people); a short-cycling unit
 * (`shortCycle`) rests, off, for SHORT_CYCLE_OFF_MINUTES after each SHORT_CYCLE_ON_MINUTES of running, and
 * reports, draws and cools as the unit that it is at that moment (`running()`).
 */
export class AcUnit extends SimDevice {
  readonly state: AcState;
  /** The air the room would drift to without the unit; set at each step. */
  private ambient = 15;
  /** Whether a short-cycling unit switched itself off (it is meant to be on and starts again soon). */
  private resting = false;
  /** Simulated ms a short-cycling unit has run, or rested, since its last start or stop. */
  private cycleMs = 0;

  constructor(info: DeviceInfo) {
    super(info);
    const { onOff, workMode, fanSpeed } = info.latest;
    this.state = {
      onOff: typeof onOff === 'boolean' ? onOff : false,
      workMode: isWorkMode(workMode) ? workMode : 'cool',
      fanSpeed: isFanSpeed(fanSpeed) ? fanSpeed : 'auto',
      targetTemp: latestNumber(info, 'targetTemp') ?? 24,
      roomTemp: latestNumber(info, 'roomTemp') ?? 20 + deviceHash(info.id) * 4,
    };
  }

  step(ctx: StepContext): void {
    const s = this.state;
    if (this.mayBeSwitchedByHand(ctx.ts)) this.switchByHand(ctx);
    this.shortCycle(ctx.dtHours);
    // What the unit works against is the outdoor air; what an idle room drifts toward is the building's
    // indoor air (climate.ts), so an empty room at night stays at the setback instead of the outdoor 8 °C.
    this.ambient = ctx.outdoor + 3 * ctx.occupancy;
    s.roomTemp = nextRoomTemp(this.running(), indoorAmbient(ctx.outdoor) + 3 * ctx.occupancy, ctx.dtHours);
  }

  /** The unit as it is at this moment: off while a short cycle rests it, though it is meant to be on. */
  running(): AcState {
    return this.resting && this.fault === 'shortCycle' ? { ...this.state, onOff: false } : this.state;
  }

  /**
   * A short-cycling unit that is meant to be on switches itself off after SHORT_CYCLE_ON_MINUTES and on again
   * SHORT_CYCLE_OFF_MINUTES later. At most one change per step, so each one is reported (a step longer than
   * a phase, at a high speed, stretches the cycle); the time a step runs past a change counts toward the next.
   */
  private shortCycle(dtHours: number): void {
    if (this.fault !== 'shortCycle' || !this.state.onOff) {
      this.restartCycle();
      return;
    }
    this.cycleMs += dtHours * 3_600_000;
    const phaseMs = (this.resting ? SHORT_CYCLE_OFF_MINUTES : SHORT_CYCLE_ON_MINUTES) * 60_000;
    // 1 ms of slack: steps of 15 s add up to 3 minutes give or take a rounding.
    if (this.cycleMs + 1 < phaseMs) return;
    this.resting = !this.resting;
    const nextMs = (this.resting ? SHORT_CYCLE_OFF_MINUTES : SHORT_CYCLE_ON_MINUTES) * 60_000;
    this.cycleMs = Math.min(Math.max(0, this.cycleMs - phaseMs), nextMs);
    this.changed = true;
  }

  /** A start or stop by a command or by hand: a short-cycling unit switched on runs its full first phase. */
  private restartCycle(): void {
    this.resting = false;
    this.cycleMs = 0;
  }

  /** Someone too cold or too warm switches the unit on at work; it is switched off once the place empties. */
  private switchByHand(ctx: StepContext): void {
    const s = this.state;
    if (!s.onOff && ctx.working && ctx.random() < chance(3, ctx.dtHours)) {
      const mode: WorkMode | null = s.roomTemp < 19 ? 'hot' : s.roomTemp > 26 ? 'cool' : null;
      if (mode) {
        s.onOff = true;
        this.restartCycle();
        s.workMode = mode;
        s.targetTemp = mode === 'hot' ? 22 : 25;
        if (this.fault === 'wrongSetpoint') this.setWrongSetpoint();
        this.touched('selfPowerButton');
      }
    } else if (
      s.onOff &&
      this.fault !== 'stuckOn' &&
      ctx.occupancy < 0.1 &&
      ctx.random() < chance(1, ctx.dtHours)
    ) {
      s.onOff = false;
      this.touched('selfPowerButton');
    }
  }

  protected override ownFaults(): readonly SimFaultKind[] {
    return ['stuckOn', 'wrongSetpoint', 'shortCycle'];
  }

  /**
   * Left running (stuckOn), or set far too cold or too warm by its people (wrongSetpoint). A short-cycling unit
   * (shortCycle) starts its first run now if it is on; one that is off starts cycling once switched on.
   */
  protected override faultBegins(kind: SimFaultKind): void {
    const s = this.state;
    if (kind === 'shortCycle') this.restartCycle();
    if (kind === 'stuckOn' || kind === 'wrongSetpoint') {
      if (!s.onOff) {
        s.onOff = true;
        s.workMode = s.roomTemp < 20 ? 'hot' : 'cool';
        // At the setpoint its people use (switchByHand): a unit left running, not also set wrong.
        s.targetTemp = s.workMode === 'hot' ? 22 : 25;
      }
    }
    if (kind === 'wrongSetpoint') this.setWrongSetpoint();
  }

  private setWrongSetpoint(): void {
    this.state.targetTemp = this.state.workMode === 'hot' ? 28 : 18;
  }

  override power(): number {
    return acPower(this.running(), this.ambient);
  }

  protected override apply(method: CommandMethod, params: Params): CommandReply {
    const s = this.state;
    switch (method) {
      case 'setOnOff':
        s.onOff = params.onOff === true;
        this.restartCycle();
        return { success: true };
      case 'setWorkMode': {
        const mode = stringParam(params, 'workMode');
        if (!isWorkMode(mode)) return { success: false, error: 'workMode: notSupportAuto' };
        s.workMode = mode;
        return { success: true };
      }
      case 'setFanSpeed': {
        const speed = stringParam(params, 'fanSpeed');
        if (!isFanSpeed(speed)) return { success: false, error: 'fanSpeed: invalid' };
        s.fanSpeed = speed;
        return { success: true };
      }
      case 'setTargetTemp':
        s.targetTemp = numberParam(params, 'targetTemp') ?? s.targetTemp;
        return { success: true };
      default:
        return super.apply(method, params);
    }
  }

  protected readings(): Record<string, Value> {
    const s = this.running();
    return { ...s, roomTemp: round(s.roomTemp, 1) };
  }
}
