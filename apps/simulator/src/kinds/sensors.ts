import { approach, clamp, round } from '../time.js';
import type { DeviceInfo, StepContext, Value } from '../types.js';
import { RoomClimate } from './climate.js';
import { deviceHash, latestNumber, SimDevice } from './device.js';

/**
 * An air-quality sensor (sair4g). CO2 approaches 420 ppm plus 980 ppm times occupancy (1400 ppm in a
 * full office) at 1.2/h; formaldehyde builds up while the ventilation is off (0.055 mg/m³ at night) and
 * is flushed toward 0.02 in working hours, a little more in warm air, kept within 0.01-0.08.
 */
export class AirSensor extends SimDevice {
  co2: number;
  ch2o: number;
  private readonly climate: RoomClimate;

  constructor(info: DeviceInfo) {
    super(info);
    this.co2 = latestNumber(info, 'co2') ?? 450;
    this.ch2o = latestNumber(info, 'ch2o') ?? 0.03;
    this.climate = new RoomClimate(latestNumber(info, 'temperature') ?? 21, (deviceHash(info.id) - 0.5) * 4);
  }

  step(ctx: StepContext): void {
    this.climate.step(ctx, this.info.zoneId);
    this.co2 = approach(this.co2, 420 + 980 * ctx.occupancy, 1.2, ctx.dtHours);
    const ch2oTarget = (ctx.working ? 0.02 : 0.055) + 0.002 * (this.climate.temperature - 20);
    this.ch2o = clamp(approach(this.ch2o, ch2oTarget, 0.4, ctx.dtHours), 0.01, 0.08);
  }

  protected readings(): Record<string, Value> {
    return {
      co2: Math.round(this.co2 + (Math.random() - 0.5) * 10),
      ch2o: round(this.ch2o, 3),
      ...this.climate.readings(),
    };
  }
}

/** A temperature/humidity sensor (th10): the room climate model of its zone. */
export class ThSensor extends SimDevice {
  private readonly climate: RoomClimate;

  constructor(info: DeviceInfo) {
    super(info);
    this.climate = new RoomClimate(latestNumber(info, 'temperature') ?? 21, (deviceHash(info.id) - 0.5) * 4);
  }

  step(ctx: StepContext): void {
    this.climate.step(ctx, this.info.zoneId);
  }

  protected readings(): Record<string, Value> {
    return this.climate.readings();
  }
}

/** A gateway (ba, cc10, gw4g): its signal strength, -45 to -85 dBm, steady per gateway with ±3 dB of noise. */
export class Gateway extends SimDevice {
  private rssi = -60;

  step(ctx: StepContext): void {
    this.rssi = Math.round(-50 - 30 * deviceHash(this.info.id, 3) + (ctx.random() - 0.5) * 6);
  }

  protected readings(): Record<string, Value> {
    return { rssi: this.rssi };
  }
}
