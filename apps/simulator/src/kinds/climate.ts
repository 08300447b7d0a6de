import { approach, clamp, round } from '../time.js';
import type { StepContext } from '../types.js';

/**
 * The lowest the building's central plant lets an unconditioned room fall to (a night and weekend setback): an
 * office building is heated enough in winter that an empty meeting room at night does not reach 14 °C, which the
 * demo's 'Room temperature outside 16-30 °C' rule would rightly call a fault.
 */
export const SETBACK_C = 17;

/**
 * The temperature an unconditioned room of the building settles at: near 21 °C, pulled a third of the way
 * toward the outdoor swing, never below the plant's setback. A room whose AC is off drifts toward it, not
 * toward the outdoor air: walls, corridors and the neighbouring rooms stand in between.
 */
export function indoorAmbient(outdoor: number): number {
  return Math.max(SETBACK_C, 21 + 0.35 * (outdoor - 15));
}

/**
 * The air of a room without its own AC: `indoorAmbient`, plus up to 2 °C from people and equipment. With an AC in the zone
 * the sensor reads the AC's room temperature instead. Humidity falls as the air warms and rises with people.
 */
export class RoomClimate {
  temperature: number;
  humidity: number;

  constructor(
    initialTemperature: number,
    private readonly offset: number,
  ) {
    this.temperature = initialTemperature;
    this.humidity = 45;
  }

  step(ctx: StepContext, zoneId: number | null): void {
    const measured = ctx.world.zoneTemperature(zoneId);
    const free = indoorAmbient(ctx.outdoor) + 2 * ctx.occupancy;
    this.temperature =
      measured ?? approach(this.temperature, free, 0.3, ctx.dtHours) + (ctx.random() - 0.5) * 0.1;
    const humidityTarget = 48 + 12 * ctx.occupancy - 1.5 * (this.temperature - 22) + this.offset;
    this.humidity = clamp(approach(this.humidity, humidityTarget, 0.5, ctx.dtHours), 20, 90);
  }

  readings() {
    return {
      temperature: round(this.temperature + this.offset * 0.05, 1),
      humidity: round(this.humidity + (Math.random() - 0.5), 1),
    };
  }
}
