import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { REPORT_RUN_ATTEMPTS } from '@sbuilding/shared';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import { Rounds } from '../../platform/rounds.js';
import { notificationChannels } from '../notifications/tables.js';
import { projects } from '../projects/tables.js';
import { errorText, sendEmail, sendWebhook, type Delivery, type Made, type ScheduleRow } from './deliver.js';
import { makeRun } from './make.js';
import { nextRunAfter, periodOfRun, periodRange } from './schedule-time.js';
import { energyReportRuns, energyReportSchedules, energyReportSends } from './tables.js';

export interface RunnerSettings {
  /** How often the schedules are checked for a due run. */
  pollMs: number;
  /** How long one webhook call or SMTP step may take. */
  timeoutMs: number;
  /**
   * How long a claimed run stays the claiming node's without news (renewed before each channel): far longer
   * than making the report and one channel's send take, so only a node that stopped loses it.
   */
  leaseMs: number;
  /** How many claims (the first and the retries) a run gets before it is given up. */
  attempts: number;
}

export const DEFAULT_RUNNER_SETTINGS: RunnerSettings = {
  pollMs: 60_000,
  timeoutMs: 15_000,
  leaseMs: 600_000,
  attempts: REPORT_RUN_ATTEMPTS,
};

type RunRow = typeof energyReportRuns.$inferSelect;
const r = energyReportRuns;

/**
 * Sends the report schedules when they fall due, on the app's clock. Every node runs one. A run is claimed by
 * moving the schedule's `next_run_at` to the following run in one conditional update (`where id = … and
 * next_run_at = <the due time>`), in the transaction that writes its run row (`energy_report_runs`) with the
 * node's lease (`claimed_until`): the database lets exactly one node's update match, and only that node sends.
 * The run is `done` once every channel's send is recorded in the history. A node that dies mid-send leaves it
 * `running`; when the lease has run out, the next round of any node claims it again (`… where attempts = <what
 * it read>`: one node wins) and sends the channels not yet recorded, so a channel that was sent is not sent
 * again. After `attempts` claims the run is given up: `failed` with the reason, and each unsent channel in the
 * history as given up. A node that stalls past its lease (beyond every timeout) may overlap the retry of one
 * channel: renewing the lease before each channel stops it at the next one, and the history records a channel
 * once.
 */
export class ReportRunner {
  readonly settings: RunnerSettings;
  private readonly rounds: Rounds;
  /** Ends the calls in flight when the runner stops (what it had not recorded is sent by the retry). */
  private readonly halt = new AbortController();

  constructor(
    private readonly db: () => Db,
    private readonly clock: Clock,
    ready: () => boolean,
    private readonly publicUrl: string,
    private readonly log: FastifyBaseLogger,
    settings: Partial<RunnerSettings> = {},
  ) {
    this.settings = { ...DEFAULT_RUNNER_SETTINGS, ...settings };
    this.rounds = new Rounds(() => this.round(), {
      everyMs: this.settings.pollMs,
      ready,
      log,
      name: 'energy reports: round',
      roundAtStart: true,
    });
  }

  start(): void {
    this.rounds.start();
  }

  async stop(): Promise<void> {
    this.halt.abort();
    await this.rounds.stop();
  }

  /**
   * One round: takes over the runs whose lease ran out, then claims and sends every due run (resolves when
   * they are sent; rounds never overlap).
   */
  tick(): Promise<void> {
    return this.rounds.tick();
  }

