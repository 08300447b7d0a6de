import { setTimeout as pause } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import { devices } from '../devices/tables.js';
import { ENERGY_KEYS, localDate } from '../energy/index.js';
import { projects } from '../projects/tables.js';
import { firstOfMonth } from './price-channels.js';
import { keepMonths, keptMonths, nextMonth, wholeMonths } from './month-sums.js';
import { daySplits, splitStale, staleDays, type DaySplit, type StaleDay } from './profiles.js';
import { pricingOf } from './tariffs.js';
import { rowsOf } from '../../platform/db/rows.js';

/*
 * The split warmer (issue 22, speed): splits the channel-days the cost, the bills and the meter tree would
 * otherwise split on their first call, and keeps the whole past months' sums, in the background, so a
 * period's first call reads stored splits as the later ones do.
 */

export interface WarmerSettings {
  /** How often a pass looks for channel-days with rollups but no current split (late readings, today). */
  intervalMs: number;
  /**
   * The rest after each channel-month split and each month kept, so requests (and, on PGlite, their statements)
   * go first; between two checks (one statement each) the warmer only yields.
   */
  pauseMs: number;
  /** Channels checked together in one statement (a month of theirs). */
  channelsPerCheck: number;
}

export const DEFAULT_WARMER_SETTINGS: WarmerSettings = {
  intervalMs: 15 * 60_000,
  pauseMs: 20,
  channelsPerCheck: 48,
};

/** pg_try_advisory_xact_lock(WARM_LOCK, channel): two nodes do not split one channel at once. */
const WARM_LOCK = 727_022;

interface ProjectChannels {
  projectId: number;
  timeZone: string;
  ids: number[];
}

/** Every project's meter channels (what the board prices is a subset of them). */
async function meterChannelsByProject(db: Db): Promise<ProjectChannels[]> {
  const rows = await db
    .select({ id: devices.id, projectId: projects.id, timeZone: projects.timeZone })
    .from(devices)
    .innerJoin(projects, eq(projects.id, devices.projectId))
    .where(eq(devices.category, 'ammeter'))
    .orderBy(projects.id, devices.id);
  const out = new Map<number, ProjectChannels>();
  for (const row of rows) {
    let project = out.get(row.projectId);
    if (!project) out.set(row.projectId, (project = { ...row, ids: [] }));
    project.ids.push(row.id);
  }
  return [...out.values()];
}

/** The channels' first day with daily energy rollups (one primary-key probe per channel and key), or null. */
async function firstRollupDay(db: Db, ids: readonly number[]): Promise<string | null> {
  const channels = sql.join(
    ids.map((id) => sql`(${id}::int)`),
    sql`, `,
  );
  const keys = sql.join(
    ENERGY_KEYS.map((k) => sql`(${k})`),
    sql`, `,
  );
  const [row] = rowsOf(
    await db.execute(sql`
      select to_char(min(f.day), 'YYYY-MM-DD') as "day"
      from (values ${channels}) as d(id) cross join (values ${keys}) as k(key)
      cross join lateral (
        select day from telemetry_daily where device_id = d.id and key = k.key order by day limit 1
      ) as f`),
  );
  return typeof row?.day === 'string' ? row.day : null;
}

function prevMonth(month: string): string {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return m === 1 ? `${y - 1}-12-01` : `${y}-${String(m - 1).padStart(2, '0')}-01`;
}

/**
 * Warms the stored day splits (`energy_day_periods`) and whole past months' sums (`energy_month_periods`)
 * of every project's meter channels. One per node (`app.splitWarmer`), started by main.ts once start-up
 * and the first start's history are done, stopped when the app closes.
 *
 * A pass goes project by project, month by month from the newest (the months users ask first), in groups
 * of `channelsPerCheck` channels: a whole past month whose kept sums still hold (`keptMonths`) is skipped
 * in one statement; otherwise its stale channel-days are found in one statement (`staleDays`) and split one
 * channel-month per step (`splitStale`), then its sums are kept, resting `pauseMs` after each write. Every
 * statement reads or writes at most a month of a group's rows, so none holds PGlite (the server's thread)
 * for more than a few milliseconds. It runs at start, every `intervalMs` (late readings, today's rollups,
 * calendar changes) and when woken (`wake`: a tariff or emission factor written).
 *
 * In a cluster every node runs one; the work is idempotent (each step upserts what the splits are) and,
 * on PostgreSQL, a channel is split under a transaction-level advisory try-lock: a node finding a channel
 * taken skips it and does not keep that month's sums (the other node's split may still be under way), so
 * two nodes share a first warming rather than both doing it. What each node repeats is the checking, one
 * statement per month and group: a warm pass is cheap.
 */
export class SplitWarmer {
  private settings: WarmerSettings = DEFAULT_WARMER_SETTINGS;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private started = false;
  private stopped = false;
  private readonly halt = new AbortController();
  /** What the running pass split and kept (its log line). */
  private done = { channelDays: 0, channelMonths: 0 };

