import { DEFAULT_SERVICE_LEVELS } from '@sbuilding/shared';
import { multipartFile, PNG_1X1 } from '../multipart.js';
import { uploadedElsewhere, type Ids, type RouteCase } from './common.js';

/*
 * Work orders (issue 37): the console's calls, maintenance plans, settings and figures, and an occupant's
 * reports from the mini-program. Each world has a work order (new, made by its owner, version 1) and a
 * maintenance plan (version 1): the cases below edit, move, comment and assign the one, edit and delete the
 * other, in this order. Another tenant's, another project's or another building's ids answer 404.
 */

/** The world's work order as its owner reports it (plantWorld): at the world's light, due in 3 working days. */
export const bWorkOrder = (i: Pick<Ids, 'project' | 'light'>) => ({
  projectId: i.project,
  deviceId: i.light,
  title: 'B light flickers',
  description: 'Flickers since Monday',
  priority: 'normal',
});

/** The world's maintenance plan: its light, every 3 months from a date far ahead (no run during a test). */
export const bMaintenancePlan = (i: Pick<Ids, 'project' | 'light'>) => ({
  projectId: i.project,
  name: 'B light check',
  deviceIds: [i.light],
  interval: 3,
  intervalUnit: 'months',
  startDate: '2030-01-06',
  hour: 8,
});

const photoUpload = multipartFile('b-report.png', PNG_1X1);

/** Numbers the titles the tries make, so each is new. */
let made = 0;

export const WORK_ORDER_CASES: RouteCase[] = [
  {
    route: 'PUT /sbuilding/workorder/create',
    url: () => '/sbuilding/workorder/create',
    payload: (i) => ({ ...bWorkOrder(i), title: `B report ${++made}`, buildingId: i.hall, floorId: i.floor }),
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/workorder/getList',
    url: () => '/sbuilding/workorder/getList',
    payload: (i) => ({ projectId: i.project, pageNum: 1, pageSize: 10 }),
    allowed: 'ownerB',
  },
  {
    route: 'GET /sbuilding/workorder/{id}',
    url: (i) => `/sbuilding/workorder/${i.workOrder}`,
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/workorder/save/{id}',
    url: (i) => `/sbuilding/workorder/save/${i.workOrder}`,
    payload: (i) => ({
      version: 1,
      deviceId: i.light,
      title: 'B light flickers, renamed',
      description: 'Flickers since Monday',
      priority: 'high',
    }),
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/workorder/transition/{id}',
    url: (i) => `/sbuilding/workorder/transition/${i.workOrder}`,
    payload: () => ({ to: 'inProgress', note: 'On my way' }),
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/workorder/comment/{id}',
    url: (i) => `/sbuilding/workorder/comment/${i.workOrder}`,
    payload: () => ({ text: 'The driver is burnt' }),
    allowed: 'ownerB',
  },
  {
    // Bulk assignment to the world's tbCustomer (its deletion comes later in CASES).
    route: 'POST /sbuilding/workorder/assign',
    url: () => '/sbuilding/workorder/assign',
    payload: (i) => ({ ids: [i.workOrder], assigneeId: i.user }),
    allowed: 'ownerB',
  },
  {
    route: 'PUT /sbuilding/workorder/fromAlert/{alertId}',
    url: (i) => `/sbuilding/workorder/fromAlert/${i.alert}`,
    allowed: 'ownerB',
  },
  {
    route: 'GET /sbuilding/workorder/stats',
    url: (i) => `/sbuilding/workorder/stats?projectId=${i.project}&months=3`,
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/workorder/export',
    url: () => '/sbuilding/workorder/export',
    payload: (i) => ({ projectId: i.project }),
    allowed: 'ownerB',
  },
  {
    route: 'GET /sbuilding/workorder/assignees',
    url: (i) => `/sbuilding/workorder/assignees?projectId=${i.project}`,
    allowed: 'ownerB',
  },
  {
    route: 'GET /sbuilding/workorder/settings',
    url: (i) => `/sbuilding/workorder/settings?projectId=${i.project}`,
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/workorder/settings',
    url: () => '/sbuilding/workorder/settings',
    payload: (i) => ({
      projectId: i.project,
      serviceLevels: { ...DEFAULT_SERVICE_LEVELS, urgent: { amount: 2, unit: 'hours' } },
      autoFromAlerts: { enabled: true, levels: ['urgent'], types: ['offline'] },
      version: 0,
    }),
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/workorder/plan/getList',
    url: () => '/sbuilding/workorder/plan/getList',
    payload: (i) => ({ projectId: i.project }),
    allowed: 'ownerB',
  },
  {
    route: 'PUT /sbuilding/workorder/plan/create',
    url: () => '/sbuilding/workorder/plan/create',
    payload: (i) => ({ ...bMaintenancePlan(i), name: `B plan ${++made}` }),
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/workorder/plan/save/{id}',
    url: (i) => `/sbuilding/workorder/plan/save/${i.maintenancePlan}`,
    payload: (i) => {
      const { projectId: _project, ...fields } = bMaintenancePlan(i);
      return { ...fields, version: 1, interval: 90, intervalUnit: 'days' };
    },
    allowed: 'ownerB',
  },
  {
    route: 'DELETE /sbuilding/workorder/plan/del/{id}',
    url: (i) => `/sbuilding/workorder/plan/del/${i.maintenancePlan}`,
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/workorder/upload/photo',
    url: (i) => `/sbuilding/workorder/upload/photo?tenantId=${i.tenant}`,
    payload: () => photoUpload.payload,
    headers: photoUpload.headers,
    allowed: 'ownerB',
    refused: uploadedElsewhere,
  },
  {
    route: 'POST /sbuilding/wx/workorder/upload/photo',
    url: (i) => `/sbuilding/wx/workorder/upload/photo?tenantId=${i.tenant}`,
    payload: () => photoUpload.payload,
    headers: photoUpload.headers,
    allowed: 'ownerB',
    refused: uploadedElsewhere,
  },
  {
    // B's manager may report from the mini-program too (tbAdmin previews what occupants see).
    route: 'PUT /sbuilding/wx/workorder/create',
    url: () => '/sbuilding/wx/workorder/create',
    payload: (i) => ({ hallId: i.hall, zoneId: i.deviceZone, description: `The blinds are stuck ${++made}` }),
    allowed: 'ownerB',
  },
  {
    route: 'GET /sbuilding/wx/workorders',
    url: (i) => `/sbuilding/wx/workorders?hallId=${i.hall}`,
    allowed: 'ownerB',
  },
];
