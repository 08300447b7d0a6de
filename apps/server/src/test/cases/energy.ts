import { expect } from 'vitest';
import { nextPlanted, type Ids, type RouteCase } from './common.js';

/*
 * Energy: the board (energy/*), tariffs, emission factors, bills and the meter tree (energy-billing/*), the
 * portfolio (portfolio/*), scheduled reports and share links (energy-reports/*).
 */

/** The energy board (energy/*): B's project and building answer 404 to A, export included. */
export const ENERGY_CASES: RouteCase[] = [
  {
    route: 'GET /sbuilding/board/energy/summary',
    url: (i) => `/sbuilding/board/energy/summary?projectId=${i.project}&period=MONTH&buildingId=${i.hall}`,
    allowed: 'ownerB',
  },
  {
    route: 'GET /sbuilding/board/energy/savings',
    url: (i) => `/sbuilding/board/energy/savings?projectId=${i.project}&period=MONTH&buildingId=${i.hall}`,
    allowed: 'ownerB',
  },
  {
    route: 'GET /sbuilding/board/energy/savings/check',
    url: (i) =>
      `/sbuilding/board/energy/savings/check?projectId=${i.project}&period=MONTH&buildingId=${i.hall}`,
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/board/energy/export',
    url: () => '/sbuilding/board/energy/export',
    payload: (i) => ({ projectId: i.project, period: 'YEAR', anchor: '2026-11-21' }),
    allowed: 'ownerB',
  },
];

/** Tariffs, emission factors, cost and bills (energy-billing/*): B's project and its rows answer 404 to A. */
export const ENERGY_BILLING_CASES: RouteCase[] = [
  {
    route: 'GET /sbuilding/energy/tariff/list',
    url: (i) => `/sbuilding/energy/tariff/list?projectId=${i.project}`,
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/energy/tariff',
    url: () => '/sbuilding/energy/tariff',
    payload: (i) => ({
      projectId: i.project,
      name: 'A in B',
      validFrom: '2026-06-01',
      kind: 'flat',
      flatPrice: 1,
    }),
    allowed: 'ownerB',
  },
  {
    route: 'PUT /sbuilding/energy/tariff',
    url: () => '/sbuilding/energy/tariff',
    payload: (i) => ({
      id: i.tariff,
      projectId: i.project,
      name: 'B flat',
      validFrom: '2026-01-01',
      kind: 'flat',
      flatPrice: 0.8,
    }),
    allowed: 'ownerB',
  },
  {
    route: 'GET /sbuilding/energy/tariff/day',
    url: (i) => `/sbuilding/energy/tariff/day?projectId=${i.project}&date=2026-10-01`,
    allowed: 'ownerB',
  },
  {
    route: 'GET /sbuilding/energy/emission/list',
    url: (i) => `/sbuilding/energy/emission/list?projectId=${i.project}`,
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/energy/emission',
    url: () => '/sbuilding/energy/emission',
    payload: (i) => ({ projectId: i.project, validFrom: '2026-06-01', kgPerKwh: 0.6 }),
    allowed: 'ownerB',
  },
  {
    route: 'GET /sbuilding/board/energy/cost',
    url: (i) => `/sbuilding/board/energy/cost?projectId=${i.project}&period=MONTH&buildingId=${i.hall}`,
    allowed: 'ownerB',
  },
  {
    route: 'GET /sbuilding/energy/bill/nodes',
    url: (i) => `/sbuilding/energy/bill/nodes?projectId=${i.project}`,
    allowed: 'ownerB',
  },
  {
    route: 'GET /sbuilding/energy/bill',
    url: (i) => `/sbuilding/energy/bill?projectId=${i.project}&month=2026-10&level=building&nodeId=${i.hall}`,
    allowed: 'ownerB',
  },
  {
    route: 'GET /sbuilding/energy/bill/file',
    url: (i) =>
      `/sbuilding/energy/bill/file?projectId=${i.project}&month=2026-10&level=building&nodeId=${i.hall}&format=xlsx`,
    allowed: 'ownerB',
  },
  // Deletions last: B's rows go in the owner's pass.
  {
    route: 'DELETE /sbuilding/energy/emission/{id}',
    url: (i) => `/sbuilding/energy/emission/${i.emission}`,
    allowed: 'ownerB',
  },
  {
    route: 'DELETE /sbuilding/energy/tariff/{id}',
    url: (i) => `/sbuilding/energy/tariff/${i.tariff}`,
    allowed: 'ownerB',
  },
];

