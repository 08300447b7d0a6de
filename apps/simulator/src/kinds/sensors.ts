import type { SimFaultKind } from '@sbuilding/shared';
import { approach, clamp, round } from '../time.js';
import type { DeviceInfo, StepContext, Value } from '../types.js';
import { RoomClimate } from './climate.js';
import { deviceHash, latestNumber, SimDevice } from './device.js';

/** A drifting sensor (`sensorDrift`) reads this many °C higher for each simulated hour since the fault began... */
export const DRIFT_TEMPERATURE_C_PER_HOUR = 2;
/** ...up to this many °C. */
export const DRIFT_TEMPERATURE_MAX_C = 6;
/** Its humidity, where it reports one, reads this many %RH lower for each simulated hour... */
export const DRIFT_HUMIDITY_RH_PER_HOUR = 5;
/** ...up to this many %RH (and never below 0 %RH). */
export const DRIFT_HUMIDITY_MAX_RH = 15;

/** How far a drifting sensor reads off `hours` after the fault began: its temperature high, its humidity low. */
export function sensorDrift(hours: number): { temperature: number; humidity: number } {
  const h = Math.max(0, hours);
  return {
    temperature: Math.min(DRIFT_TEMPERATURE_MAX_C, DRIFT_TEMPERATURE_C_PER_HOUR * h),
    humidity: Math.min(DRIFT_HUMIDITY_MAX_RH, DRIFT_HUMIDITY_RH_PER_HOUR * h),
  };
}

/**
 * A sensor of a room's air (th10, sair4g): the room climate model of its zone, read through a sensor that may
 * drift (`sensorDrift`): the room itself is what it is, only the readings are off.
 */
abstract class RoomSensor extends SimDevice {
  protected readonly climate: RoomClimate;
  /** Simulated hours since the sensor began to drift. */
  private driftHours = 0;

  constructor(info: DeviceInfo) {
    super(info);
    this.climate = new RoomClimate(latestNumber(info, 'temperature') ?? 21, (deviceHash(info.id) - 0.5) * 4);
  }

  protected stepClimate(ctx: StepContext): void {
    this.climate.step(ctx, this.info.zoneId);
    if (this.fault === 'sensorDrift') this.driftHours += ctx.dtHours;
  }

  protected override ownFaults(): readonly SimFaultKind[] {
    return ['sensorDrift'];
  }

  protected override faultBegins(kind: SimFaultKind): void {
    if (kind === 'sensorDrift') this.driftHours = 0;
  }

  /** Temperature and humidity as the sensor reads them. */
  protected climateReadings(): { temperature: number; humidity: number } {
    const read = this.climate.readings();
    if (this.fault !== 'sensorDrift') return read;
    const drift = sensorDrift(this.driftHours);
    return {
      temperature: round(read.temperature + drift.temperature, 1),
      humidity: round(Math.max(0, read.humidity - drift.humidity), 1),
    };
  }
}

/**
 * An air-quality sensor (sair4g). CO2 approaches 420 ppm plus 980 ppm times occupancy (1400 ppm in a
 * full office) at 1.2/h; formaldehyde builds up while the ventilation is off (0.055 mg/m³ at night) and
 * is flushed toward 0.02 in working hours, a little more in warm air, kept within 0.01-0.08.
 */
export class AirSensor extends RoomSensor {
  co2: number;
  ch2o: number;

  constructor(info: DeviceInfo) {
    super(info);
    this.co2 = latestNumber(info, 'co2') ?? 450;
    this.ch2o = latestNumber(info, 'ch2o') ?? 0.03;
  }

  step(ctx: StepContext): void {
    this.stepClimate(ctx);
    this.co2 = approach(this.co2, 420 + 980 * ctx.occupancy, 1.2, ctx.dtHours);
    const ch2oTarget = (ctx.working ? 0.02 : 0.055) + 0.002 * (this.climate.temperature - 20);
    this.ch2o = clamp(approach(this.ch2o, ch2oTarget, 0.4, ctx.dtHours), 0.01, 0.08);
  }

  protected readings(): Record<string, Value> {
    return {
      co2: Math.round(this.co2 + (Math.random() - 0.5) * 10),
      ch2o: round(this.ch2o, 3),
      ...this.climateReadings(),
    };
  }
}

/** A temperature/humidity sensor (th10): the room climate model of its zone. */
export class ThSensor extends RoomSensor {
  step(ctx: StepContext): void {
    this.stepClimate(ctx);
  }

  protected readings(): Record<string, Value> {
    return this.climateReadings();
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