  constructor(
    private readonly db: () => Db,
    private readonly kind: () => 'pglite' | 'postgres' | undefined,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Starts the passes: one now, then every `intervalMs`. Once; not after `stop`. */
  start(settings: Partial<WarmerSettings> = {}): void {
    if (this.started || this.stopped) return;
    this.started = true;
    this.settings = { ...DEFAULT_WARMER_SETTINGS, ...settings };
    this.timer = setInterval(() => this.wake(), this.settings.intervalMs);
    this.timer.unref();
    this.wake();
  }

  /** Asks for a pass (after the running one, when one runs); nothing before `start` or after `stop`. */
  wake(): void {
    if (!this.started || this.stopped) return;
    this.again = true;
    this.running ??= this.loop();
  }

  /** Resolves when no pass runs or is asked for. */
  idle(): Promise<void> {
    return this.running ?? Promise.resolve();
  }

  /** Stops between two steps (the step under way finishes) and resolves when the pass has ended. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.halt.abort();
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  private async loop(): Promise<void> {
    try {
      while (this.again && !this.stopped) {
        this.again = false;
        try {
          await this.pass();
        } catch (error) {
          if (!this.stopped) this.log.error({ err: error }, 'energy: warming the tariff splits');
        }
      }
    } finally {
      this.running = null;
    }
  }

  /** Lets what else the process has to do go first (between two checks); false once stopped. */
  private async yielded(): Promise<boolean> {
    if (this.stopped) return false;
    await new Promise<void>((resolve) => setImmediate(resolve));
    return !this.stopped;
  }

  /** Rests `pauseMs` after a step that wrote (a channel-month split, a month kept); false once stopped. */
  private async rested(): Promise<boolean> {
    if (this.stopped) return false;
    try {
      await pause(this.settings.pauseMs, undefined, { signal: this.halt.signal });
    } catch {
      return false;
    }
    return !this.stopped;
  }

  private async pass(): Promise<void> {
    const started = performance.now();
    this.done = { channelDays: 0, channelMonths: 0 };
    for (const project of await meterChannelsByProject(this.db())) {
      if (!(await this.yielded())) return;
      await this.warmProject(project);
    }
    if (this.done.channelDays + this.done.channelMonths > 0)
      this.log.info(
        { ...this.done, ms: Math.round(performance.now() - started) },
        'energy: tariff splits warmed',
      );
  }

  private async warmProject({ projectId, timeZone, ids }: ProjectChannels): Promise<void> {
    const db = this.db();
    const first = await firstRollupDay(db, ids);
    if (first === null) return;
    const today = localDate(this.clock.now().getTime(), timeZone);
    // From the January of the year before the first rollup: a YEAR call over any year with data, and the
    // year it is compared with, finds every one of its whole months kept (empty ones too).
    const from = `${Number(first.slice(0, 4)) - 1}-01-01`;
    const { tariffs, factors } = await pricingOf(db, projectId);
    const splits = await daySplits(db, projectId, tariffs, from, today);
    const whole = new Map(wholeMonths(from, today, today, splits, tariffs, factors).map((m) => [m.month, m]));
    for (let month = firstOfMonth(today); month >= from; month = prevMonth(month)) {
      const end = nextMonth(month);
      const days = splits.filter((s) => s.date >= month && s.date < end);
      const kept = whole.get(month);
      for (let i = 0; i < ids.length; i += this.settings.channelsPerCheck) {
        const group = ids.slice(i, i + this.settings.channelsPerCheck);
        if (!(await this.yielded())) return;
        if (kept && (await keptMonths(db, group, [kept])).has(month)) continue;
        const stale = await staleDays(db, group, days);
        let complete = true;
        for (const channel of group) {
          const own = stale.filter((s) => s.deviceId === channel);
          if (own.length === 0) continue;
          const split = await this.split(db, timeZone, channel, own, days);
          if (split) this.done.channelDays += own.length;
          complete = split && complete;
          if (!(await this.rested())) return;
        }
        if (kept && complete) {
          await keepMonths(db, group, [kept]);
          this.done.channelMonths += group.length;
          if (!(await this.rested())) return;
        }
      }
    }
  }

  /** One channel-month; false when another node holds the channel (PostgreSQL). */
  private async split(
    db: Db,
    zone: string,
    channel: number,
    stale: readonly StaleDay[],
    days: readonly DaySplit[],
  ): Promise<boolean> {
    if (this.kind() !== 'postgres') {
      await splitStale(db, zone, stale, days);
      return true;
    }
    return db.transaction(async (tx) => {
      const [lock] = rowsOf(
        await tx.execute(sql`select pg_try_advisory_xact_lock(${WARM_LOCK}::int, ${channel}::int) as "ok"`),
      );
      if (lock?.ok !== true) return false;
      await splitStale(tx, zone, stale, days);
      return true;
    });
  }
}
