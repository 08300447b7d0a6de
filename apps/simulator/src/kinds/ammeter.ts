import type { SimFaultKind } from '@sbuilding/shared';
import { round } from '../time.js';
import type { DeviceInfo, StepContext, Value } from '../types.js';
import { deviceHash, latestNumber, SimDevice } from './device.js';

/** What each of the four channels of a floor's ammeter is wired to (the demo's distribution board). */
export const CHANNEL_LOADS: Record<number, string> = {
  1: 'lighting: the lights of its floor',
  2: 'HVAC: the AC units of its floor',
  3: 'sockets: 400 W plus 4 kW times occupancy',
  4: 'base load: servers, lifts, ventilation, 1.5 kW plus 0.8 kW in working hours',
};

/** What a channel with a base-load leak (`baseLoadLeak`) draws on top of its load, W: a heater or pump left running. */
export const BASE_LOAD_LEAK_WATTS = 3_000;

/** How far a channel's energy counter jumps, once, when it is given `counterJump`, kWh. */
export const COUNTER_JUMP_KWH = 10_000;

/** The power on `channel`, W, before the meter's ±3% noise. */
export function channelPower(channel: number, ctx: StepContext, info: DeviceInfo): number {
  switch (channel) {
    case 1:
      return 20 + ctx.world.load('light', info.buildingId, info.floorId);
    case 2:
      return 50 + ctx.world.load('hvac', info.buildingId, info.floorId);
    case 3:
      return 400 + 4000 * ctx.occupancy;
    default:
      return 1500 + (ctx.working ? 800 : 0);
  }
}

/**
 * One channel of a 4-channel ammeter (ammeter4g; the registry has one device per channel, props.channel).
 * Reports `power{channel}` (W) and `energy{channel}` (kWh); energy integrates power over simulated time
 * (trapezoids) and never decreases, starting from the last reading the server holds. Faults (issue 38): a leak
 * (`baseLoadLeak`, BASE_LOAD_LEAK_WATTS more at every hour) and a counter that jumps once (`counterJump`).
 */
export class Ammeter extends SimDevice {
  watts = 0;
  energy: number;
  private started = false;

  constructor(info: DeviceInfo) {
    super(info);
    const key = `energy${this.channel()}`;
    this.energy = Math.max(0, latestNumber(info, key) ?? Math.round(1000 + deviceHash(info.id) * 9000));
  }

  step(ctx: StepContext): void {
    const noise = 1 + (ctx.random() - 0.5) * 0.06;
    const leak = this.fault === 'baseLoadLeak' ? BASE_LOAD_LEAK_WATTS : 0;
    this.integrate((channelPower(this.channel(), ctx, this.info) + leak) * noise, ctx.dtHours);
  }

  protected override ownFaults(): readonly SimFaultKind[] {
    return ['baseLoadLeak', 'counterJump'];
  }

  /**
   * A counter that jumps (`counterJump`) reads COUNTER_JUMP_KWH more from the moment the fault is given and counts
   * on from there; the fault does nothing more, and taking it away leaves the counter where it is. A leak
   * (`baseLoadLeak`) shows from the next step.
   */
  protected override faultBegins(kind: SimFaultKind): void {
    if (kind === 'counterJump') this.energy += COUNTER_JUMP_KWH;
  }

  /** Adds the energy of `dtHours` at a power moving linearly to `watts`. */
  integrate(watts: number, dtHours: number): void {
    const previous = this.started ? this.watts : watts;
    this.started = true;
    this.watts = Math.max(0, watts);
    this.energy += (Math.max(0, (previous + this.watts) / 2) * Math.max(0, dtHours)) / 1000;
  }

  protected readings(): Record<string, Value> {
    return { power: round(this.watts, 1), energy: round(this.energy, 3) };
  }
}
