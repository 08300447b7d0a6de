import type { WxEnergy } from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import type { Scope } from '../../platform/tenancy.js';
import { energyBoard } from '../energy/index.js';

/**
 * A building's energy for the mini-program: today against yesterday at the same time, and this month, in
 * kWh, from the energy board's rollups (the project's local day and month).
 */
export async function wxEnergy(
  db: Db,
  scope: Scope,
  where: { projectId: number; buildingId: number },
  now: number,
): Promise<WxEnergy> {
  const [day, month] = await Promise.all([
    energyBoard(db, scope, { ...where, period: 'DAY', anchor: undefined }, now),
    energyBoard(db, scope, { ...where, period: 'MONTH', anchor: undefined }, now),
  ]);
  return {
    metered: day.meters.length > 0,
    today: day.energy,
    // Yesterday up to the same moment: the energy board's comparison (one rule, energy's comparisonOf).
    yesterdaySameTime: day.previous,
    changePercent: day.changePercent,
    month: month.energy,
    previousMonth: month.previousWhole,
  };
}
