import crypto from 'node:crypto';
import nodemailer from 'nodemailer';
import { WEBHOOK_SIGNATURE_HEADER, type FddDigest, type Lang, type ShareKind } from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { FDD_RULE_MESSAGES, translate } from '../../platform/i18n/index.js';
import type { notificationChannels } from '../notifications/tables.js';
import { smtpForSending } from '../system/index.js';
import type { energyReportSchedules } from './tables.js';

export type ScheduleRow = typeof energyReportSchedules.$inferSelect;
export type ChannelRow = typeof notificationChannels.$inferSelect;

/** What a run sends: the PDFs (e-mail) and share links to them (webhook). */
export interface Made {
  period: { from: string; to: string };
  files: { filename: string; content: Buffer; kind: ShareKind; label: string; nodeId: number | null }[];
  links: { kind: ShareKind; label: string; url: string; expiresAt: string }[];
  /** The period's fault findings, when the schedule sends them. */
  faults: FddDigest | null;
}

const figure = (value: number, digits: number) => value.toFixed(digits);

/** The fault findings as e-mail lines in one language: the totals, then the costliest, one a line. */
export function faultLines(digest: FddDigest, lang: Lang): string[] {
  const en = lang === 'EN';
  const head = en
    ? `Fault findings ${digest.from} – ${digest.to}: ${digest.raised} found, ${digest.active} still open; ` +
      `wasted so far ${figure(digest.wasteKwh, 1)} kWh, cost ${figure(digest.wasteCost, 2)}, ` +
      `${figure(digest.wasteCo2, 1)} kgCO2e.`
    : `故障诊断 ${digest.from} 至 ${digest.to}：发现 ${digest.raised} 项，仍待处理 ${digest.active} 项；` +
      `累计浪费 ${figure(digest.wasteKwh, 1)} kWh，费用 ${figure(digest.wasteCost, 2)}，` +
      `${figure(digest.wasteCo2, 1)} kgCO2e。`;
  const lines = digest.top.map((f) => {
    const rule = translate(lang, FDD_RULE_MESSAGES[f.rule]);
    const place = [f.buildingName, f.zoneName].filter(Boolean).join(' ');
    const kwh = figure(f.wasteKwhPerDay, 1);
    const cost = figure(f.wasteCostPerDay, 2);
    return en
      ? `  - ${rule}: ${f.deviceName}${place ? ` (${place})` : ''}, ${kwh} kWh and ${cost} a day`
      : `  - ${rule}：${f.deviceName}${place ? `（${place}）` : ''}，每天 ${kwh} kWh、${cost}`;
  });
  return [head, ...lines];
}

/** How one channel is reached: its time limit, and a signal that ends the call when the runner stops. */
export interface Delivery {
  db: Db;
  timeoutMs: number;
  stop: AbortSignal;
  now: Date;
}

export function errorText(error: unknown): string {
  if (error instanceof Error) {
    const cause = 'cause' in error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return `${error.message}${cause}`.slice(0, 500);
  }
  return String(error).slice(0, 500);
}

/** The e-mail: both languages (recipients are addresses), the PDFs attached. '' = sent, else the error. */
export async function sendEmail(
  how: Delivery,
  channel: ChannelRow,
  schedule: ScheduleRow,
  project: string,
  made: Made,
): Promise<string> {
  const smtp = await smtpForSending(how.db);
  if (!smtp) return 'SMTP server not configured';
  const { timeoutMs } = how;
  const transport = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    auth: smtp.user ? { user: smtp.user, pass: smtp.password } : undefined,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  // A stopping runner ends the conversation (as it aborts a webhook call) rather than wait for its timeouts.
  const close = () => transport.close();
  how.stop.addEventListener('abort', close);
  const { from, to } = made.period;
  try {
    await transport.sendMail({
      from: smtp.from,
      to: [...channel.recipients],
      subject:
        made.files.length > 0
          ? `[sbuilding] ${project}: energy report ${from} – ${to} / 能耗报告 ${from} 至 ${to}`
          : `[sbuilding] ${project}: fault findings ${from} – ${to} / 故障诊断 ${from} 至 ${to}`,
      text: [
        ...(made.files.length > 0
          ? [
              `${schedule.name}: the energy report of project ${project} for ${from} – ${to} is attached (PDF).`,
              `${schedule.name}：项目「${project}」${from} 至 ${to} 的能耗报告见附件（PDF）。`,
              '',
              ...made.files.map((f) => `- ${f.filename}`),
            ]
          : [`${schedule.name}: ${project}`]),
        ...(made.faults ? ['', ...faultLines(made.faults, 'EN'), '', ...faultLines(made.faults, 'ZH')] : []),
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
    how.stop.removeEventListener('abort', close);
    transport.close();
  }
}

/** The webhook: JSON with share links (no files), signed like the alert webhooks when the channel has a secret. */
export async function sendWebhook(
  how: Delivery,
  channel: ChannelRow,
  schedule: ScheduleRow,
  project: string,
  made: Made,
): Promise<string> {
  const body = JSON.stringify({
    event: 'energyReport',
    time: how.now.toISOString(),
    project: { id: schedule.projectId, name: project },
    schedule: { id: schedule.id, name: schedule.name, frequency: schedule.frequency },
    period: made.period,
    links: made.links,
    ...(made.faults ? { faults: made.faults } : {}),
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
      signal: AbortSignal.any([AbortSignal.timeout(how.timeoutMs), how.stop]),
    });
    await response.body?.cancel().catch(() => undefined);
    return response.status >= 200 && response.status < 300 ? '' : `HTTP ${response.status}`;
  } catch (error) {
    return errorText(error);
  }
}
