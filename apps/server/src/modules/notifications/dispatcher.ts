import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_TIME_ZONE } from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import type { AlertChange, AlertEvents } from '../alerts/index.js';
import { alertHistory, alerts } from '../alerts/tables.js';
import { projects } from '../projects/tables.js';
import type { SceneEvents, SceneRunEvent } from '../scenes/index.js';
import { smtpForSending } from '../system/index.js';
import { alertPayload, notificationEventOf, sceneRunPayload } from './payloads.js';
import { sendEmail, sendWebhook, type NotificationMessage, type SendOutcome } from './senders.js';
import { notificationChannels, notificationDeliveries } from './tables.js';
import { workOrderHistory } from '../work-orders/tables.js';

export interface DispatchSettings {
  /** How long one webhook call or SMTP step may take. */
  timeoutMs: number;
  /** Attempts before a delivery is recorded as failed. */
  maxAttempts: number;
  /** Wait before the 2nd attempt; doubled before each further one (2 s, 4 s, 8 s, 16 s by default). */
  backoffMs: number;
  /** How often the table is checked for due deliveries (left by a restart or another process). */
  pollMs: number;
  /** History entries older than this are not notified (a channel created later does not replay the past). */
  lookbackMs: number;
  /** Deliveries claimed per round. */
  batch: number;
}

export const DEFAULT_DISPATCH_SETTINGS: DispatchSettings = {
  timeoutMs: 5_000,
  maxAttempts: 5,
  backoffMs: 2_000,
  pollMs: 5_000,
  lookbackMs: 10 * 60_000,
  batch: 20,
};

const CHUNK = 500;

/**
 * Turns alert changes into deliveries and sends them. Listens on `AlertEvents`, which detection emits after
 * its commit; the listener only chains work on this object's own queue and returns at once, so detection
 * never waits on (or hears an error from) a channel. Recording is idempotent (one row per channel and
 * history entry), sending is at-least-once: a process that dies mid-send leaves the row pending, and it is
 * claimed again when its lease (the send timeout plus 30 s) runs out.
 */
export class NotificationDispatcher {
  readonly settings: DispatchSettings;
  private queue: Promise<void> = Promise.resolve();
  private readonly sending = new Set<Promise<void>>();
  private readonly retryTimers = new Set<NodeJS.Timeout>();
  private readonly stopSignal = new AbortController();
  private pollTimer: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;
  private stopped = false;

  constructor(
    private readonly db: () => Db,
    private readonly ready: () => boolean,
    private readonly log: FastifyBaseLogger,
    settings: Partial<DispatchSettings> = {},
  ) {
    this.settings = { ...DEFAULT_DISPATCH_SETTINGS, ...settings };
  }

  /** Listens to alert changes and scene runs, and polls the table for due deliveries. */
  start(events: AlertEvents, sceneEvents?: SceneEvents): void {
    if (this.unsubscribe || this.stopped) return;
    const stopAlerts = events.onChange((change) => this.onChange(change));
    const stopScenes = sceneEvents?.onRun((event) => this.onSceneRun(event));
    this.unsubscribe = () => {
      stopAlerts();
      stopScenes?.();
    };
    this.pollTimer = setInterval(() => this.kick(), this.settings.pollMs);
    this.pollTimer.unref();
    this.kick();
  }

  /** The AlertEvents listener: never throws, never blocks. */
  readonly onChange = (change: AlertChange): void => {
    if (this.stopped) return;
    const ids = [...change.alertIds];
    this.enqueue(async () => {
      await this.record(ids);
      await this.pump();
    });
  };

  /** The SceneEvents listener: never throws, never blocks the run. */
  readonly onSceneRun = (event: SceneRunEvent): void => {
    if (this.stopped) return;
    this.enqueue(async () => {
      await this.recordSceneRun(event);
      await this.pump();
    });
  };

  /** Sends whatever is due now. */
  kick(): void {
    if (this.stopped || !this.ready()) return;
    this.enqueue(() => this.pump());
  }

  private enqueue(work: () => Promise<void>): void {
    this.queue = this.queue.then(work).catch((error: unknown) => {
      this.log.error({ err: error }, 'notifications: dispatching failed');
    });
  }

  /** Resolves once recorded changes are claimed and every send started so far has finished (tests). */
  async idle(): Promise<void> {
    do {
      await this.queue;
      await Promise.allSettled([...this.sending]);
    } while (this.sending.size > 0);
  }

