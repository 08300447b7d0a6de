import type {
  Alert,
  AlertRuleOperator,
  AlertFilter,
  AlertLevel,
  AlertSolution,
  AlertStatus,
  AlertType,
  Lang,
} from '@sbuilding/shared';
import { formatInstant, localeOfLang, zoneOffsetLabel } from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { exportDate, writeXlsx, type ExportColumn, type ExportTarget } from '../../platform/exports.js';
import { findProject } from '../projects/index.js';
import type { Scope } from '../../platform/tenancy.js';
import { allAlerts } from './service.js';

interface ExportRow {
  id: number;
  level: string;
  status: string;
  type: string;
  object: string;
  rule: string;
  reading: string;
  address: string;
  positionName: string;
  alertTime: string;
  lastTelemetryAt: string;
  solution: string;
  resolvedAt: string;
}

type Column = keyof ExportRow;

const HEADERS: Record<Lang, Record<Column, string>> = {
  EN: {
    id: 'Id',
    level: 'Level',
    status: 'Status',
    type: 'Type',
    object: 'Object',
    rule: 'Rule',
    reading: 'Reading',
    address: 'Address',
    positionName: 'Position name',
    alertTime: 'Alert time',
    lastTelemetryAt: 'Last telemetry time',
    solution: 'Solution',
    resolvedAt: 'Resolution date',
  },
  ZH: {
    id: '编号',
    level: '级别',
    status: '状态',
    type: '类型',
    object: '对象',
    rule: '规则',
    reading: '读数',
    address: '地址',
    positionName: '位置名称',
    alertTime: '告警时间',
    lastTelemetryAt: '最后遥测时间',
    solution: '解决方案',
    resolvedAt: '解决日期',
  },
};

const LEVELS: Record<Lang, Record<AlertLevel, string>> = {
  EN: { urgent: 'Urgent', secondary: 'Secondary', general: 'General', complete: 'Complete' },
  ZH: { urgent: '紧急', secondary: '次要', general: '一般', complete: '完成' },
};
const STATUSES: Record<Lang, Record<AlertStatus, string>> = {
  EN: { alerting: 'Alerting', processed: 'Processed', ignored: 'Ignored' },
  ZH: { alerting: '告警中', processed: '已处理', ignored: '已忽略' },
};
const TYPES: Record<Lang, Record<AlertType, string>> = {
  EN: { offline: 'Device offline', threshold: 'Threshold exceeded' },
  ZH: { offline: '设备离线', threshold: '超出阈值' },
};
const SOLUTIONS: Record<Lang, Record<AlertSolution, string>> = {
  EN: {
    externalCauses: 'External causes',
    testReason: 'Test reason',
    replaceDevice: 'Replace device',
    repairDevice: 'Repair device',
    cannotReproduce: 'Cannot reproduce',
    refuseHandle: 'Refuse handle',
    deviceDeletion: 'Device deletion',
    backOnline: 'Back online',
    faultRecovery: 'Fault recovery',
  },
  ZH: {
    externalCauses: '外部原因',
    testReason: '测试原因',
    replaceDevice: '更换设备',
    repairDevice: '维修设备',
    cannotReproduce: '无法复现',
    refuseHandle: '拒绝处理',
    deviceDeletion: '设备删除',
    backOnline: '恢复在线',
    faultRecovery: '故障恢复',
  },
};

const COLUMNS: readonly Column[] = [
  'id',
  'level',
  'status',
  'type',
  'object',
  'rule',
  'reading',
  'address',
  'positionName',
  'alertTime',
  'lastTelemetryAt',
  'solution',
  'resolvedAt',
];

/** A threshold as the console writes it: '> 1500 ppm', 'outside 16–30 °C' (`unit` with its leading space). */
const CONDITIONS: Record<
  Lang,
  Record<AlertRuleOperator, (low: number, high: number, unit: string) => string>
> = {
  EN: {
    above: (low, _high, unit) => `> ${low}${unit}`,
    below: (low, _high, unit) => `< ${low}${unit}`,
    outside: (low, high, unit) => `outside ${low}–${high}${unit}`,
    inside: (low, high, unit) => `within ${low}–${high}${unit}`,
  },
  ZH: {
    above: (low, _high, unit) => `> ${low}${unit}`,
    below: (low, _high, unit) => `< ${low}${unit}`,
    outside: (low, high, unit) => `超出 ${low}–${high}${unit}`,
    inside: (low, high, unit) => `处于 ${low}–${high}${unit}`,
  },
};

/** A threshold alert's reading and the threshold it broke: '1620 ppm (> 1500 ppm)'; '' for other alerts. */
function readingOf(alert: Alert, lang: Lang): string {
  const detail = alert.threshold;
  if (!detail || alert.value === null) return '';
  const unit = detail.unit ? ` ${detail.unit}` : '';
  const condition = CONDITIONS[lang][detail.operator](
    detail.threshold,
    detail.thresholdHigh ?? detail.threshold,
    unit,
  );
  return `${alert.value}${unit} (${condition})`;
}

/** The columns holding instants: written in the project's zone, their headers carry it (issue 18). */
const TIME_COLUMNS: ReadonlySet<Column> = new Set(['alertTime', 'lastTelemetryAt', 'resolvedAt']);

function toRow(alert: Alert, lang: Lang, timeZone: string): ExportRow {
  const time = (value: string | null) => (value ? formatInstant(value, timeZone, localeOfLang(lang)) : '');
  return {
    id: alert.id,
    level: LEVELS[lang][alert.level],
    status: STATUSES[lang][alert.status],
    type: TYPES[lang][alert.type],
    object: alert.object,
    rule: alert.threshold?.ruleName ?? '',
    reading: readingOf(alert, lang),
    address: alert.address,
    positionName: alert.positionName,
    alertTime: time(alert.alertTime),
    lastTelemetryAt: time(alert.lastTelemetryAt),
    solution: alert.solution ? SOLUTIONS[lang][alert.solution] : '',
    resolvedAt: time(alert.resolvedAt),
  };
}

/** Writes every alert of the filter to an .xlsx in `dir` (headers and values in `lang`); answers its name. */
export async function exportAlerts(
  db: Db,
  scope: Scope,
  filter: AlertFilter,
  lang: Lang,
  dir: ExportTarget,
): Promise<string> {
  const alerts = await allAlerts(db, scope, filter);
  const project = await findProject(db, scope, filter.projectId);
  const zone = zoneOffsetLabel(project.timeZone);
  const columns: ExportColumn<ExportRow>[] = COLUMNS.map((key) => ({
    key,
    header: TIME_COLUMNS.has(key) ? `${HEADERS[lang][key]} (${zone})` : HEADERS[lang][key],
  }));
  // Named after what it holds: project, board, the filter's dates (or the day it was made).
  const dates = [filter.from, filter.to].filter((d) => d !== undefined).map((d) => d.slice(0, 10));
  const name = [
    project.projectName,
    lang === 'ZH' ? '告警' : 'alerts',
    ...(dates.length > 0 ? dates : [exportDate(project.timeZone)]),
  ];
  return writeXlsx(
    dir,
    name,
    'alerts',
    columns,
    alerts.map((a) => toRow(a, lang, project.timeZone)),
  );
}