/** The meter tree, the board's peak demand and the portfolio (energy-billing/*, portfolio/*). */
export const METER_TREE_CASES: RouteCase[] = [
  {
    route: 'GET /sbuilding/board/energy/demand',
    url: (i) => `/sbuilding/board/energy/demand?projectId=${i.project}&period=MONTH&buildingId=${i.hall}`,
    allowed: 'ownerB',
  },
  {
    route: 'GET /sbuilding/energy/meter-node/list',
    url: (i) => `/sbuilding/energy/meter-node/list?projectId=${i.project}`,
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/energy/meter-node',
    url: () => '/sbuilding/energy/meter-node',
    payload: (i) => ({ projectId: i.project, kind: 'zone', name: `Planted ${nextPlanted()}` }),
    allowed: 'ownerB',
  },
  {
    route: 'PUT /sbuilding/energy/meter-node',
    url: () => '/sbuilding/energy/meter-node',
    payload: (i) => ({ projectId: i.project, id: i.meterNode, kind: 'building', name: 'Renamed by A' }),
    allowed: 'ownerB',
  },
  {
    route: 'GET /sbuilding/energy/meter-tree',
    url: (i) => `/sbuilding/energy/meter-tree?projectId=${i.project}&period=MONTH&anchor=2026-10-15`,
    allowed: 'ownerB',
  },
  {
    // Every caller gets their own tenant's projects: A's answer names none of B's.
    route: 'GET /sbuilding/energy/portfolio',
    url: () => '/sbuilding/energy/portfolio?period=MONTH&anchor=2026-10-15',
    allowed: 'ownerB',
    refused: (res, i) => {
      if (res.statusCode === 403) return;
      expect(res.statusCode).toBe(200);
      const projects = res.json<{ data: { projects: { projectId: number }[] } }>().data.projects;
      expect(projects.map((p) => p.projectId)).not.toContain(i.project);
    },
  },
  {
    route: 'DELETE /sbuilding/energy/meter-node/{id}',
    url: (i) => `/sbuilding/energy/meter-node/${i.meterNode}`,
    allowed: 'ownerB',
  },
];

/** B's weekly report schedule, sent to B's webhook channel. */
export const bSchedule = (i: Ids) => ({
  projectId: i.project,
  name: 'B weekly',
  frequency: 'weekly',
  hour: 8,
  includeReport: true,
  includeBills: false,
  channelIds: [i.channel],
  lang: 'EN',
});
/** A share link of B's weekly report, valid for a day. */
export const bShare = (projectId: number) => ({
  projectId,
  kind: 'report',
  period: 'WEEK',
  anchor: '2026-10-15',
  expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
});

/** Scheduled reports and share links (energy-reports/*): B's project, schedule and link answer 404 to A. */
export const ENERGY_REPORT_CASES: RouteCase[] = [
  {
    route: 'GET /sbuilding/energy/report/schedule/list',
    url: (i) => `/sbuilding/energy/report/schedule/list?projectId=${i.project}`,
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/energy/report/schedule',
    url: () => '/sbuilding/energy/report/schedule',
    payload: (i) => ({ ...bSchedule(i), name: `Planted ${nextPlanted()}` }),
    allowed: 'ownerB',
  },
  {
    route: 'PUT /sbuilding/energy/report/schedule',
    url: () => '/sbuilding/energy/report/schedule',
    payload: (i) => ({ ...bSchedule(i), id: i.reportSchedule, version: 1, name: 'Renamed by A' }),
    allowed: 'ownerB',
  },
  {
    // B's webhook goes nowhere: the send is recorded as failed, and the call still answers.
    route: 'POST /sbuilding/energy/report/schedule/{id}/send',
    url: (i) => `/sbuilding/energy/report/schedule/${i.reportSchedule}/send`,
    allowed: 'ownerB',
  },
  {
    route: 'GET /sbuilding/energy/report/send/list',
    url: (i) => `/sbuilding/energy/report/send/list?projectId=${i.project}`,
    allowed: 'ownerB',
  },
  {
    route: 'GET /sbuilding/energy/report/share/list',
    url: (i) => `/sbuilding/energy/report/share/list?projectId=${i.project}`,
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/energy/report/share',
    url: () => '/sbuilding/energy/report/share',
    payload: (i) => bShare(i.project),
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/energy/report/share/{id}/revoke',
    url: (i) => `/sbuilding/energy/report/share/${i.shareLink}/revoke`,
    allowed: 'ownerB',
  },
  {
    route: 'DELETE /sbuilding/energy/report/schedule/{id}',
    url: (i) => `/sbuilding/energy/report/schedule/${i.reportSchedule}`,
    allowed: 'ownerB',
  },
];