  /** Stops listening and polling, aborts sends in flight (their rows stay pending for the next start). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    if (this.pollTimer) clearInterval(this.pollTimer);
    for (const timer of this.retryTimers) clearTimeout(timer);
    this.retryTimers.clear();
    this.stopSignal.abort();
    await this.queue;
    await Promise.allSettled([...this.sending]);
  }

  /** Records one delivery per enabled channel whose levels and events match each new history entry. */
  private async record(alertIds: number[]): Promise<void> {
    const db = this.db();
    const since = new Date(Date.now() - this.settings.lookbackMs);
    for (let i = 0; i < alertIds.length; i += CHUNK) {
      const ids = alertIds.slice(i, i + CHUNK);
      const entries = await db
        .select({
          historyId: alertHistory.id,
          at: alertHistory.at,
          toStatus: alertHistory.toStatus,
          userId: alertHistory.userId,
          alertId: alerts.id,
          tenantId: alerts.tenantId,
          projectId: alerts.projectId,
          level: alerts.level,
        })
        .from(alertHistory)
        .innerJoin(alerts, eq(alerts.id, alertHistory.alertId))
        .where(and(inArray(alertHistory.alertId, ids), gte(alertHistory.at, since)));
      if (entries.length === 0) continue;
      const projectIds = [...new Set(entries.map((e) => e.projectId))];
      const channels = await db
        .select({
          id: notificationChannels.id,
          projectId: notificationChannels.projectId,
          levels: notificationChannels.levels,
          events: notificationChannels.events,
          createdAt: notificationChannels.createdAt,
        })
        .from(notificationChannels)
        .where(
          and(inArray(notificationChannels.projectId, projectIds), eq(notificationChannels.enabled, true)),
        );
      const rows: (typeof notificationDeliveries.$inferInsert)[] = [];
      for (const entry of entries) {
        const event = notificationEventOf(entry);
        for (const channel of channels) {
          if (channel.projectId !== entry.projectId) continue;
          if (!channel.levels.includes(entry.level) || !channel.events.includes(event)) continue;
          if (entry.at < channel.createdAt) continue;
          rows.push({
            tenantId: entry.tenantId,
            projectId: entry.projectId,
            channelId: channel.id,
            alertId: entry.alertId,
            historyId: entry.historyId,
            event,
            level: entry.level,
          });
        }
      }
      if (rows.length > 0) await db.insert(notificationDeliveries).values(rows).onConflictDoNothing();
    }
  }

  /** Records one delivery per enabled channel of the run's project that follows scene runs. */
  private async recordSceneRun(event: SceneRunEvent): Promise<void> {
    // Told as the run is recorded (never replayed): the channels enabled now hear it. The run's time is the
    // scenes' clock, which a test may move, so it is not compared with the channels' creation.
    const db = this.db();
    const channels = await db
      .select({
        id: notificationChannels.id,
        events: notificationChannels.events,
      })
      .from(notificationChannels)
      .where(
        and(
          eq(notificationChannels.tenantId, event.tenantId),
          eq(notificationChannels.projectId, event.projectId),
          eq(notificationChannels.enabled, true),
        ),
      );
    const scene = sceneRunPayload(event);
    const rows: (typeof notificationDeliveries.$inferInsert)[] = channels
      .filter((c) => c.events.includes('sceneRun'))
      .map((c) => ({
        tenantId: event.tenantId,
        projectId: event.projectId,
        channelId: c.id,
        sceneRunId: event.run.id,
        scene,
        event: 'sceneRun',
        level: null,
      }));
    if (rows.length > 0) await db.insert(notificationDeliveries).values(rows).onConflictDoNothing();
  }

  /**
   * Claims the due deliveries (moving them out of reach of other rounds and processes for the lease) and
   * starts sending them; does not wait for the sends.
   */
  private async pump(): Promise<void> {
    if (this.stopped) return;
    const db = this.db();
    const leaseMs = this.settings.timeoutMs + 30_000;
    const d = notificationDeliveries;
    const claimed = await db
      .update(d)
      .set({
        attempts: sql`${d.attempts} + 1`,
        nextAttemptAt: sql`now() + ${`${leaseMs} milliseconds`}::interval`,
        updatedAt: new Date(),
      })
      .where(
        inArray(
          d.id,
          sql`(select ${d.id} from ${d} where ${d.status} = 'pending' and ${d.nextAttemptAt} <= now()
               order by ${d.nextAttemptAt} limit ${this.settings.batch} for update skip locked)`,
        ),
      )
      .returning({ id: d.id, attempts: d.attempts });
    for (const delivery of claimed) {
      const sending = this.deliver(delivery.id, delivery.attempts)
        .catch((error: unknown) =>
          this.log.error({ err: error, delivery: delivery.id }, 'notifications: delivery'),
        )
        .finally(() => this.sending.delete(sending));
      this.sending.add(sending);
    }
    // A full batch: there may be more due.
    if (claimed.length === this.settings.batch) this.enqueue(() => this.pump());
  }

