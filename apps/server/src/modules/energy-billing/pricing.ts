import { hoursOfDay, TOU_LETTER, TOU_PERIODS, type TariffPlan, type TouPeriod } from '@sbuilding/shared';

/*
 * The cost arithmetic, pure: no database, no clock. The services feed it rollups and plans; the tests feed it
 * hand-worked cases (pricing.test.ts).
 */

/** kWh by tariff period. */
export type PeriodKwh = Record<TouPeriod, number>;

export function emptyPeriods(): PeriodKwh {
  return { sharp: 0, peak: 0, flat: 0, valley: 0, deepValley: 0 };
}

export function addPeriods(into: PeriodKwh, add: PeriodKwh, factor = 1): PeriodKwh {
  for (const p of TOU_PERIODS) into[p] += add[p] * factor;
  return into;
}

export function totalKwh(kwh: PeriodKwh): number {
  let sum = 0;
  for (const p of TOU_PERIODS) sum += kwh[p];
  return sum;
}

const BY_LETTER = new Map<string, TouPeriod>(TOU_PERIODS.map((p) => [TOU_LETTER[p], p]));

/**
 * A day's hour map: one letter per local hour 0-23 (S sharp, P peak, F flat, V valley, D deep valley),
 * from the plan, the month and whether the day works. The cache keeps the map each day was split by, so a
 * changed plan or calendar shows as a different map and the day is split again.
 */
export function hourMap(plan: Pick<TariffPlan, 'kind' | 'seasons'> | null, month: number, workday: boolean) {
  if (!plan) return 'F'.repeat(24);
  return hoursOfDay(plan, month, workday)
    .map((p) => TOU_LETTER[p])
    .join('');
}

/** The period of a local hour under a map. */
export function periodAt(map: string, hour: number): TouPeriod {
  return BY_LETTER.get(map[hour] ?? 'F') ?? 'flat';
}

/**
 * Splits a day's consumption by period: `byHour` is kWh per local hour (0-23; an hour of a 25-hour day
 * adds to its clock hour). A gap's consumption arrives with the meter's next reading, so it is priced in
 * the hour the meter reported again (the rollups' rule), never spread over hours nobody measured.
 */
export function splitDay(byHour: ReadonlyMap<number, number> | readonly number[], map: string): PeriodKwh {
  const out = emptyPeriods();
  const entries: Iterable<readonly [number, number]> =
    byHour instanceof Map ? byHour : [...byHour.values()].map((v, h) => [h, v] as const);
  for (const [hour, kwh] of entries) out[periodAt(map, hour)] += kwh;
  return out;
}

/** A stretch of a month under one plan, in time order. */
export interface PricedStretch {
  plan: TariffPlan | null;
  kwh: PeriodKwh;
}

export interface PeriodCost {
  kwh: number;
  cost: number;
}

export interface MonthCost {
  periods: Record<TouPeriod, PeriodCost>;
  /** Each stretch's own share, in the order given. */
  stretches: Record<TouPeriod, PeriodCost>[];
  kwh: number;
  cost: number;
}

function emptyCosts(): Record<TouPeriod, PeriodCost> {
  return {
    sharp: { kwh: 0, cost: 0 },
    peak: { kwh: 0, cost: 0 },
    flat: { kwh: 0, cost: 0 },
    valley: { kwh: 0, cost: 0 },
    deepValley: { kwh: 0, cost: 0 },
  };
}

/**
 * The energy cost of one month's consumption, its stretches under each plan in time order (a month crossing
 * a tariff change has two). Flat: kWh × price. Time-of-use: each period's kWh × its price. Tiered: the
 * month's kWh counted from its first day, so a stretch under a tiered plan starts where the month's earlier
 * stretches left the count, and each kWh is priced at the tier it falls in. Without a plan: kWh, no cost.
 */
export function priceMonth(stretches: readonly PricedStretch[]): MonthCost {
  const periods = emptyCosts();
  const each: Record<TouPeriod, PeriodCost>[] = [];
  let counted = 0;
  for (const { plan, kwh } of stretches) {
    const own = emptyCosts();
    each.push(own);
    const total = totalKwh(kwh);
    for (const p of TOU_PERIODS) own[p].kwh = kwh[p];
    if (plan?.kind === 'tou' && plan.prices) {
      for (const p of TOU_PERIODS) own[p].cost = kwh[p] * plan.prices[p];
    } else if (plan?.kind === 'tiered') {
      // A tiered plan has no periods (its days' kWh are all 'flat'); a share per period otherwise.
      const cost = tieredCost(plan.tiers, counted, total);
      if (total > 0) for (const p of TOU_PERIODS) own[p].cost = (cost * kwh[p]) / total;
    } else if (plan) {
      for (const p of TOU_PERIODS) own[p].cost = kwh[p] * (plan.flatPrice ?? 0);
    }
    counted += total;
    for (const p of TOU_PERIODS) {
      periods[p].kwh += own[p].kwh;
      periods[p].cost += own[p].cost;
    }
  }
  let kwhSum = 0;
  let cost = 0;
  for (const p of TOU_PERIODS) {
    kwhSum += periods[p].kwh;
    cost += periods[p].cost;
  }
  return { periods, stretches: each, kwh: kwhSum, cost };
}

/** The cost of `kwh` more under tiers when `before` kWh of the month were already counted. */
export function tieredCost(tiers: TariffPlan['tiers'], before: number, kwh: number): number {
  let cost = 0;
  let lower = 0;
  const end = before + kwh;
  for (const tier of tiers) {
    const upper = tier.upToKwh ?? Infinity;
    const from = Math.max(lower, before);
    const to = Math.min(upper, end);
    if (to > from) cost += (to - from) * tier.price;
    lower = upper;
    if (lower >= end) break;
  }
  return cost;
}

/** The month's fixed charges and demand charge of a plan (the plan in force on the month's last day). */
export function monthCharges(plan: TariffPlan | null, peakKw: number) {
  const none: { name: string; amount: number }[] = [];
  if (!plan) return { demandCharge: 0, fixedCharges: none };
  return {
    demandCharge: peakKw * plan.demandChargePerKw,
    fixedCharges: plan.fixedCharges.map((c) => ({ name: c.name, amount: c.amount })),
  };
}

/** A dated value (a plan, a factor): it applies from `validFrom` until the next one's date. */
export interface Dated {
  validFrom: string;
}

/** The item in force on a date (items sorted by validFrom), or null before the first. */
export function inForce<T extends Dated>(items: readonly T[], date: string): T | null {
  let found: T | null = null;
  for (const item of items) {
    if (item.validFrom <= date) found = item;
    else break;
  }
  return found;
}

/** Hours [from, to) in ms that have no reading, as ranges, given the hour starts that have one. */
export function gapsOf(hourStarts: Iterable<number>, from: number, to: number, hourMs = 3_600_000) {
  const have = new Set(hourStarts);
  const gaps: { from: number; to: number }[] = [];
  for (let h = from; h < to; h += hourMs) {
    if (have.has(h)) continue;
    const last = gaps.at(-1);
    if (last && last.to === h) last.to = h + hourMs;
    else gaps.push({ from: h, to: h + hourMs });
  }
  return gaps;
}
