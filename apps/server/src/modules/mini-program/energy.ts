import { energyChange, type WxEnergy } from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import type { Scope } from '../../platform/tenancy.js';
import { energyBoard } from '../energy/index.js';

const HOUR_MS = 3_600_000;

/**
 * Yesterday's consumption up to the same time of day: the hours of yesterday before the current one, and
 * of yesterday's same hour the share of the hour that has passed today (the rollups are hourly, so the
 * hour in progress is compared with the same part of yesterday's, taken as even).
 */
export function sameTimeYesterday(
  curve: readonly { current: number | null; previous: number | null }[],
  now: number,
): { today: number; yesterday: number } {
  let today = 0;
  let yesterday = 0;
  const started = curve.filter((p) => p.current !== null);
  started.forEach((point, i) => {
    today += point.current ?? 0;
    const share = i === started.length - 1 ? (now % HOUR_MS) / HOUR_MS : 1;
    yesterday += (point.previous ?? 0) * share;
  });
  return { today, yesterday };
}

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
  const { today, yesterday } = sameTimeYesterday(day.curve, now);
  return {
    metered: day.meters.length > 0,
    today,
    yesterdaySameTime: yesterday,
    changePercent: energyChange(today, yesterday),
    month: month.energy,
    previousMonth: month.previous,
  };
}
