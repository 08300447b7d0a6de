import type { Ids, RouteCase } from './common.js';
import type { Db } from '../../platform/db/client.js';
import { fddFindings } from '../../modules/fdd/tables.js';

/*
 * Fault detection (issue 38). Each world has a finding on its light (open, version 1, a one-click fix that
 * switches it off: plantWorld writes it as the rules would): the cases read it, acknowledge it, send its fix
 * (the light is not connected: 503, as sendCmd answers), and make a work order of it, in this order.
 * Another tenant's, another project's or another building's ids answer 404.
 */
export const FDD_CASES: RouteCase[] = [
  {
    route: 'POST /sbuilding/fdd/finding/getList',
    url: () => '/sbuilding/fdd/finding/getList',
    payload: (i) => ({ projectId: i.project, pageNum: 1, pageSize: 10 }),
    allowed: 'ownerB',
  },
  {
    route: 'GET /sbuilding/fdd/finding/{id}',
    url: (i) => `/sbuilding/fdd/finding/${i.finding}`,
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/fdd/finding/transition/{id}',
    url: (i) => `/sbuilding/fdd/finding/transition/${i.finding}`,
    payload: () => ({ to: 'acknowledged', version: 1 }),
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/fdd/finding/fix/{id}',
    url: (i) => `/sbuilding/fdd/finding/fix/${i.finding}`,
    payload: () => ({}),
    allowed: 'ownerB',
    allowedStatus: 503,
  },
  {
    route: 'POST /sbuilding/fdd/finding/workOrder/{id}',
    url: (i) => `/sbuilding/fdd/finding/workOrder/${i.finding}`,
    allowed: 'ownerB',
  },
  {
    route: 'GET /sbuilding/fdd/rule/list',
    url: (i) => `/sbuilding/fdd/rule/list?projectId=${i.project}`,
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/fdd/rule/save/{id}',
    url: (i) => `/sbuilding/fdd/rule/save/${i.project}`,
    payload: () => ({ rule: 'sensorStuck', enabled: true, params: { hours: 8, minReadings: 6 } }),
    allowed: 'ownerB',
  },
  {
    route: 'GET /sbuilding/fdd/summary',
    url: (i) => `/sbuilding/fdd/summary?projectId=${i.project}&period=MONTH`,
    allowed: 'ownerB',
  },
];

/**
 * A finding on the world's light as the rules would raise it (its room left lit after hours): the rules need
 * readings and time to raise one, which the world does not have.
 */
export async function plantFinding(db: Db, ids: Ids): Promise<number> {
  const at = new Date();
  const [row] = await db
    .insert(fddFindings)
    .values({
      tenantId: ids.tenant,
      projectId: ids.project,
      buildingId: ids.hall,
      deviceId: ids.light,
      rule: 'lightsOnVacant',
      firstSeen: at,
      lastSeen: at,
      checkedAt: at,
      raisedAt: at,
      evidence: { readings: { onOff: true }, wasteWatts: 36.5, fix: { key: 'onOff', value: false } },
    })
    .returning({ id: fddFindings.id });
  if (!row) throw new Error('no finding planted');
  return row.id;
}