  private async round(): Promise<void> {
    const db = this.db();
    await this.resume(db);
    const now = this.clock.now().getTime();
    const s = energyReportSchedules;
    const due = await db
      .select({ schedule: s, timeZone: projects.timeZone })
      .from(s)
      .innerJoin(projects, eq(projects.id, s.projectId))
      .where(and(eq(s.enabled, true), lte(s.nextRunAt, new Date(now))))
      .orderBy(s.nextRunAt)
      .limit(50);
    for (const { schedule, timeZone } of due) {
      if (this.rounds.stopped) return;
      const runAt = schedule.nextRunAt.getTime();
      // The following run counts from the later of this one and now: a run missed while every node was down
      // is sent once, not once per missed period.
      const next = nextRunAfter(schedule.frequency, schedule.hour, timeZone, Math.max(runAt, now));
      const run = await db.transaction(async (tx) => {
        const [claimed] = await tx
          .update(s)
          .set({ nextRunAt: new Date(next), lastRunAt: new Date(now) })
          .where(and(eq(s.id, schedule.id), eq(s.nextRunAt, schedule.nextRunAt)))
          .returning({ id: s.id });
        if (!claimed) return null; // another node took it
        const [row] = await tx
          .insert(r)
          .values({
            tenantId: schedule.tenantId,
            projectId: schedule.projectId,
            scheduleId: schedule.id,
            runAt: schedule.nextRunAt,
            frequency: schedule.frequency,
            channelIds: schedule.channelIds,
            claimedUntil: new Date(this.clock.now().getTime() + this.settings.leaseMs),
            createdAt: new Date(now),
          })
          .onConflictDoNothing()
          .returning();
        return row ?? null;
      });
      if (run) await this.send(schedule, timeZone, run);
    }
  }

  /** The runs whose node's lease ran out before they were done: claimed again (one node wins), or given up. */
  private async resume(db: Db): Promise<void> {
    const now = this.clock.now().getTime();
    const stale = await db
      .select({ run: r, schedule: energyReportSchedules, timeZone: projects.timeZone })
      .from(r)
      .innerJoin(energyReportSchedules, eq(energyReportSchedules.id, r.scheduleId))
      .innerJoin(projects, eq(projects.id, r.projectId))
      .where(and(eq(r.status, 'running'), lte(r.claimedUntil, new Date(now))))
      .orderBy(asc(r.claimedUntil))
      .limit(50);
    for (const { run, schedule, timeZone } of stale) {
      if (this.rounds.stopped) return;
      if (run.attempts >= this.settings.attempts) {
        await this.giveUp(db, run, timeZone);
        continue;
      }
      const [mine] = await db
        .update(r)
        .set({ attempts: run.attempts + 1, claimedUntil: new Date(now + this.settings.leaseMs) })
        .where(and(eq(r.id, run.id), eq(r.status, 'running'), eq(r.attempts, run.attempts)))
        .returning();
      if (!mine) continue; // another node took it over
      this.log.warn(
        { schedule: schedule.id, run: run.id, attempt: mine.attempts },
        'energy reports: taking over a run its node did not complete',
      );
      await this.send(schedule, timeZone, mine);
    }
  }

