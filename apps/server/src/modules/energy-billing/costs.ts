import {
  TOU_PERIODS,
  type EnergyBoardCost,
  type EnergyCostFigure,
  type EnergyQuery,
  type Tariff,
  type TouPeriod,
} from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import type { Scope } from '../../platform/tenancy.js';
import { addDays, comparisonOf, energyPlaces, hoursBefore, localClock, localDate } from '../energy/index.js';
import { addPeriods, emptyPeriods, priceMonth, splitDay, totalKwh, type PeriodKwh } from './pricing.js';
import {
  daySplits,
  ensureProfiles,
  keepMonths,
  keptMonths,
  stretchesOf,
  stretchUsage,
  wholeMonths,
  type DaySplit,
  type Stretch,
} from './profiles.js';
import { pricingOf } from './tariffs.js';

/** A channel's cost, carbon and kWh by period in one range. */
export interface Priced {
  cost: number;
  carbon: number;
  periods: Record<TouPeriod, { kwh: number; cost: number }>;
}

export function emptyPriced(): Priced {
  const zero = () => ({ kwh: 0, cost: 0 });
  return {
    cost: 0,
    carbon: 0,
    periods: { sharp: zero(), peak: zero(), flat: zero(), valley: zero(), deepValley: zero() },
  };
}

export function addPriced(into: Priced, add: Priced, factor = 1): void {
  into.cost += add.cost * factor;
  into.carbon += add.carbon * factor;
  for (const p of TOU_PERIODS) {
    into.periods[p].kwh += add.periods[p].kwh * factor;
    into.periods[p].cost += add.periods[p].cost * factor;
  }
}

function firstOfMonth(date: string): string {
  return `${date.slice(0, 7)}-01`;
}

/** A range of local dates to price. */
interface Range {
  from: string;
  to: string;
  /**
   * Its last day only in part (a comparison cut at a moment of it): each channel's kWh by period of that
   * part, priced instead of the whole day.
   */
  partial?: { date: string; kwh: ReadonlyMap<number, PeriodKwh> } | undefined;
}

/**
 * Prices the channels' consumption in each range (one query for all of them). The scope's total is priced
 * month by month (a tiered plan counts the month from its first day, days before the range's start
 * included), which gives each stretch a price per kWh of each period; every channel's kWh is priced at
 * those, so channel costs add up to the total exactly (for flat and time-of-use plans the two ways are the
 * same). `coefficients` (a virtual meter's: +1 or −1 per channel, 1 when absent) weigh each channel in the
 * total the tiers are counted on.
 */
export async function priceChannels(
  db: Db,
  ids: readonly number[],
  ranges: readonly Range[],
  tariffs: readonly Tariff[],
  factors: readonly { validFrom: string; kgPerKwh: number }[],
  months: MonthSums = new Map(),
  coefficients?: ReadonlyMap<number, number>,
): Promise<Map<number, Priced>[]> {
  // A partial last day is a stretch of its own, so its kWh can stand in for the day's.
  const perRange = ranges.map((r) =>
    stretchesOf(firstOfMonth(r.from), r.to, tariffs, factors, [
      r.from,
      ...(r.partial ? [r.partial.date] : []),
    ]),
  );
  const all = perRange.flat();
  const usage = await usageOf(db, ids, all, months);
  let offset = 0;
  return ranges.map((range, r) => {
    const stretches = perRange[r] ?? [];
    const base = offset;
    offset += stretches.length;
    return priceRange(range.from, stretches, usage, base, range.partial, coefficients);
  });
}

/** Whole past months' kept sums: each month's stretches and every channel's kWh by period in each. */
type MonthSums = Map<string, { stretches: readonly Stretch[]; usage: Map<number, PeriodKwh[]> }>;

/**
 * kWh by period of each channel in each stretch: a stretch that is one of a whole month's kept stretches is
 * read from the month's sums, the others from the day splits (one query).
 */
