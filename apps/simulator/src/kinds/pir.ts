import { daylight } from '../time.js';
import type { StepContext, Value } from '../types.js';
import { deviceHash, SimDevice } from './device.js';

/**
 * A PIR occupancy sensor (pir10). `pir` is 1 when it saw someone in the last interval (likelier the fuller
 * the office), `motionCount` the motions seen since its previous report (about 40 an hour per person-share,
 * at most 255), `illuminance` daylight through the window plus the zone's lights.
 */
export class PirSensor extends SimDevice {
  private pir = 0;
  private motions = 0;
  private illuminance = 0;

  step(ctx: StepContext): void {
    const seen = 1 - Math.pow(1 - ctx.occupancy, 1 + ctx.dtHours * 20);
    this.pir = ctx.random() < seen ? 1 : 0;
    this.motions = this.pir
      ? Math.min(255, Math.round(40 * ctx.occupancy * ctx.dtHours * (0.5 + ctx.random())))
      : 0;
    const sun = daylight(ctx.local) * 500 * (0.3 + 0.7 * deviceHash(this.info.id, 2));
    this.illuminance = Math.round(sun + ctx.world.zoneLight(this.info.zoneId) * 350 + ctx.random() * 5);
  }

  protected readings(): Record<string, Value> {
    return { pir: this.pir, motionCount: this.motions, illuminance: this.illuminance };
  }
}
