import {
  TOU_PERIODS,
  type EnergyBoardCost,
  type EnergyCostFigure,
  type EnergyQuery,
} from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import type { Scope } from '../../platform/tenancy.js';
import { addDays, comparisonOf, energyPlaces, hoursBefore, localClock, localDate } from '../energy/index.js';
import {
  addPriced,
  emptyPriced,
  firstOfMonth,
  priceChannels,
  type MonthSums,
  type Priced,
  type Range,
} from './price-channels.js';
import { emptyPeriods, splitDay, totalKwh, type PeriodKwh } from './pricing.js';
import { keepMonths, keptMonths, wholeMonths } from './month-sums.js';
import { daySplits, ensureProfiles, type DaySplit } from './profiles.js';
import { pricingOf } from './tariffs.js';

/*
 * The energy board's and the portfolio's figures: the board's channels and places priced this period and the
 * previous one (price-channels.ts), summed by place.
 */

/** The dates in runs of consecutive days. */
function runsOf(splits: readonly DaySplit[]): DaySplit[][] {
  const runs: DaySplit[][] = [];
  for (const split of splits) {
    const run = runs.at(-1);
    const prev = run?.at(-1);
    if (run && prev && addDays(prev.date, 1) === split.date) run.push(split);
    else runs.push([split]);
  }
  return runs;
}

function figure(now: Priced, before: Priced): EnergyCostFigure {
  return {
    cost: now.cost,
    carbon: now.carbon,
    previousCost: before.cost,
    previousCarbon: before.carbon,
    periods: TOU_PERIODS.map((period) => ({ period, ...now.periods[period] })),
  };
}

/**
 * The previous period up to the instant `until`: its whole days before the day `until` falls on, and of
 * that day the hours before it (energy's hoursBefore) split by the day's hour map. When `until` is past the
 * previous period (it is compared whole), the whole range.
 */
async function partOfPrevious(
  db: Db,
  ids: readonly number[],
  previous: Range,
  until: number,
  zone: string,
  splits: readonly { date: string; map: string }[],
): Promise<Range> {
  const date = localDate(until, zone);
  if (date > previous.to) return previous;
  const map = splits.find((s) => s.date === date)?.map ?? 'F'.repeat(24);
  const kwh = new Map<number, PeriodKwh>();
  for (const [deviceId, byHour] of await hoursBefore(db, ids, until, zone)) {
    // By local clock hour, as the day's stored split is (pricing.ts, splitDay).
    const byClock = new Map<number, number>();
    for (const [ms, value] of byHour) {
      const hour = Number(localClock(Number(ms), zone).slice(0, 2));
      byClock.set(hour, (byClock.get(hour) ?? 0) + value);
    }
    kwh.set(deviceId, splitDay(byClock, map));
  }
  return { from: previous.from, to: date, partial: { date, kwh } };
}

/**
 * The board's channels (the summary's query, its places) priced this period and the previous one (up to the
 * same moment while this one runs, as the board compares them): the board's cost and the portfolio's.
 */
async function pricedScope(db: Db, scope: Scope, query: EnergyQuery, now: number) {
  const summary = await energyPlaces(db, scope, query, now);
  const { tariffs, factors } = await pricingOf(db, summary.projectId);
  const ids = summary.meters.flatMap((m) => m.channels.map((c) => c.deviceId));
  const from = firstOfMonth(summary.previousRange.from);
  const to = summary.current.to;
  const splits = await daySplits(db, summary.projectId, tariffs, from, to);
  // Whole past months are checked and read as one kept row a channel; their days are checked and split only
  // when the month's key or daily total changed (profiles.ts, keptMonths); the other days as before.
  const months = wholeMonths(from, to, localDate(now, summary.timeZone), splits, tariffs, factors);
  const kept = await keptMonths(db, ids, months);
  for (const run of runsOf(splits.filter((s) => !kept.has(firstOfMonth(s.date)))))
    await ensureProfiles(db, summary.timeZone, ids, run);
  const rebuilt = await keepMonths(
    db,
    ids,
    months.filter((m) => !kept.has(m.month)),
  );
  const monthSums: MonthSums = new Map(
    months.flatMap((m) => {
      const usage = kept.get(m.month) ?? rebuilt.get(m.month);
      return usage ? [[m.month, { stretches: m.stretches, usage }] as const] : [];
    }),
  );
  // The previous period as the board compares it: up to the same moment while this one runs (one rule).
  const { until } = comparisonOf(query.period, summary.current, now, summary.timeZone);
  const previousPart = until
    ? await partOfPrevious(db, ids, summary.previousRange, until.at, summary.timeZone, splits)
    : summary.previousRange;
  const [current = new Map<number, Priced>(), previous = new Map<number, Priced>()] = await priceChannels(
    db,
    {
      ids,
      ranges: [summary.current, previousPart],
      tariffs,
      factors,
      months: monthSums,
    },
  );
  const rangeFrom = summary.previousRange.from;
  const applies = <T extends { validFrom: string }>(items: readonly T[]) =>
    items.some((item, i) => item.validFrom <= to && (items[i + 1]?.validFrom ?? '9999') > rangeFrom);
  return {
    summary,
    current,
    previous,
    currency: tariffs.at(-1)?.currency ?? 'CNY',
    hasTariff: applies(tariffs),
    hasFactor: applies(factors),
  };
}

