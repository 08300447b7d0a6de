import { expect } from 'vitest';
import { emptyPage, type RouteCase } from './common.js';

/* Projects (projects/*) and their calendars: holidays and work times (calendar/*). */

export const project = { projectName: 'Tenant B HQ', status: 'deploying', address: 'B street' };
export const work = { startTime: '08:00', endTime: '17:00', timeType: 'WORK', zoneType: 'office', name: 'B' };

export const PROJECT_CASES: RouteCase[] = [
  {
    route: 'POST /sbuilding/project/getList',
    url: () => '/sbuilding/project/getList',
    payload: () => ({ projectName: 'Tenant B' }),
    allowed: 'ownerB',
    // A list has no id to refuse: B's rows must simply not be in it.
    refused: emptyPage,
  },
  { route: 'GET /sbuilding/project/{id}', url: (i) => `/sbuilding/project/${i.project}`, allowed: 'ownerB' },
  {
    route: 'PUT /sbuilding/project/create',
    url: () => '/sbuilding/project/create',
    payload: (i) => ({ ...project, projectName: 'Planted', tenantId: i.tenant }),
    allowed: 'ownerB',
    // Nothing to refuse either: a tenantId in the body is ignored, the project lands in the caller's tenant.
    refused: (res, i) => expect(res.json().data.tenantId).not.toBe(i.tenant),
  },
  {
    route: 'POST /sbuilding/project/save/{id}',
    url: (i) => `/sbuilding/project/save/${i.project}`,
    payload: () => ({ ...project, projectName: 'Tenant B HQ, renamed', version: 1 }),
    allowed: 'ownerB',
  },
];

export const CALENDAR_CASES: RouteCase[] = [
  {
    route: 'GET /sbuilding/vacations/{id}',
    url: (i) => `/sbuilding/vacations/${i.project}?year=2026`,
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/vacations',
    url: () => '/sbuilding/vacations',
    payload: (i) => ({ projectId: i.project, year: 2026, version: 1, days: [] }),
    allowed: 'ownerB',
  },
  {
    route: 'GET /sbuilding/work/rest/list',
    url: (i) => `/sbuilding/work/rest/list?projectId=${i.project}`,
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/work/rest',
    url: () => '/sbuilding/work/rest',
    payload: (i) => ({ ...work, projectId: i.project }),
    allowed: 'ownerB',
  },
  {
    route: 'PUT /sbuilding/work/rest',
    url: () => '/sbuilding/work/rest',
    payload: (i) => ({ ...work, id: i.workTime, version: 1, endTime: '23:00' }),
    allowed: 'ownerB',
  },
  {
    route: 'DELETE /sbuilding/work/rest/{id}',
    url: (i) => `/sbuilding/work/rest/${i.workTime}`,
    allowed: 'ownerB',
  },
];

/** Deleting B's empty project, which CASES tries after the buildings', devices' and marks' cases. */
export const PROJECT_DELETE_CASES: RouteCase[] = [
  {
    route: 'DELETE /sbuilding/project/del/{id}',
    url: (i) => `/sbuilding/project/del/${i.emptyProject}`,
    allowed: 'ownerB',
  },
];
