import { LIGHT_RATED_WATTS, lightDrawWatts, type CommandMethod, type SimFaultKind } from '@sbuilding/shared';
import { chance, clamp, daylight, round } from '../time.js';
import type { CommandReply, DeviceInfo, StepContext, Value } from '../types.js';
import { RoomClimate } from './climate.js';
import { boolParam, deviceHash, latestNumber, numberParam, SimDevice, type Params } from './device.js';

/** Rated power of a light at full brightness, W; 0.5 W standby (the savings estimate's power model, shared). */
export const LIGHT_RATED_W = LIGHT_RATED_WATTS;

/**
 * A light (s2, e90). Obeys setOnOff, setBrightness (0-255; 0 switches it off, and on again at the last
 * level), setColorTemp. People switch it on when the office fills and the building switches it off when it
 * empties, now and then with the power button (never in the half hour after a command: `LEFT_ALONE_MS`): those
 * changes are reported with `terminal: 'selfPowerButton'`.
 * The e90 also senses its room (PIR, illuminance, temperature, humidity); the catalogue decides which
 * readings each model sends.
 */
export class Light extends SimDevice {
  onOff: boolean;
  lightnessLevel: number;
  colorTemp: number;
  private lastLevel: number;
  private pir = 0;
  private motions = 0;
  private illuminance = 0;
  private readonly climate: RoomClimate;

  constructor(info: DeviceInfo) {
    super(info);
    const latestOn = info.latest.onOff;
    this.lightnessLevel = latestNumber(info, 'lightnessLevel') ?? 200;
    this.onOff = typeof latestOn === 'boolean' ? latestOn : false;
    this.colorTemp = latestNumber(info, 'colorTemp') ?? 4000;
    this.lastLevel = this.lightnessLevel > 0 ? this.lightnessLevel : 200;
    this.climate = new RoomClimate(22, (deviceHash(info.id) - 0.5) * 4);
  }

  step(ctx: StepContext): void {
    if (this.mayBeSwitchedByHand(ctx.ts)) this.switchByHand(ctx);
    const motionRate = 40 * ctx.occupancy * ctx.dtHours;
    this.motions = Math.min(255, Math.round(motionRate * (0.5 + ctx.random())));
    this.pir = ctx.random() < ctx.occupancy ? 1 : 0;
    const sun = daylight(ctx.local) * 400 * (0.3 + 0.7 * deviceHash(this.info.id, 1));
    this.illuminance = Math.round(sun + (this.onOff ? (this.lightnessLevel / 255) * 350 : 0));
    this.climate.step(ctx, this.info.zoneId);
  }

  /** Someone arriving switches the light on; the building's schedule switches it off once empty. */
  private switchByHand(ctx: StepContext): void {
    if (!this.onOff && ctx.occupancy > 0.5 && ctx.random() < chance(2 * ctx.occupancy, ctx.dtHours)) {
      this.switchTo(true);
      this.touched('selfPowerButton');
    } else if (
      this.onOff &&
      this.fault !== 'stuckOn' &&
      ctx.occupancy < 0.1 &&
      ctx.random() < chance(1.5, ctx.dtHours)
    ) {
      this.switchTo(false);
      this.touched('selfPowerButton');
    }
  }

  protected override ownFaults(): readonly SimFaultKind[] {
    return ['stuckOn'];
  }

  /** Left on: nobody switches it off by hand (a command still does). */
  protected override faultBegins(kind: SimFaultKind): void {
    if (kind === 'stuckOn') this.switchTo(true);
  }

  /** Used by a wall panel of the same zone. */
  switchTo(on: boolean): void {
    this.onOff = on;
    if (on && this.lightnessLevel === 0) this.lightnessLevel = this.lastLevel;
  }

  override power(): number {
    // The shared power model: the savings estimate reads the same function.
    return lightDrawWatts({ onOff: this.onOff, lightnessLevel: this.lightnessLevel }) ?? 0.5;
  }

  protected override apply(method: CommandMethod, params: Params): CommandReply {
    switch (method) {
      case 'setOnOff':
        this.switchTo(boolParam(params, 'onOff') ?? this.onOff);
        return { success: true };
      case 'setBrightness': {
        const level = clamp(numberParam(params, 'lightnessLevel') ?? this.lightnessLevel, 0, 255);
        this.lightnessLevel = level;
        if (level > 0) this.lastLevel = level;
        this.onOff = level > 0;
        return { success: true };
      }
      case 'setColorTemp':
        this.colorTemp = numberParam(params, 'colorTemp') ?? this.colorTemp;
        return { success: true };
      default:
        return super.apply(method, params);
    }
  }

  protected readings(): Record<string, Value> {
    return {
      onOff: this.onOff,
      lightnessLevel: this.lightnessLevel,
      colorTemp: this.colorTemp,
      pir: this.pir,
      motionCount: this.motions,
      illuminance: round(this.illuminance, 0),
      ...this.climate.readings(),
    };
  }
}
