import { approach, clamp, round } from '../time.js';
import type { StepContext } from '../types.js';

/**
 * The air of a room without its own AC: the building's central plant holds it near 21 °C, pulled a third
 * of the way toward the outdoor swing, plus up to 2 °C from people and equipment. With an AC in the zone
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
    const free = 21 + 0.35 * (ctx.outdoor - 15) + 2 * ctx.occupancy;
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
