/**
 * Peak demand of places over a range (issue 22): the energy board's scope, buildings and floors, and the
 * portfolio's projects and buildings. A place's peak is the highest 15-minute average kW of its channels'
 * quarter hours added (demand.ts splits and stores them), so it is not the sum of its channels' peaks.
 */
import { sql } from 'drizzle-orm';
import type { DemandPeakFigure, EnergyDemand, EnergyQuery } from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import type { Scope } from '../../platform/tenancy.js';
import { addDays, energyPlaces, localClock, localDate, localMidnight } from '../energy/index.js';
import { ensureDemand, QUARTER_MS } from './demand.js';
import { energyDemandQuarters } from './tables.js';
import { rowsOf } from '../../platform/db/rows.js';

/** A place to find the peak of: its key, its channels, the range [fromMs, toMs). */
export interface DemandPlace {
  key: string;
  deviceIds: readonly number[];
  fromMs: number;
  toMs: number;
}

/** At most this many (channel, day) pairs are split in one statement (its parameters stay few). */
const SPLIT_BATCH = 4_000;

/**
 * Makes sure the channels' local days from `from` to `to` (up to now) are split into quarter hours
 * (demand.ts `ensureDemand`), in batches of channels so a year of many channels stays within a statement's
 * parameters.
 */
export async function ensureDemandDays(
  db: Db,
  zone: string,
  deviceIds: readonly number[],
  from: string,
  to: string,
  now: number,
): Promise<void> {
  const today = localDate(now, zone);
  const last = to < today ? to : today;
  if (deviceIds.length === 0 || last < from) return;
  const days =
    Math.round((Date.parse(`${last}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
  const per = Math.max(1, Math.floor(SPLIT_BATCH / days));
  for (let i = 0; i < deviceIds.length; i += per)
    await ensureDemand(db, zone, deviceIds.slice(i, i + per), from, last, now);
}

/**
 * Each place's peak from the stored quarter hours, in one query: the quarters of its channels in its range
 * added per quarter, the highest (ties: the earlier quarter). Absent: no quarter stored.
 */
export async function placePeaks(
  db: Db,
  places: readonly DemandPlace[],
): Promise<Map<string, { kw: number; at: number }>> {
  const out = new Map<string, { kw: number; at: number }>();
  const pairs = places.flatMap((p) =>
    p.toMs > p.fromMs
      ? p.deviceIds.map((id) => ({ k: p.key, d: id, f: p.fromMs / 1000, t: p.toMs / 1000 }))
      : [],
  );
  if (pairs.length === 0) return out;
  const q = energyDemandQuarters;
  const ids = [...new Set(pairs.map((p) => p.d))];
  const result = await db.execute(sql`
    with g as (select * from json_to_recordset(${JSON.stringify(pairs)}::json) as x(k text, d int, f float8, t float8)),
    quarters as (
      select g.k, ${q.quarter} as quarter, sum(${q.kwh}) as kwh
      from ${q} join g on g.d = ${q.deviceId}
        and ${q.quarter} >= to_timestamp(g.f) and ${q.quarter} < to_timestamp(g.t)
      where ${q.deviceId} in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})
      group by g.k, ${q.quarter}
    )
    select distinct on (k) k, extract(epoch from quarter)::float8 as quarter, kwh::float8 as kwh
    from quarters order by k, kwh desc, quarter`);
  for (const row of rowsOf(result)) {
    // Rounded to the watt, as demand.ts's peaks are.
    const kw = Math.round(Number(row.kwh) * 4 * 1000) / 1000;
    out.set(String(row.k), { kw, at: Number(row.quarter) * 1000 });
  }
  return out;
}

/** The range of a period's local dates up to now (whole quarter hours): [start, end) in ms. */
export function demandSpan(from: string, to: string, zone: string, now: number) {
  const start = localMidnight(from, zone);
  const end = Math.min(localMidnight(addDays(to, 1), zone), Math.floor(now / QUARTER_MS) * QUARTER_MS);
  return { start, end: Math.max(start, end) };
}

/** A peak as the console shows it: kW and the quarter hour's local start. */
export function peakFigure(
  peak: { kw: number; at: number } | undefined,
  zone: string,
): DemandPeakFigure | null {
  return peak ? { kw: peak.kw, at: `${localDate(peak.at, zone)} ${localClock(peak.at, zone)}` } : null;
}

/**
 * GET /sbuilding/board/energy/demand: the energy board's period's peak demand of its scope (the project or
 * the chosen building), of each building and each floor, placed as the board places meters.
 */
export async function energyDemand(
  db: Db,
  scope: Scope,
  query: EnergyQuery,
  now = Date.now(),
): Promise<EnergyDemand> {
  const board = await energyPlaces(db, scope, query, now);
  const zone = board.timeZone;
  const channels = board.meters.flatMap((m) =>
    m.channels.map((c) => ({ deviceId: c.deviceId, buildingId: m.buildingId, floorId: m.floorId })),
  );
  const ids = channels.map((c) => c.deviceId);
  await ensureDemandDays(db, zone, ids, board.current.from, board.current.to, now);
  const { start, end } = demandSpan(board.current.from, board.current.to, zone, now);
  const group = new Map<string, number[]>([['all', ids]]);
  for (const c of channels) {
    for (const key of [`b${c.buildingId}`, `f${c.buildingId}|${c.floorId ?? ''}`])
      group.set(key, [...(group.get(key) ?? []), c.deviceId]);
  }
  const peaks = await placePeaks(
    db,
    [...group].map(([key, deviceIds]) => ({ key, deviceIds, fromMs: start, toMs: end })),
  );
  const buildings = [...new Set(channels.map((c) => c.buildingId))];
  const floors = [...new Map(channels.map((c) => [`${c.buildingId}|${c.floorId ?? ''}`, c])).values()];
  return {
    projectId: board.projectId,
    current: board.current,
    peak: peakFigure(peaks.get('all'), zone),
    buildings: buildings.map((buildingId) => ({
      buildingId,
      peak: peakFigure(peaks.get(`b${buildingId}`), zone),
    })),
    floors: floors.map((f) => ({
      buildingId: f.buildingId,
      floorId: f.floorId,
      peak: peakFigure(peaks.get(`f${f.buildingId}|${f.floorId ?? ''}`), zone),
    })),
  };
}
