import crypto from 'node:crypto';
import nodemailer from 'nodemailer';
import {
  isFddRule,
  BILINGUAL_TIME_LOCALE,
  formatInstant,
  WEBHOOK_SIGNATURE_HEADER,
  zoneOffsetLabel,
  type AlertLevel,
  type WebhookMessage,
} from '@sbuilding/shared';
import type { StoredSmtp } from '../system/index.js';
import { FDD_RULE_MESSAGES, translate } from '../../platform/i18n/index.js';

/** What a notification says: the event, the alert or the scene run (neither for a test message), the project. */
export type NotificationMessage = WebhookMessage;

export interface SendOutcome {
  ok: boolean;
  httpStatus: number | null;
  error: string;
}

/** The webhook signature header's value: 'sha256=' + hex HMAC-SHA256 of the exact body bytes. */
export function signBody(secret: string, body: string): string {
  return `sha256=${crypto.createHmac('sha256', secret).update(body).digest('hex')}`;
}

function errorText(error: unknown, timeoutMs: number): string {
  if (error instanceof Error) {
    if (error.name === 'TimeoutError') return `timeout after ${timeoutMs} ms`;
    if (error.name === 'AbortError') return 'aborted (server stopping)';
    const cause = 'cause' in error ? error.cause : undefined;
    const detail = cause instanceof Error ? `: ${cause.message}` : '';
    return `${error.message}${detail}`.slice(0, 500);
  }
  return String(error).slice(0, 500);
}

/**
 * POSTs the message as JSON. A 2xx answer is success; anything else (including a redirect, which is not
 * followed) or no answer within `timeoutMs` is a failure to retry.
 */
export async function sendWebhook(
  channel: { url: string; secret: string },
  message: NotificationMessage,
  timeoutMs: number,
  stop: AbortSignal,
): Promise<SendOutcome> {
  const body = JSON.stringify(message);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': 'sbuilding-notifications',
    'x-sbuilding-event': message.event,
  };
  if (message.deliveryId !== null) headers['x-sbuilding-delivery'] = String(message.deliveryId);
  if (channel.secret) headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()] = signBody(channel.secret, body);
  try {
    const response = await fetch(channel.url, {
      method: 'POST',
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.any([AbortSignal.timeout(timeoutMs), stop]),
    });
    await response.body?.cancel().catch(() => undefined);
    const ok = response.status >= 200 && response.status < 300;
    return { ok, httpStatus: response.status, error: ok ? '' : `HTTP ${response.status}` };
  } catch (error) {
    return { ok: false, httpStatus: null, error: errorText(error, timeoutMs) };
  }
}

const LEVELS: Record<AlertLevel, [string, string]> = {
  urgent: ['Urgent', '紧急'],
  secondary: ['Secondary', '次要'],
  general: ['General', '一般'],
  complete: ['Complete', '完成'],
};
const EVENTS: Record<NotificationMessage['event'], [string, string]> = {
  raised: ['alert raised', '产生告警'],
  resolved: ['alert resolved', '告警已恢复'],
  processed: ['alert handled', '告警已处理'],
  sceneRun: ['scene run', '场景已执行'],
  workOrderCreated: ['work order created', '工单已创建'],
  workOrderAssigned: ['work order assigned', '工单已派发'],
  workOrderOverdue: ['work order overdue', '工单已超时'],
  workOrderResolved: ['work order resolved', '工单已解决'],
  faultRaised: ['fault found', '发现故障'],
  faultFixed: ['fault fixed', '故障已修复'],
  test: ['test message', '测试消息'],
};
const PRIORITIES: Record<string, [string, string]> = {
  urgent: ['Urgent', '紧急'],
  high: ['High', '高'],
  normal: ['Normal', '普通'],
  low: ['Low', '低'],
};
const OUTCOMES: Record<string, [string, string]> = {
  ran: ['ran', '已执行'],
  failed: ['failed (some devices were not set)', '失败（部分设备未设置）'],
  skipped: ['skipped', '已跳过'],
};
const TRIGGERS: Record<string, [string, string]> = {
  manual: ['executed by a person', '人工执行'],
  timing: ['timing', '定时'],
  device: ['device condition', '设备条件'],
  weather: ['weather condition', '天气条件'],
};
const TYPES: Record<string, [string, string]> = {
  offline: ['Device offline', '设备离线'],
  threshold: ['Threshold exceeded', '超出阈值'],
};

/**
 * A time in an e-mail (issue 18): the project's wall clock on a 24-hour clock with the zone, in the ISO order
 * of date parts ('2026-11-26 14:05:09 (UTC+08:00)') that readers of both languages read alike.
 */
export function emailTime(value: string | null, timeZone: string): string | null {
  if (value === null) return null;
  return `${formatInstant(value, timeZone, BILINGUAL_TIME_LOCALE)} (${zoneOffsetLabel(timeZone, value)})`;
}

/**
 * Subject and text of an e-mail. Recipients are addresses, not users, so their language is unknown: both
 * English and Simplified Chinese, English first. Times are in the project's zone (the JSON of a webhook keeps
 * ISO instants, for programs).
 */
