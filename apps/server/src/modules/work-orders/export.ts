import {
  formatInstant,
  localeOfLang,
  zoneOffsetLabel,
  type Lang,
  type WorkOrder,
  type WorkOrderListFilter,
  type WorkOrderPriority,
  type WorkOrderSource,
  type WorkOrderStatus,
} from '@sbuilding/shared';
import { exportDate, writeXlsx, type ExportColumn, type ExportTarget } from '../../platform/exports.js';
import type { Scope } from '../../platform/tenancy.js';
import { findProject } from '../projects/index.js';
import { allWorkOrders } from './read.js';
import type { WorkOrderDeps } from './support.js';

const COLUMNS = [
  'id',
  'title',
  'status',
  'priority',
  'source',
  'place',
  'assignee',
  'reporter',
  'createTime',
  'dueAt',
  'overdue',
  'acknowledgedAt',
  'resolvedAt',
  'withinSla',
  'closedAt',
] as const;
type Column = (typeof COLUMNS)[number];
type ExportRow = Record<Column, string | number>;

const HEADERS: Record<Lang, Record<Column, string>> = {
  EN: {
    id: 'Id',
    title: 'Title',
    status: 'Status',
    priority: 'Priority',
    source: 'Source',
    place: 'Place',
    assignee: 'Assignee',
    reporter: 'Reported by',
    createTime: 'Created',
    dueAt: 'Due',
    overdue: 'Overdue',
    acknowledgedAt: 'Work started',
    resolvedAt: 'Resolved',
    withinSla: 'Within service level',
    closedAt: 'Closed',
  },
  ZH: {
    id: '编号',
    title: '标题',
    status: '状态',
    priority: '优先级',
    source: '来源',
    place: '位置',
    assignee: '处理人',
    reporter: '报告人',
    createTime: '创建时间',
    dueAt: '截止时间',
    overdue: '已超时',
    acknowledgedAt: '开始处理',
    resolvedAt: '解决时间',
    withinSla: '符合服务级别',
    closedAt: '关闭时间',
  },
};

const STATUSES: Record<Lang, Record<WorkOrderStatus, string>> = {
  EN: {
    new: 'New',
    assigned: 'Assigned',
    inProgress: 'In progress',
    onHold: 'On hold',
    resolved: 'Resolved',
    closed: 'Closed',
  },
  ZH: {
    new: '新建',
    assigned: '已派发',
    inProgress: '处理中',
    onHold: '挂起',
    resolved: '已解决',
    closed: '已关闭',
  },
};
const PRIORITIES: Record<Lang, Record<WorkOrderPriority, string>> = {
  EN: { urgent: 'Urgent', high: 'High', normal: 'Normal', low: 'Low' },
  ZH: { urgent: '紧急', high: '高', normal: '普通', low: '低' },
};
const SOURCES: Record<Lang, Record<WorkOrderSource, string>> = {
  EN: { console: 'Console', alert: 'Alert', occupant: 'Occupant', plan: 'Maintenance plan' },
  ZH: { console: '控制台', alert: '告警', occupant: '住户', plan: '维护计划' },
};
const YES_NO: Record<Lang, [string, string]> = { EN: ['Yes', 'No'], ZH: ['是', '否'] };
const TIME_COLUMNS: ReadonlySet<Column> = new Set([
  'createTime',
  'dueAt',
  'acknowledgedAt',
  'resolvedAt',
  'closedAt',
]);

function toRow(order: WorkOrder, lang: Lang, zone: string): ExportRow {
  const time = (value: string | null) => (value ? formatInstant(value, zone, localeOfLang(lang)) : '');
  const [yes, no] = YES_NO[lang];
  return {
    id: order.id,
    title: order.title,
    status: STATUSES[lang][order.status],
    priority: PRIORITIES[lang][order.priority],
    source: SOURCES[lang][order.source],
    place: [order.buildingName, order.floorName, order.zoneName, order.deviceName]
      .filter(Boolean)
      .join(' / '),
    assignee: order.assigneeName,
    reporter: order.reporterName,
    createTime: time(order.createTime),
    dueAt: time(order.dueAt),
    overdue: order.overdue ? yes : '',
    acknowledgedAt: time(order.acknowledgedAt),
    resolvedAt: time(order.resolvedAt),
    withinSla: order.resolvedWithinSla === null ? '' : order.resolvedWithinSla ? yes : no,
    closedAt: time(order.closedAt),
  };
}

/** POST /sbuilding/workorder/export: every work order of the filter in an .xlsx, in the request's language. */
export async function exportWorkOrders(
  deps: Pick<WorkOrderDeps, 'db' | 'clock'>,
  scope: Scope,
  filter: WorkOrderListFilter,
  lang: Lang,
  dir: ExportTarget,
): Promise<string> {
  const project = await findProject(deps.db, scope, filter.projectId);
  const orders = await allWorkOrders(deps, scope, filter);
  const zone = zoneOffsetLabel(project.timeZone);
  const columns: ExportColumn<ExportRow>[] = COLUMNS.map((key) => ({
    key,
    header: TIME_COLUMNS.has(key) ? `${HEADERS[lang][key]} (${zone})` : HEADERS[lang][key],
    width: key === 'title' || key === 'place' ? 36 : 20,
  }));
  const name = [project.projectName, lang === 'ZH' ? '工单' : 'work-orders', exportDate(project.timeZone)];
  return writeXlsx(
    dir,
    name,
    'work orders',
    columns,
    orders.map((o) => toRow(o, lang, project.timeZone)),
  );
}
