import crypto from 'node:crypto';
import { and, eq, inArray, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { SCHEDULED_LINK_DAYS, WEBHOOK_SIGNATURE_HEADER, type Lang, type ShareKind } from '@sbuilding/shared';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import type { Scope } from '../../platform/tenancy.js';
import { billNodes, billPdf, energyBill, energyReport, reportPdf } from '../energy-billing/index.js';
import { notificationChannels } from '../notifications/tables.js';
import { projects } from '../projects/tables.js';
import { smtpForSending } from '../system/index.js';
import { periodOfRun, nextRunAfter } from './schedule-time.js';
import { createShare } from './service.js';
import { energyReportSchedules, energyReportSends } from './tables.js';

export interface RunnerSettings {
  /** How often the schedules are checked for a due run. */
  pollMs: number;
  /** How long one webhook call or SMTP step may take. */
  timeoutMs: number;
}

export const DEFAULT_RUNNER_SETTINGS: RunnerSettings = { pollMs: 60_000, timeoutMs: 15_000 };

type ScheduleRow = typeof energyReportSchedules.$inferSelect;
type ChannelRow = typeof notificationChannels.$inferSelect;

interface Made {
  period: { from: string; to: string };
  files: { filename: string; content: Buffer; kind: ShareKind; label: string; nodeId: number | null }[];
  links: { kind: ShareKind; label: string; url: string; expiresAt: string }[];
}

function errorText(error: unknown): string {
  if (error instanceof Error) {
    const cause = 'cause' in error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return `${error.message}${cause}`.slice(0, 500);
  }
  return String(error).slice(0, 500);
}

/** The scope a schedule runs in: its own project of its tenant, no user. */
function scheduleScope(row: { tenantId: number; projectId: number }): Scope {
  return {
    userId: 0,
    tenantId: row.tenantId,
    roles: [],
    permissions: [],
    isAdmin: false,
    projectIds: [row.projectId],
  };
}

/**
 * Sends the report schedules when they fall due, on the app's clock. Every node runs one; a run is claimed by
 * moving the schedule's `next_run_at` to the following run in one conditional update (`where id = … and
 * next_run_at = <the due time>`): the database lets exactly one node's update match, and only that node sends.
 * A run is claimed before it is sent (at most once: a node dying mid-send loses that run's sends, recorded
 * nowhere; the next run comes as usual).
 */
export class ReportRunner {
  readonly settings: RunnerSettings;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly db: () => Db,
    private readonly clock: Clock,
    private readonly ready: () => boolean,
    private readonly publicUrl: string,
    private readonly log: FastifyBaseLogger,
    settings: Partial<RunnerSettings> = {},
  ) {
    this.settings = { ...DEFAULT_RUNNER_SETTINGS, ...settings };
  }

  start(): void {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => void this.tick(), this.settings.pollMs);
    this.timer.unref();
    void this.tick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** One round: claims and sends every due run (resolves when they are sent; rounds never overlap). */
  tick(): Promise<void> {
    if (this.stopped || !this.ready()) return Promise.resolve();
    if (this.running) return this.running.then(() => this.tick());
    const round = this.round()
      .catch((error: unknown) => this.log.error({ err: error }, 'energy reports: round'))
      .finally(() => {
        this.running = null;
      });
    this.running = round;
    return round;
  }

  private async round(): Promise<void> {
    const db = this.db();
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
      if (this.stopped) return;
      const runAt = schedule.nextRunAt.getTime();
      // The following run counts from the later of this one and now: a run missed while every node was down
      // is sent once, not once per missed period.
      const next = nextRunAfter(schedule.frequency, schedule.hour, timeZone, Math.max(runAt, now));
      const [claimed] = await db
        .update(s)
        .set({ nextRunAt: new Date(next), lastRunAt: new Date(now) })
        .where(and(eq(s.id, schedule.id), eq(s.nextRunAt, schedule.nextRunAt)))
        .returning({ id: s.id });
      if (!claimed) continue; // another node took it
      await this.send(schedule, timeZone, runAt, false);
    }
  }

  /** "Send now": the period that ended last, to every channel of the schedule, recorded as manual. */
  async sendNow(schedule: ScheduleRow): Promise<void> {
    const db = this.db();
    const [project] = await db
      .select({ timeZone: projects.timeZone })
      .from(projects)
      .where(eq(projects.id, schedule.projectId));
    await this.send(schedule, project?.timeZone ?? 'Asia/Shanghai', this.clock.now().getTime(), true);
  }

  private async send(schedule: ScheduleRow, zone: string, runAt: number, manual: boolean): Promise<void> {
    const db = this.db();
    const channels = await db
      .select()
      .from(notificationChannels)
      .where(
        and(
          eq(notificationChannels.tenantId, schedule.tenantId),
          eq(notificationChannels.projectId, schedule.projectId),
          inArray(notificationChannels.id, schedule.channelIds),
        ),
      );
    const { period, anchor, month } = periodOfRun(schedule.frequency, runAt, zone);
    let made: Made | null = null;
    let failure = '';
    try {
      made = await this.make(
        schedule,
        period,
        anchor,
        month,
        channels.some((c) => c.kind === 'webhook'),
      );
    } catch (error) {
      failure = errorText(error);
      this.log.error({ err: error, schedule: schedule.id }, 'energy reports: making the report');
    }
    const [projectRow] = await db
      .select({ name: projects.projectName })
      .from(projects)
      .where(eq(projects.id, schedule.projectId));
    const projectName = projectRow?.name ?? '';
    for (const channel of channels) {
      let error = failure;
      if (made && !channel.enabled) error = 'channel disabled';
      else if (made) {
        error =
          channel.kind === 'email'
            ? await this.email(channel, schedule, projectName, made)
            : await this.webhook(channel, schedule, projectName, made);
      }
      await db.insert(energyReportSends).values({
        tenantId: schedule.tenantId,
        projectId: schedule.projectId,
        scheduleId: schedule.id,
        channelId: channel.id,
        channelName: channel.name,
        channelKind: channel.kind,
        periodFrom: made?.period.from ?? anchor,
        periodTo: made?.period.to ?? anchor,
        manual,
        ok: error === '',
        error,
        sentAt: this.clock.now(),
      });
    }
  }

  /** The report's PDF and/or each building's bill as PDF, and share links to them when a webhook needs them. */
  private async make(
    schedule: ScheduleRow,
    period: 'WEEK' | 'MONTH',
    anchor: string,
    month: string,
    withLinks: boolean,
  ): Promise<Made> {
    const db = this.db();
    const scope = scheduleScope(schedule);
    const now = this.clock.now().getTime();
    const lang: Lang = schedule.lang;
    const made: Made = { period: { from: anchor, to: anchor }, files: [], links: [] };
    if (schedule.includeReport) {
      const report = await energyReport(db, scope, { projectId: schedule.projectId, period, anchor }, now);
      made.period = { from: report.from, to: report.to };
      made.files.push({
        filename: `energy_report_${report.from}_${report.to}.pdf`,
        content: await reportPdf(report, lang),
        kind: 'report',
        label: `${report.from} – ${report.to}`,
        nodeId: null,
      });
    } else {
      made.period = { from: `${month}-01`, to: anchor };
    }
    if (schedule.includeBills) {
      const buildings = (await billNodes(db, scope, schedule.projectId)).filter(
        (n) => n.level === 'building',
      );
      for (const building of buildings) {
        const query = {
          projectId: schedule.projectId,
          month,
          level: 'building' as const,
          nodeId: building.id,
        };
        const bill = await energyBill(db, scope, query, now).catch((error: unknown) => {
          // A building without meters has no bill.
          if (error instanceof AppError && error.key === 'energy.noNode') return null;
          throw error;
        });
        if (!bill) continue;
        made.files.push({
          filename: `bill_building_${building.id}_${month}.pdf`,
          content: await billPdf(bill, lang),
          kind: 'bill',
          label: `${building.name} ${month}`,
          nodeId: building.id,
        });
      }
    }
    if (withLinks) {
      const expiresAt = new Date(now + SCHEDULED_LINK_DAYS * 86_400_000).toISOString();
      for (const file of made.files) {
        const link = await createShare(
          db,
          scope,
          file.kind === 'report'
            ? {
                projectId: schedule.projectId,
                kind: 'report',
                label: `${schedule.name}: ${file.label}`,
                period,
                anchor,
                expiresAt,
              }
            : {
                projectId: schedule.projectId,
                kind: 'bill',
                label: `${schedule.name}: ${file.label}`,
                month,
                level: 'building',
                nodeId: file.nodeId ?? undefined,
                expiresAt,
              },
          now,
          schedule.id,
        );
        made.links.push({
          kind: file.kind,
          label: file.label,
          url: `${this.publicUrl}/share/${link.token ?? ''}`,
          expiresAt,
        });
      }
    }
    return made;
  }

  /** The e-mail: both languages (recipients are addresses), the PDFs attached. '' = sent, else the error. */
  private async email(
    channel: ChannelRow,
    schedule: ScheduleRow,
    project: string,
    made: Made,
  ): Promise<string> {
    const smtp = await smtpForSending(this.db());
    if (!smtp) return 'SMTP server not configured';
    const timeoutMs = this.settings.timeoutMs;
    const transport = nodemailer.createTransport({
      host: smtp.host,
      port: smtp.port,
      secure: smtp.secure,
      auth: smtp.user ? { user: smtp.user, pass: smtp.password } : undefined,
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
    });
    const { from, to } = made.period;
    try {
      await transport.sendMail({
        from: smtp.from,
        to: [...channel.recipients],
        subject: `[sbuilding] ${project}: energy report ${from} – ${to} / 能耗报告 ${from} 至 ${to}`,
        text: [
          `${schedule.name}: the energy report of project ${project} for ${from} – ${to} is attached (PDF).`,
          `${schedule.name}：项目「${project}」${from} 至 ${to} 的能耗报告见附件（PDF）。`,
          '',
          ...made.files.map((f) => `- ${f.filename}`),
        ].join('\n'),
        attachments: made.files.map((f) => ({
          filename: f.filename,
          content: f.content,
          contentType: 'application/pdf',
        })),
      });
      return '';
    } catch (error) {
      return errorText(error);
    } finally {
      transport.close();
    }
  }

  /** The webhook: JSON with share links (no files), signed like the alert webhooks when the channel has a secret. */
  private async webhook(
    channel: ChannelRow,
    schedule: ScheduleRow,
    project: string,
    made: Made,
  ): Promise<string> {
    const body = JSON.stringify({
      event: 'energyReport',
      time: this.clock.now().toISOString(),
      project: { id: schedule.projectId, name: project },
      schedule: { id: schedule.id, name: schedule.name, frequency: schedule.frequency },
      period: made.period,
      links: made.links,
    });
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'user-agent': 'sbuilding-notifications',
      'x-sbuilding-event': 'energyReport',
    };
    if (channel.secret) {
      headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()] =
        `sha256=${crypto.createHmac('sha256', channel.secret).update(body).digest('hex')}`;
    }
    try {
      const response = await fetch(channel.url, {
        method: 'POST',
        headers,
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(this.settings.timeoutMs),
      });
      await response.body?.cancel().catch(() => undefined);
      return response.status >= 200 && response.status < 300 ? '' : `HTTP ${response.status}`;
    } catch (error) {
      return errorText(error);
    }
  }
}