/** A place's kWh, cost and carbon, this period and the previous one (as the board compares them). */
export interface PlaceEnergy {
  kwh: number;
  previousKwh: number;
  cost: number;
  previousCost: number;
  carbon: number;
  previousCarbon: number;
}

/**
 * A project's (or the query's building's) figures for the portfolio: the board's periods and comparison,
 * the total and each building's kWh (the stored day splits, as the cost is), cost and carbon, and the
 * channels with their places (for peak demand).
 */
export async function projectEnergy(db: Db, scope: Scope, query: EnergyQuery, now = Date.now()) {
  const { summary, current, previous, currency, hasTariff, hasFactor } = await pricedScope(
    db,
    scope,
    query,
    now,
  );
  const empty = (): PlaceEnergy => ({
    kwh: 0,
    previousKwh: 0,
    cost: 0,
    previousCost: 0,
    carbon: 0,
    previousCarbon: 0,
  });
  const total = empty();
  const buildings = new Map<number, PlaceEnergy>();
  const channels: { deviceId: number; buildingId: number; floorId: number | null }[] = [];
  for (const meter of summary.meters) {
    let building = buildings.get(meter.buildingId);
    if (!building) buildings.set(meter.buildingId, (building = empty()));
    for (const channel of meter.channels) {
      channels.push({ deviceId: channel.deviceId, buildingId: meter.buildingId, floorId: meter.floorId });
      const a = current.get(channel.deviceId) ?? emptyPriced();
      const b = previous.get(channel.deviceId) ?? emptyPriced();
      for (const place of [total, building]) {
        place.kwh += totalKwh(kwhOf(a));
        place.previousKwh += totalKwh(kwhOf(b));
        place.cost += a.cost;
        place.previousCost += b.cost;
        place.carbon += a.carbon;
        place.previousCarbon += b.carbon;
      }
    }
  }
  return {
    projectId: summary.projectId,
    timeZone: summary.timeZone,
    current: summary.current,
    previousRange: summary.previousRange,
    comparedUntil: summary.comparedUntil,
    currency,
    hasTariff,
    hasFactor,
    total,
    buildings,
    channels,
  };
}

function kwhOf(priced: Priced): PeriodKwh {
  const out = emptyPeriods();
  for (const p of TOU_PERIODS) out[p] = priced.periods[p].kwh;
  return out;
}

/**
 * The energy board's cost and carbon: the summary's figures (same query, same channels and places) priced
 * with the project's tariffs and emission factors, this period and the previous one (up to the same moment
 * while this one runs, as the board compares them).
 */
export async function energyBoardCost(
  db: Db,
  scope: Scope,
  query: EnergyQuery,
  now = Date.now(),
): Promise<EnergyBoardCost> {
  const { summary, current, previous, currency, hasTariff, hasFactor } = await pricedScope(
    db,
    scope,
    query,
    now,
  );
  const of = (map: Map<number, Priced>, id: number) => map.get(id) ?? emptyPriced();

  const total = { now: emptyPriced(), before: emptyPriced() };
  const buildings = new Map<number, { now: Priced; before: Priced }>();
  const floors = new Map<
    string,
    { buildingId: number; floorId: number | null; now: Priced; before: Priced }
  >();
  const channels: EnergyBoardCost['channels'] = [];
  for (const meter of summary.meters) {
    let building = buildings.get(meter.buildingId);
    if (!building)
      buildings.set(meter.buildingId, (building = { now: emptyPriced(), before: emptyPriced() }));
    const floorKey = `${meter.buildingId}|${meter.floorId ?? ''}`;
    let floor = floors.get(floorKey);
    if (!floor) {
      floor = {
        buildingId: meter.buildingId,
        floorId: meter.floorId,
        now: emptyPriced(),
        before: emptyPriced(),
      };
      floors.set(floorKey, floor);
    }
    for (const channel of meter.channels) {
      const a = of(current, channel.deviceId);
      const b = of(previous, channel.deviceId);
      channels.push({ deviceId: channel.deviceId, ...figure(a, b) });
      for (const level of [total, building, floor]) {
        addPriced(level.now, a);
        addPriced(level.before, b);
      }
    }
  }
  return {
    projectId: summary.projectId,
    currency,
    hasTariff,
    hasFactor,
    ...figure(total.now, total.before),
    buildings: [...buildings].map(([buildingId, b]) => ({ buildingId, ...figure(b.now, b.before) })),
    floors: [...floors.values()].map((f) => ({
      buildingId: f.buildingId,
      floorId: f.floorId,
      ...figure(f.now, f.before),
    })),
    channels,
  };
}
