import { expect } from 'vitest';
import { emptyPage, nextPlanted, type RouteCase } from './common.js';

/* Alerts and their threshold rules (alerts/*), and the channels that notify of them (notifications/*). */

/** The alarm board (alerts/*). */
export const ALERT_CASES: RouteCase[] = [
  {
    route: 'POST /sbuilding/alert/getList',
    url: () => '/sbuilding/alert/getList',
    payload: (i) => ({ projectId: i.project }),
    allowed: 'ownerB',
    refused: emptyPage,
  },
  {
    route: 'POST /sbuilding/alert/counts',
    url: () => '/sbuilding/alert/counts',
    payload: (i) => ({ projectId: i.project }),
    allowed: 'ownerB',
    refused: (res) => expect(res.json().data.total).toBe(0),
  },
  {
    route: 'GET /sbuilding/alert/{id}',
    url: (i) => `/sbuilding/alert/${i.alert}`,
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/alert/process/{id}',
    url: (i) => `/sbuilding/alert/process/${i.alert}`,
    payload: () => ({ version: 1, solution: 'repairDevice', date: '2026-11-21T10:00:00Z' }),
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/alert/ignore/{id}',
    url: (i) => `/sbuilding/alert/ignore/${i.ignorableAlert}`,
    payload: () => ({ version: 1 }),
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/alert/ignoreAll',
    url: () => '/sbuilding/alert/ignoreAll',
    payload: (i) => ({ projectId: i.project, level: 'urgent' }),
    allowed: 'ownerB',
    refused: (res) => expect(res.json().data).toEqual({ count: 0 }),
  },
  {
    route: 'POST /sbuilding/alert/export',
    url: () => '/sbuilding/alert/export',
    payload: (i) => ({ projectId: i.project }),
    allowed: 'ownerB',
    // The file is named after its project: another tenant's project is not found, like every other call on it.
    refused: (res) => expect(res.statusCode).toBe(404),
  },
];

/** B's threshold rule, as the console's rule dialog sends it. */
export const bRule = (projectId: number) => ({
  projectId,
  name: 'B too warm',
  model: 'th10',
  telemetryKey: 'temperature',
  operator: 'above',
  threshold: 30,
  level: 'general',
});
const { projectId: _ruleProject, ...bRuleFields } = bRule(0);

/** Threshold rules (alerts/rule-*): B's project and rule answer 404 to A. */
export const ALERT_RULE_CASES: RouteCase[] = [
  {
    route: 'POST /sbuilding/alert/rule/getList',
    url: () => '/sbuilding/alert/rule/getList',
    payload: (i) => ({ projectId: i.project }),
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/alert/rule/add',
    url: () => '/sbuilding/alert/rule/add',
    payload: (i) => bRule(i.project),
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/alert/rule/edit/{id}',
    url: (i) => `/sbuilding/alert/rule/edit/${i.alertRule}`,
    payload: () => ({ ...bRuleFields, threshold: 31, version: 1 }),
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/alert/rule/enable/{id}',
    url: (i) => `/sbuilding/alert/rule/enable/${i.alertRule}`,
    payload: () => ({ enabled: false, version: 2 }),
    allowed: 'ownerB',
  },
  {
    route: 'DELETE /sbuilding/alert/rule/{id}',
    url: (i) => `/sbuilding/alert/rule/${i.alertRule}`,
    allowed: 'ownerB',
  },
];

/** B's webhook channel as B saves it (a closed local port: nothing is ever delivered). */
export const bChannel = (projectId: number) => ({
  projectId,
  name: 'B webhook',
  kind: 'webhook',
  levels: ['urgent'],
  events: ['raised'],
  url: 'http://127.0.0.1:9/b-hook',
});

/** Notification channels (notifications/*): B's project and channel answer 404 to A. */
export const NOTIFICATION_CASES: RouteCase[] = [
  {
    route: 'POST /sbuilding/notification/channel/list',
    url: () => '/sbuilding/notification/channel/list',
    payload: (i) => ({ projectId: i.project }),
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/notification/channel',
    url: () => '/sbuilding/notification/channel',
    payload: (i) => ({ ...bChannel(i.project), name: `Planted ${nextPlanted()}` }),
    allowed: 'ownerB',
  },
  {
    route: 'PUT /sbuilding/notification/channel',
    url: () => '/sbuilding/notification/channel',
    payload: (i) => ({ ...bChannel(i.project), id: i.channel, version: 1, name: 'Renamed by A' }),
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/notification/channel/test/{id}',
    url: (i) => `/sbuilding/notification/channel/test/${i.channel}`,
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/notification/delivery/list',
    url: () => '/sbuilding/notification/delivery/list',
    payload: (i) => ({ projectId: i.project, pageNum: 1, pageSize: 10 }),
    allowed: 'ownerB',
  },
  {
    route: 'DELETE /sbuilding/notification/channel/{id}',
    url: (i) => `/sbuilding/notification/channel/${i.channel}`,
    allowed: 'ownerB',
  },
];