export function emailContent(
  message: NotificationMessage,
  timeZone: string,
): { subject: string; text: string } {
  const [eventEn, eventZh] = EVENTS[message.event];
  const { alert, project, scene, workOrder, fault } = message;
  const time = (value: string | null) => emailTime(value, timeZone);
  const line = (en: string, zh: string, value: string | null) => `${en} / ${zh}: ${value ?? '-'}`;
  if (fault) {
    const key = isFddRule(fault.rule) ? FDD_RULE_MESSAGES[fault.rule] : null;
    const [ruleEn, ruleZh] = key ? [translate('EN', key), translate('ZH', key)] : [fault.rule, fault.rule];
    return {
      subject: `[sbuilding] ${eventEn}: ${ruleEn}, ${fault.deviceName} / ${eventZh}：${ruleZh}，${fault.deviceName}`,
      text: [
        line('Project', '项目', project.name),
        line('Fault', '故障', `${ruleEn} / ${ruleZh}`),
        line('Device', '设备', fault.deviceName),
        line('Place', '位置', fault.place || null),
        line('First seen', '首次发现', time(fault.firstSeen)),
        line('Wasted so far', '累计浪费', `${fault.wasteKwh.toFixed(2)} kWh, ${fault.wasteCost.toFixed(2)}`),
        line('Per day', '每天', `${fault.wasteKwhPerDay.toFixed(2)} kWh`),
        line('Time', '时间', time(message.time)),
        '',
        `Finding #${fault.id} in the console (/fdd). / 诊断结果 #${fault.id}，请在控制台查看。`,
      ].join('\n'),
    };
  }
  if (workOrder) {
    const [priorityEn, priorityZh] = PRIORITIES[workOrder.priority] ?? [
      workOrder.priority,
      workOrder.priority,
    ];
    return {
      subject: `[sbuilding] ${eventEn}: ${workOrder.title} / ${eventZh}：${workOrder.title}`,
      text: [
        line('Project', '项目', project.name),
        line('Work order', '工单', `#${workOrder.id} ${workOrder.title}`),
        line('Priority', '优先级', `${priorityEn} / ${priorityZh}`),
        line('Place', '位置', workOrder.place),
        line('Assignee', '处理人', workOrder.assigneeName || null),
        line('Reported by', '报告人', workOrder.reporterName || null),
        line('Due', '截止时间', time(workOrder.dueAt)),
        line('Overdue since', '超时时间', time(workOrder.overdueAt)),
        line('Resolved at', '解决时间', time(workOrder.resolvedAt)),
        line('Time', '时间', time(message.time)),
        '',
        `Work order #${workOrder.id} in the console (/workorder). / 工单 #${workOrder.id}，请在控制台查看。`,
      ].join('\n'),
    };
  }
  if (scene) {
    const pair = (table: Record<string, [string, string]>, key: string) => {
      const [en, zh] = table[key] ?? [key, key];
      return `${en} / ${zh}`;
    };
    const set = scene.commands.filter((c) => c.result === 'success').length;
    return {
      subject: `[sbuilding] ${eventEn}: ${scene.sceneName} / ${eventZh}：${scene.sceneName}`,
      text: [
        line('Project', '项目', project.name),
        line('Scene', '场景', scene.sceneName),
        line('Trigger', '触发方式', pair(TRIGGERS, scene.trigger)),
        line('Outcome', '结果', pair(OUTCOMES, scene.outcome)),
        line('By', '执行者', scene.userName),
        line('Devices set', '已设置设备', `${set} / ${scene.commands.length}`),
        ...scene.commands
          .filter((c) => c.result !== 'success')
          .map((c) => `  ${c.deviceName || `#${c.deviceId}`}: ${c.result} ${c.message}`),
        line('Time', '时间', time(message.time)),
        '',
        `Run #${scene.runId} in the scheduling log (/job/log). / 执行记录 #${scene.runId}，请在调度日志查看。`,
      ].join('\n'),
    };
  }
  if (!alert) {
    return {
      subject: `[sbuilding] ${project.name}: ${eventEn} / ${eventZh}`,
      text: [
        `This is a test message from sbuilding for project ${project.name}. The channel works.`,
        `这是 sbuilding 项目「${project.name}」的测试消息，通知渠道工作正常。`,
        '',
        `Time / 时间: ${time(message.time)}`,
      ].join('\n'),
    };
  }
  const [levelEn, levelZh] = LEVELS[alert.level];
  const [typeEn, typeZh] = TYPES[alert.type] ?? [alert.type, alert.type];
  return {
    subject: `[sbuilding] ${levelEn} ${eventEn}: ${alert.object} / ${levelZh}${eventZh}：${alert.object}`,
    text: [
      line('Project', '项目', project.name),
      line('Event', '事件', `${eventEn} / ${eventZh}`),
      line('Level', '级别', `${levelEn} / ${levelZh}`),
      line('Type', '类型', `${typeEn} / ${typeZh}`),
      line('Object', '对象', alert.object),
      line('Address', '地址', alert.address),
      line('Position', '位置', alert.positionName),
      line('Alert time', '告警时间', time(alert.alertTime)),
      line('Status', '状态', alert.status),
      line('Solution', '解决方案', alert.solution),
      line('Resolved at', '解决时间', time(alert.resolvedAt)),
      line('Time', '时间', time(message.time)),
      '',
      `Alert #${alert.id} on the alarm board (/board/alarm). / 告警 #${alert.id}，请在告警看板查看。`,
    ].join('\n'),
  };
}

/** Sends the message through the SMTP server; the connection is closed afterwards. */
export async function sendEmail(
  smtp: StoredSmtp | null,
  recipients: readonly string[],
  message: NotificationMessage,
  timeoutMs: number,
  timeZone: string,
): Promise<SendOutcome> {
  if (!smtp) return { ok: false, httpStatus: null, error: 'SMTP server not configured' };
  const transport = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    auth: smtp.user ? { user: smtp.user, pass: smtp.password } : undefined,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  try {
    const { subject, text } = emailContent(message, timeZone);
    await transport.sendMail({ from: smtp.from, to: [...recipients], subject, text });
    return { ok: true, httpStatus: null, error: '' };
  } catch (error) {
    return { ok: false, httpStatus: null, error: errorText(error, timeoutMs) };
  } finally {
    transport.close();
  }
}