  /** Records a run as failed and each channel it never sent as given up (one node does, as with a claim). */
  private async giveUp(db: Db, run: RunRow, zone: string): Promise<void> {
    const now = this.clock.now();
    const reason = `not completed in ${run.attempts} attempts: the node sending it stopped each time`;
    const { from, to } = periodRange(run.frequency, run.runAt.getTime(), zone);
    const failed = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(r)
        .set({ status: 'failed', error: reason, finishedAt: now })
        .where(and(eq(r.id, run.id), eq(r.status, 'running'), eq(r.attempts, run.attempts)))
        .returning({ id: r.id });
      if (!row) return false;
      const recorded = await recordedChannels(tx, run.id);
      const channels = (await channelsOf(tx, run, run.channelIds)).filter((c) => !recorded.has(c.id));
      if (channels.length > 0) {
        await tx.insert(energyReportSends).values(
          channels.map((channel) => ({
            tenantId: run.tenantId,
            projectId: run.projectId,
            scheduleId: run.scheduleId,
            channelId: channel.id,
            channelName: channel.name,
            channelKind: channel.kind,
            periodFrom: from,
            periodTo: to,
            ok: false,
            error: reason,
            runId: run.id,
            gaveUp: true,
            sentAt: now,
          })),
        );
      }
      return true;
    });
    if (failed) this.log.error({ schedule: run.scheduleId, run: run.id }, `energy reports: run ${reason}`);
  }

  /** "Send now": the period that ended last, to every channel of the schedule, recorded as manual. */
  async sendNow(schedule: ScheduleRow): Promise<void> {
    const db = this.db();
    const [project] = await db
      .select({ timeZone: projects.timeZone })
      .from(projects)
      .where(eq(projects.id, schedule.projectId));
    await this.send(schedule, project?.timeZone ?? 'Asia/Shanghai', null);
  }

  /**
   * Sends a claimed run (the channels its history does not hold yet) and marks it done, or, without a run,
   * "send now". Returns early, recording nothing more, when the runner stops or another node took the run over.
   */
  private async send(schedule: ScheduleRow, zone: string, run: RunRow | null): Promise<void> {
    const db = this.db();
    const runAt = run ? run.runAt.getTime() : this.clock.now().getTime();
    const recorded = run ? await recordedChannels(db, run.id) : new Set<number>();
    const channels = (await channelsOf(db, schedule, run?.channelIds ?? schedule.channelIds)).filter(
      (c) => !recorded.has(c.id),
    );
    const { period, anchor, month } = periodOfRun(run?.frequency ?? schedule.frequency, runAt, zone);
    let made: Made | null = null;
    let failure = '';
    if (channels.length > 0) {
      try {
        const withLinks = channels.some((c) => c.kind === 'webhook');
        const now = this.clock.now().getTime();
        made = await makeRun(db, schedule, { period, anchor, month, withLinks }, now, this.publicUrl);
      } catch (error) {
        failure = errorText(error);
        this.log.error({ err: error, schedule: schedule.id }, 'energy reports: making the report');
      }
    }
    const [projectRow] = await db
      .select({ name: projects.projectName })
      .from(projects)
      .where(eq(projects.id, schedule.projectId));
    const projectName = projectRow?.name ?? '';
    for (const channel of channels) {
      if (run && (this.rounds.stopped || !(await this.renew(db, run)))) return;
      let error = failure;
      if (made && !channel.enabled) error = 'channel disabled';
      else if (made) {
        const how: Delivery = {
          db,
          timeoutMs: this.settings.timeoutMs,
          stop: this.halt.signal,
          now: this.clock.now(),
        };
        error =
          channel.kind === 'email'
            ? await sendEmail(how, channel, schedule, projectName, made)
            : await sendWebhook(how, channel, schedule, projectName, made);
      }
      // Stopped mid-send: a scheduled run's channel stays unrecorded, so the node that takes the run over sends it.
      if (run && error !== '' && this.halt.signal.aborted) return;
      await db
        .insert(energyReportSends)
        .values({
          tenantId: schedule.tenantId,
          projectId: schedule.projectId,
          scheduleId: schedule.id,
          channelId: channel.id,
          channelName: channel.name,
          channelKind: channel.kind,
          periodFrom: made?.period.from ?? anchor,
          periodTo: made?.period.to ?? anchor,
          manual: run === null,
          ok: error === '',
          error,
          runId: run?.id ?? null,
          sentAt: this.clock.now(),
        })
        .onConflictDoNothing();
    }
    if (run) {
      await db
        .update(r)
        .set({ status: 'done', finishedAt: this.clock.now() })
        .where(and(eq(r.id, run.id), eq(r.status, 'running'), eq(r.attempts, run.attempts)));
    }
  }

  /** Extends this node's lease on a run; false when another node has claimed it since. */
  private async renew(db: Db, run: RunRow): Promise<boolean> {
    const [held] = await db
      .update(r)
      .set({ claimedUntil: new Date(this.clock.now().getTime() + this.settings.leaseMs) })
      .where(and(eq(r.id, run.id), eq(r.status, 'running'), eq(r.attempts, run.attempts)))
      .returning({ id: r.id });
    return held !== undefined;
  }
}

/** The channels a run's history already holds (sent, failed or given up): never sent again for that run. */
async function recordedChannels(db: Db, runId: number): Promise<Set<number>> {
  const rows = await db
    .select({ channelId: energyReportSends.channelId })
    .from(energyReportSends)
    .where(eq(energyReportSends.runId, runId));
  return new Set(rows.flatMap((row) => (row.channelId === null ? [] : [row.channelId])));
}

/** The schedule's channels that still exist, in the project, in the order they were made. */
function channelsOf(db: Db, owner: { tenantId: number; projectId: number }, ids: readonly number[]) {
  const c = notificationChannels;
  return db
    .select()
    .from(c)
    .where(and(eq(c.tenantId, owner.tenantId), eq(c.projectId, owner.projectId), inArray(c.id, [...ids])))
    .orderBy(asc(c.id));
}
