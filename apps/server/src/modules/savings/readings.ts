import { sql } from 'drizzle-orm';
import type { PowerState } from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { rowsOf } from '../../platform/db/rows.js';

/*
 * What devices reported, read from telemetry_raw for the savings rule (changes.ts) and its baseline
 * (baseline.ts): batched index probes of its primary key, one statement per LOOKUP_BATCH probes.
 */

/**
 * Whether a command can lower a device's draw, so its run is worth reading the reports around: switching
 * off, brightness, mode, setpoint and fan speed can; switching on, colour temperature and reboots cannot
 * (left out so that busy 'lights on' scenes cost nothing here).
 */
export function mayLowerDraw(command: { method: string; params: Record<string, unknown> }): boolean {
  if (command.method === 'setOnOff') return command.params.onOff === false;
  return ['setBrightness', 'setWorkMode', 'setTargetTemp', 'setFanSpeed'].includes(command.method);
}

/** The keys whose change is a change of the device's state (a person's or an automation's), by category. */
export const CONTROL_KEYS: Record<string, (keyof PowerState)[]> = {
  light: ['onOff', 'lightnessLevel'],
  ac: ['onOff', 'workMode', 'fanSpeed', 'targetTemp'],
};
/** Keys read for the draw before the command that are not changes of state (the room drifts). */
export const CONTEXT_KEYS: Record<string, (keyof PowerState)[]> = { ac: ['roomTemp'] };

const TEXT_KEYS = new Set<keyof PowerState>(['workMode', 'fanSpeed']);

export const emptyState = (): PowerState => ({
  onOff: null,
  lightnessLevel: null,
  workMode: null,
  fanSpeed: null,
  targetTemp: null,
  roomTemp: null,
});

/** A stored reading (telemetry_raw's num or txt) as the state's value. */
export function valueOf(
  key: keyof PowerState,
  num: number | null,
  txt: string | null,
): PowerState[keyof PowerState] {
  if (TEXT_KEYS.has(key)) return txt;
  if (num === null) return null;
  return key === 'onOff' ? num !== 0 : num;
}

/** Event-key rows looked up per statement. */
export const LOOKUP_BATCH = 500;

export interface Probe {
  i: number;
  d: number;
  k: string;
  t: number;
  u?: number;
  vn?: number | null;
  vt?: string | null;
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const txt = (v: unknown) => (typeof v === 'string' ? v : null);

/** For each probe, the last reading of its key at or before `t`. */
export async function lastBefore(db: Db, probes: Probe[]) {
  const out = new Map<string, { num: number | null; txt: string | null }>();
  for (let i = 0; i < probes.length; i += LOOKUP_BATCH) {
    const batch = probes.slice(i, i + LOOKUP_BATCH).map(({ i: n, d, k, t }) => ({ i: n, d, k, t }));
    const result = await db.execute(sql`
      select e.i as "i", e.k as "k", b.num as "num", b.txt as "txt"
      from json_to_recordset(${JSON.stringify(batch)}::json) as e(i int, d int, k text, t float8)
      join lateral (select r.num, r.txt from telemetry_raw r
        where r.device_id = e.d and r.key = e.k and r.ts <= to_timestamp(e.t / 1000.0)
        order by r.ts desc limit 1) b on true`);
    for (const row of rowsOf(result)) {
      out.set(`${Number(row.i)}:${String(row.k)}`, { num: num(row.num), txt: txt(row.txt) });
    }
  }
  return out;
}

/** For each probe, the first reading of its key in (t, u] whose value differs from (vn, vt). */
export async function firstDifferent(db: Db, probes: Probe[]) {
  const out = new Map<string, { ts: Date; num: number | null; txt: string | null }>();
  for (let i = 0; i < probes.length; i += LOOKUP_BATCH) {
    const batch = probes.slice(i, i + LOOKUP_BATCH);
    const result = await db.execute(sql`
      select e.i as "i", e.k as "k", extract(epoch from c.ts) * 1000 as "ts", c.num as "num", c.txt as "txt"
      from json_to_recordset(${JSON.stringify(batch)}::json)
        as e(i int, d int, k text, t float8, u float8, vn float8, vt text)
      join lateral (select r.ts, r.num, r.txt from telemetry_raw r
        where r.device_id = e.d and r.key = e.k
          and r.ts > to_timestamp(e.t / 1000.0) and r.ts <= to_timestamp(e.u / 1000.0)
          and (r.num is distinct from e.vn or r.txt is distinct from e.vt)
        order by r.ts limit 1) c on true`);
    for (const row of rowsOf(result)) {
      out.set(`${Number(row.i)}:${String(row.k)}`, {
        ts: new Date(Number(row.ts)),
        num: num(row.num),
        txt: txt(row.txt),
      });
    }
  }
  return out;
}

export const stored = (key: keyof PowerState, v: PowerState[keyof PowerState]) =>
  TEXT_KEYS.has(key)
    ? { vn: null, vt: typeof v === 'string' ? v : null }
    : { vn: typeof v === 'boolean' ? Number(v) : typeof v === 'number' ? v : null, vt: null };

/**
 * For each probe, the readings of its key in (t, u) that changed its value (the first one in the window
 * too), oldest first: a device's timeline over the window without its unchanged periodic reports.
 */
export async function changePoints(db: Db, probes: Probe[]) {
  const out = new Map<number, { k: string; ts: number; num: number | null; txt: string | null }[]>();
  for (let i = 0; i < probes.length; i += LOOKUP_BATCH) {
    const batch = probes.slice(i, i + LOOKUP_BATCH).map(({ i: n, d, k, t, u }) => ({ i: n, d, k, t, u }));
    const result = await db.execute(sql`
      select e.i as "i", e.k as "k", extract(epoch from c.ts) * 1000 as "ts", c.num as "num", c.txt as "txt"
      from json_to_recordset(${JSON.stringify(batch)}::json) as e(i int, d int, k text, t float8, u float8)
      join lateral (select r.ts, r.num, r.txt,
          lag(r.num) over w as pn, lag(r.txt) over w as pt, row_number() over w as rn
        from telemetry_raw r
        where r.device_id = e.d and r.key = e.k
          and r.ts > to_timestamp(e.t / 1000.0) and r.ts < to_timestamp(e.u / 1000.0)
        window w as (order by r.ts)) c
        on c.rn = 1 or c.num is distinct from c.pn or c.txt is distinct from c.pt
      order by e.i, c.ts`);
    for (const row of rowsOf(result)) {
      const probe = Number(row.i);
      const list = out.get(probe) ?? [];
      list.push({ k: String(row.k), ts: Number(row.ts), num: num(row.num), txt: txt(row.txt) });
      out.set(probe, list);
    }
  }
  return out;
}
