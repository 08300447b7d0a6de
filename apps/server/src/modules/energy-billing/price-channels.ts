import { TOU_PERIODS, type Tariff, type TouPeriod } from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { addPeriods, emptyPeriods, priceMonth, totalKwh, type PeriodKwh } from './pricing.js';
import { stretchesOf, stretchUsage, type Stretch } from './month-sums.js';

/*
 * Pricing channels: their kWh by tariff period in each range priced at the unit prices of the scope's total
 * (tiers counted on the sum). The board's and the portfolio's figures (costs.ts), the meter tree and the bills
 * are built on it.
 */

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

export function firstOfMonth(date: string): string {
  return `${date.slice(0, 7)}-01`;
}

/** A range of local dates to price. */
export interface Range {
  from: string;
  to: string;
  /**
   * Its last day only in part (a comparison cut at a moment of it): each channel's kWh by period of that
   * part, priced instead of the whole day.
   */
  partial?: { date: string; kwh: ReadonlyMap<number, PeriodKwh> } | undefined;
}

/** What priceChannels prices, and with what. */
export interface PriceChannelsOptions {
  /** The channels (meter channel devices). */
  ids: readonly number[];
  /** The ranges, each priced on its own (one answer each, in order). */
  ranges: readonly Range[];
  /** The project's dated plans and emission factors, oldest first. */
  tariffs: readonly Tariff[];
  factors: readonly { validFrom: string; kgPerKwh: number }[];
  /** Whole past months' kept sums; a stretch not among them is read from the day splits. */
  months?: MonthSums;
  /** A virtual meter's: +1 or −1 per channel, 1 when absent. */
  coefficients?: ReadonlyMap<number, number>;
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
  { ids, ranges, tariffs, factors, months = new Map(), coefficients }: PriceChannelsOptions,
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
export type MonthSums = Map<string, { stretches: readonly Stretch[]; usage: Map<number, PeriodKwh[]> }>;

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
  ask: {
    ids: readonly number[];
    from: string;
    to: string;
    tariffs: readonly Tariff[];
    factors: readonly { validFrom: string; kgPerKwh: number }[];
    coefficients?: ReadonlyMap<number, number> | undefined;
  },
) {
  const { ids, from, to, tariffs, factors, coefficients } = ask;
  const [priced = new Map<number, Priced>()] = await priceChannels(db, {
    ids,
    ranges: [{ from, to }],
    tariffs,
    factors,
    coefficients,
  });
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
