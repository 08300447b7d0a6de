import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import {
  SAVINGS_CHECK_LOOKBACK_DAYS,
  type EnergyQuery,
  type SavingEvidence,
  type SavingsCheck,
  type SavingsCheckBuilding,
} from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { tenantFilter, type Scope } from '../../platform/tenancy.js';
import { buildings } from '../buildings/tables.js';
import { describeDates, localTimeOf } from '../calendar/index.js';
import { devices } from '../devices/tables.js';
import { telemetryHourly } from '../telemetry/tables.js';
import { automationEvidence, savingsRange } from './board-savings.js';
import { HOUR_MS } from './periods.js';
import { ENERGY_KEYS } from './usage.js';

/*
 * The estimate checked against the meters (issue 23). For each building, the hours in which the savings rule
 * counted a saving on its devices ("automated hours") are set beside comparable hours in which it counted
 * none: the same local hour of the day, the same day type of the project's calendar (workday or not), in the
 * board's period or the SAVINGS_CHECK_LOOKBACK_DAYS before it. The metered saving of an automated hour is the
 * mean consumption of its comparable hours minus what its meters measured; summed over the automated hours
 * that have comparable ones, it stands beside the estimate of those same hours.
 */

/** One hour of one building: what its meters measured and what the rule estimated as saved in it. */
export interface CheckHour {
  /** Local hour of the day, 0-23, and whether its local date is a workday on the calendar. */
  hour: number;
  workday: boolean;
  /** Inside the board's period (else only a candidate comparable hour). */
  inPeriod: boolean;
  /** kWh the building's meters measured in the hour; null when they reported nothing in it. */
  metered: number | null;
  /** kWh the savings rule counted in the hour. */
  estimate: number;
}

export interface CheckFigures {
  estimateKwh: number;
  automatedHours: number;
  comparedHours: number;
  comparedEstimateKwh: number;
  meteredKwh: number;
  baselineKwh: number;
  meteredSavingKwh: number;
  differencePercent: number | null;
}

const kwh3 = (v: number) => Math.round(v * 1000) / 1000;

/** The comparison of one building's hours (pure; see the module comment). */
export function compareHours(hours: readonly CheckHour[]): CheckFigures {
  const comparable = new Map<string, { sum: number; n: number }>();
  const typeOf = (h: CheckHour) => `${h.workday ? 'w' : 'r'}${h.hour}`;
  for (const h of hours) {
    if (h.estimate > 0 || h.metered === null) continue;
    const entry = comparable.get(typeOf(h)) ?? { sum: 0, n: 0 };
    entry.sum += h.metered;
    entry.n += 1;
    comparable.set(typeOf(h), entry);
  }
  let estimateKwh = 0;
  let automatedHours = 0;
  let comparedHours = 0;
  let comparedEstimate = 0;
  let metered = 0;
  let baseline = 0;
  for (const h of hours) {
    if (!h.inPeriod || h.estimate <= 0) continue;
    estimateKwh += h.estimate;
    automatedHours += 1;
    const base = comparable.get(typeOf(h));
    if (h.metered === null || !base) continue;
    comparedHours += 1;
    comparedEstimate += h.estimate;
    metered += h.metered;
    baseline += base.sum / base.n;
  }
  const saving = baseline - metered;
  return {
    estimateKwh: kwh3(estimateKwh),
    automatedHours,
    comparedHours,
    comparedEstimateKwh: kwh3(comparedEstimate),
    meteredKwh: kwh3(metered),
    baselineKwh: kwh3(baseline),
    meteredSavingKwh: kwh3(saving),
    differencePercent:
      comparedHours > 0 && saving > 0
        ? Math.round(((comparedEstimate - saving) / saving) * 1000) / 10 || 0
        : null,
  };
}

/**
 * Adds each saving's kWh to the hours it lasted in (by overlap, at its saved watts times its baseline's
 * share: what the device would otherwise have drawn), keyed by the hour's start (ms).
 */
export function spreadByHour(
  savings: readonly (Pick<SavingEvidence, 'afterAt' | 'endAt' | 'savedWatts'> & {
    baseline?: Pick<SavingEvidence['baseline'], 'share'>;
  })[],
  range: { from: Date; to: Date },
): Map<number, number> {
  const out = new Map<number, number>();
  for (const s of savings) {
    const start = Math.max(Date.parse(s.afterAt), range.from.getTime());
    const end = Math.min(s.endAt === null ? range.to.getTime() : Date.parse(s.endAt), range.to.getTime());
    for (let hour = Math.floor(start / HOUR_MS) * HOUR_MS; hour < end; hour += HOUR_MS) {
      const overlap = Math.min(end, hour + HOUR_MS) - Math.max(start, hour);
      if (overlap <= 0) continue;
      const watts = s.savedWatts * Math.min(1, s.baseline?.share ?? 1);
      out.set(hour, (out.get(hour) ?? 0) + (watts * overlap) / HOUR_MS / 1000);
    }
  }
  return out;
}