async function usageOf(
  db: Db,
  ids: readonly number[],
  stretches: readonly Stretch[],
  months: MonthSums,
): Promise<Map<number, PeriodKwh[]>> {
  const fromMonth = stretches.map((s) => {
    const month = months.get(firstOfMonth(s.from));
    const j = month?.stretches.findIndex((m) => m.from === s.from && m.to === s.to) ?? -1;
    return month && j >= 0 ? { usage: month.usage, j } : null;
  });
  const rest = stretches.map((_, i) => i).filter((i) => fromMonth[i] === null);
  const daily = await stretchUsage(
    db,
    ids,
    rest.map((i) => stretches[i]).filter((s): s is Stretch => s !== undefined),
  );
  const out = new Map<number, PeriodKwh[]>();
  for (const id of ids) {
    const own = daily.get(id);
    const list = stretches.map((_, i) => {
      const kept = fromMonth[i];
      if (kept) return kept.usage.get(id)?.[kept.j] ?? emptyPeriods();
      const k = rest.indexOf(i);
      return own?.[k] ?? emptyPeriods();
    });
    out.set(id, list);
  }
  return out;
}

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

function priceRange(
  from: string,
  stretches: readonly Stretch[],
  usage: ReadonlyMap<number, PeriodKwh[]>,
  base: number,
  partial: Range['partial'],
  coefficients?: ReadonlyMap<number, number>,
): Map<number, Priced> {
  const cut = stretches.findIndex((s) => partial !== undefined && s.from === partial.date);
  const ownOf = (deviceId: number, i: number) =>
    i === cut
      ? (partial?.kwh.get(deviceId) ?? emptyPeriods())
      : (usage.get(deviceId)?.[base + i] ?? emptyPeriods());
  const deviceIds = new Set([...usage.keys(), ...(partial?.kwh.keys() ?? [])]);
  const totals = stretches.map(() => emptyPeriods());
  for (const deviceId of deviceIds)
    totals.forEach((total, i) => addPeriods(total, ownOf(deviceId, i), coefficients?.get(deviceId) ?? 1));
  // Unit price of each stretch and period, from the month's pricing of the total.
  const unit: PeriodKwh[] = stretches.map(() => emptyPeriods());
  const byMonth = new Map<string, number[]>();
  stretches.forEach((s, i) => byMonth.set(s.month, [...(byMonth.get(s.month) ?? []), i]));
  for (const indices of byMonth.values()) {
    const month = priceMonth(
      indices.map((i) => ({ plan: stretches[i]?.tariff ?? null, kwh: totals[i] ?? emptyPeriods() })),
    );
    indices.forEach((stretchIndex, k) => {
      const cost = month.stretches[k];
      const prices = unit[stretchIndex];
      if (!cost || !prices) return;
      for (const p of TOU_PERIODS) prices[p] = cost[p].kwh > 0 ? cost[p].cost / cost[p].kwh : 0;
    });
  }
  const out = new Map<number, Priced>();
  for (const deviceId of deviceIds) {
    const priced = emptyPriced();
    stretches.forEach((stretch, i) => {
      const prices = unit[i];
      if (!prices || stretch.from < from) return;
      const kwh = ownOf(deviceId, i);
      for (const p of TOU_PERIODS) {
        priced.periods[p].kwh += kwh[p];
        priced.periods[p].cost += kwh[p] * prices[p];
        priced.cost += kwh[p] * prices[p];
      }
      priced.carbon += totalKwh(kwh) * stretch.kgPerKwh;
    });
    out.set(deviceId, priced);
  }
  return out;
}

/**
 * The channels' cost from `from` to `to` together (tiers counted on their sum), and each channel's kWh. With
 * `coefficients` (a virtual meter: +1 or −1 per channel) the total is their signed sum.
 */
export async function costsOfPeriods(
  db: Db,
  ids: readonly number[],
  from: string,
  to: string,
  tariffs: readonly Tariff[],
  factors: readonly { validFrom: string; kgPerKwh: number }[],
  coefficients?: ReadonlyMap<number, number>,
) {
  const [priced = new Map<number, Priced>()] = await priceChannels(
    db,
    ids,
    [{ from, to }],
    tariffs,
    factors,
    undefined,
    coefficients,
  );
  const total = emptyPriced();
  const byChannel = new Map<number, number>();
  for (const [deviceId, p] of priced) {
    addPriced(total, p, coefficients?.get(deviceId) ?? 1);
    byChannel.set(
      deviceId,
      TOU_PERIODS.reduce((s, period) => s + p.periods[period].kwh, 0),
    );
  }
  const kwh = TOU_PERIODS.reduce((s, period) => s + total.periods[period].kwh, 0);
  return { ...total, kwh, byChannel };
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
    ids,
    [summary.current, previousPart],
    tariffs,
    factors,
    monthSums,
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