  private async deliver(id: number, attempts: number): Promise<void> {
    const db = this.db();
    const d = notificationDeliveries;
    const [row] = await db
      .select({
        delivery: d,
        channel: notificationChannels,
        alert: alerts,
        projectName: projects.projectName,
        at: alertHistory.at,
        workOrderAt: workOrderHistory.at,
      })
      .from(d)
      .innerJoin(notificationChannels, eq(notificationChannels.id, d.channelId))
      .innerJoin(projects, eq(projects.id, d.projectId))
      .leftJoin(alerts, eq(alerts.id, d.alertId))
      .leftJoin(alertHistory, eq(alertHistory.id, d.historyId))
      .leftJoin(workOrderHistory, eq(workOrderHistory.id, d.workOrderHistoryId))
      .where(eq(d.id, id));
    if (!row) return; // deleted with its channel meanwhile
    const { scene, workOrder, fault } = row.delivery;
    const time = scene ? scene.startedAt : fault ? fault.at : (row.at ?? row.workOrderAt)?.toISOString();
    if (!time) return; // an alert or work-order event whose row is gone: the delivery went with it
    let outcome: SendOutcome;
    let tries = attempts;
    if (!row.channel.enabled) {
      outcome = { ok: false, httpStatus: null, error: 'channel disabled' };
      tries = this.settings.maxAttempts;
    } else {
      const message: NotificationMessage = {
        deliveryId: id,
        event: row.delivery.event,
        time,
        level: row.delivery.level,
        project: { id: row.delivery.projectId, name: row.projectName },
        alert: row.alert ? alertPayload(row.alert) : null,
        scene: scene ?? null,
        workOrder: workOrder ?? null,
        fault: fault ?? null,
      };
      outcome = await sendTo(db, row.channel, message, this.settings.timeoutMs, this.stopSignal.signal);
    }
    if (this.stopSignal.signal.aborted && !outcome.ok) {
      // Stopping: give the attempt back; the next start sends it.
      await db
        .update(d)
        .set({ attempts: sql`${d.attempts} - 1`, nextAttemptAt: new Date(), updatedAt: new Date() })
        .where(and(eq(d.id, id), eq(d.status, 'pending')));
      return;
    }
    if (outcome.ok) {
      await db
        .update(d)
        .set({
          status: 'sent',
          httpStatus: outcome.httpStatus,
          lastError: '',
          sentAt: new Date(),
          nextAttemptAt: null,
          updatedAt: new Date(),
        })
        .where(eq(d.id, id));
      return;
    }
    const giveUp = tries >= this.settings.maxAttempts;
    const delay = this.settings.backoffMs * 2 ** (tries - 1);
    await db
      .update(d)
      .set({
        status: giveUp ? 'failed' : 'pending',
        httpStatus: outcome.httpStatus,
        lastError: outcome.error,
        nextAttemptAt: giveUp ? null : new Date(Date.now() + delay),
        updatedAt: new Date(),
      })
      .where(eq(d.id, id));
    if (!giveUp) this.retryAfter(delay);
  }

  private retryAfter(delayMs: number): void {
    if (this.stopped) return;
    const timer = setTimeout(() => {
      this.retryTimers.delete(timer);
      this.kick();
    }, delayMs + 5);
    timer.unref();
    this.retryTimers.add(timer);
  }
}

/** Sends one message through a channel (the delivery loop and the test-send both use it). */
export async function sendTo(
  db: Db,
  channel: typeof notificationChannels.$inferSelect,
  message: NotificationMessage,
  timeoutMs: number,
  stop: AbortSignal,
): Promise<SendOutcome> {
  if (channel.kind === 'webhook') return sendWebhook(channel, message, timeoutMs, stop);
  // An e-mail's times are written in the project's zone.
  const [project] = await db
    .select({ timeZone: projects.timeZone })
    .from(projects)
    .where(eq(projects.id, channel.projectId));
  return sendEmail(
    await smtpForSending(db),
    channel.recipients,
    message,
    timeoutMs,
    project?.timeZone ?? DEFAULT_TIME_ZONE,
  );
}