/**
 * GET /sbuilding/board/energy/savings/check: for each building of the project (the board's building when
 * chosen), the savings of its devices in the board's period beside what its meters measured, from the hourly
 * rollups (whole hours that have ended). Another tenant's or project's building 404s.
 */
export async function savingsCheck(
  db: Db,
  scope: Scope,
  query: EnergyQuery,
  now = Date.now(),
): Promise<SavingsCheck> {
  const { zone, from, to } = await savingsRange(db, scope, query, now);
  const compareFrom = new Date(from.getTime() - SAVINGS_CHECK_LOOKBACK_DAYS * 24 * HOUR_MS);
  const window = { from: compareFrom, to };
  const firstHour = Math.floor(compareFrom.getTime() / HOUR_MS) * HOUR_MS;
  // Only hours that have ended: the current one's rollup is still growing.
  const endHour = Math.floor(to.getTime() / HOUR_MS) * HOUR_MS;

  const [buildingRows, meterRows, found] = await Promise.all([
    db
      .select({ id: buildings.id, name: buildings.name })
      .from(buildings)
      .where(
        and(
          tenantFilter(scope, buildings.tenantId),
          eq(buildings.projectId, query.projectId),
          query.buildingId === undefined ? undefined : eq(buildings.id, query.buildingId),
        ),
      )
      .orderBy(buildings.id),
    db
      .select({ id: devices.id, buildingId: devices.buildingId })
      .from(devices)
      .where(
        and(
          tenantFilter(scope, devices.tenantId),
          eq(devices.projectId, query.projectId),
          eq(devices.category, 'ammeter'),
          query.buildingId === undefined ? undefined : eq(devices.buildingId, query.buildingId),
        ),
      ),
    automationEvidence(db, scope, query.projectId, window, query.buildingId),
  ]);

  // What the meters measured, by building and hour.
  const metered = new Map<number, Map<number, number>>();
  if (meterRows.length > 0 && endHour > firstHour) {
    const rows = await db
      .select({
        buildingId: devices.buildingId,
        bucket: telemetryHourly.bucket,
        delta: sql<number>`sum(${telemetryHourly.delta})`.mapWith(Number),
      })
      .from(telemetryHourly)
      .innerJoin(devices, eq(devices.id, telemetryHourly.deviceId))
      .where(
        and(
          inArray(
            telemetryHourly.deviceId,
            meterRows.map((m) => m.id),
          ),
          inArray(telemetryHourly.key, ENERGY_KEYS),
          gte(telemetryHourly.bucket, new Date(firstHour)),
          lt(telemetryHourly.bucket, new Date(endHour)),
        ),
      )
      .groupBy(devices.buildingId, telemetryHourly.bucket);
    for (const row of rows) {
      const byHour = metered.get(row.buildingId) ?? new Map<number, number>();
      byHour.set(row.bucket.getTime(), row.delta);
      metered.set(row.buildingId, byHour);
    }
  }

  // The savings by building (of the device) and hour.
  const all = [...found.scenes, ...found.noonNaps, ...found.acAutomations];
  const deviceIds = [...new Set(all.map((s) => s.deviceId))];
  const placed =
    deviceIds.length === 0
      ? []
      : await db
          .select({ id: devices.id, buildingId: devices.buildingId })
          .from(devices)
          .where(and(tenantFilter(scope, devices.tenantId), inArray(devices.id, deviceIds)));
  const buildingOf = new Map(placed.map((d) => [d.id, d.buildingId]));
  const estimated = new Map<number, Map<number, number>>();
  for (const b of buildingRows) {
    const own = all.filter((s) => buildingOf.get(s.deviceId) === b.id);
    estimated.set(b.id, spreadByHour(own, window));
  }

  // Each hour's local hour and day type.
  const hours: { start: number; hour: number; date: string }[] = [];
  for (let start = firstHour; start < endHour; start += HOUR_MS) {
    const local = localTimeOf(new Date(start), zone);
    hours.push({ start, hour: Math.floor(local.minutes / 60), date: local.date });
  }
  const dates = [...new Set(hours.map((h) => h.date))];
  const days = await describeDates(db, scope, query.projectId, dates);
  const workday = new Map(days.map((d) => [d.date, d.workday]));

  const out: SavingsCheckBuilding[] = buildingRows.map((b) => {
    const byHour = metered.get(b.id);
    const saved = estimated.get(b.id);
    const figures = compareHours(
      hours.map((h) => ({
        hour: h.hour,
        workday: workday.get(h.date) ?? false,
        inPeriod: h.start >= from.getTime(),
        metered: byHour?.get(h.start) ?? null,
        estimate: saved?.get(h.start) ?? 0,
      })),
    );
    return { buildingId: b.id, name: b.name, ...figures };
  });
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    compareFrom: compareFrom.toISOString(),
    buildings: out,
  };
}
