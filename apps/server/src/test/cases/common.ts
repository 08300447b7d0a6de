import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';

/*
 * What every domain's cases share (route-cases.ts assembles them into CASES): the ids of a planted world, the
 * shape of a case, the refusals more than one domain's routes answer with, and the counter that keeps the
 * names and codes the tries create new.
 */

/** The ids of one world's rows (plantWorld in test/world.ts plants them). */
export interface Ids {
  /** The world's letter (B, M, N …): names and device identities carry it, unique within a tenant. */
  tag: string;
  /** Two hex digits the world's MAC addresses start with. */
  hex: string;
  /** The world's main building's name (an import names its building by name). */
  hallName: string;
  /** A save body of the imported generator table's settings (version 1, as imported). */
  genSettings: object;
  tenant: number;
  /** B's project with a work time and a 2026 calendar. */
  project: number;
  /** B's empty project (deletable). */
  emptyProject: number;
  workTime: number;
  config: number;
  dict: number;
  /** B's building with a floor (and that floor a zone), and an empty one (deletable). */
  hall: number;
  emptyHall: number;
  floor: number;
  emptyFloor: number;
  zone: number;
  /** B's uploaded picture and floor plan. */
  image: string;
  plan: string;
  /** B's tbCustomer (deletable), and a tenant with nothing in it (deletable). */
  user: number;
  emptyTenant: number;
  /** Tables imported into the code generator (platform data, admin only): one to edit, one to remove. */
  genTable: number;
  emptyGenTable: number;
  /** B's light on the floor, its group, and marks on the floor (to save and delete, to move, to bind). */
  markDevice: number;
  group: number;
  mark: number;
  movableMark: number;
  bindableMark: number;
  /** A mesh version of B's building. */
  meshVersion: number;
  /** B's project's tariff plan and grid emission factor (energy-billing). */
  tariff: number;
  emission: number;
  /** B's registry devices (devices/*): a zone holding some, gateways, devices to read, save and delete. */
  deviceZone: number;
  acGateway: number;
  acUnit: number;
  gateway4g: number;
  sensor: number;
  light: number;
  panel: number;
  bleGateway: number;
  deletableDevice: number;
  /** Offline alerts of B's devices: one to process, one to ignore (both general), one urgent for ignore-all. */
  alert: number;
  ignorableAlert: number;
  /** B's scene switching B's light (saved, enabled, explained, executed, then deleted). */
  scene: number;
  /** B's noon nap on B's device zone, bound to B's NAP work time (saved, switched off, then deleted). */
  noonNap: number;
  /** B's AC automation of a group holding B's AC (saved, switched, explained, then deleted). */
  acAutomation: number;
  acGroup: number;
  /** B's threshold rule (edited, switched off, then deleted). */
  alertRule: number;
  /** B's webhook channel (saved, test-sent to nowhere, then deleted). */
  channel: number;
  /** B's identity provider (saved, then deleted) and an invitation into B (revoked). */
  ssoProvider: number;
  invitation: number;
  /** B's manager's API key (revoked at the end). */
  apiKey: number;
  /** B's meter tree node (edited, then deleted), report schedule (edited, sent, deleted) and share link (revoked). */
  meterNode: number;
  reportSchedule: number;
  shareLink: number;
  /** B's work order (new, version 1: edited, moved, commented, assigned) and maintenance plan (edited, deleted). */
  workOrder: number;
  maintenancePlan: number;
  /** B's fault finding on its light (open, version 1; acknowledged, fixed and made a work order of). */
  finding: number;
}

export interface RouteCase {
  /** `METHOD /path/{param}` as /docs lists it. */
  route: string;
  url(ids: Ids): string;
  payload?(ids: Ids): object;
  /** Extra request headers (a multipart upload's content type). */
  headers?: Record<string, string>;
  /** Who may do this, to show the ids are real. */
  allowed: 'ownerB' | 'admin';
  /** What B's own try answers when not 200: a command to B's device that no broker can deliver is 503. */
  allowedStatus?: number;
  /** What tenant A's attempt must answer; 403 or 404 unless the route has nothing to refuse. */
  refused?(res: LightMyRequestResponse, ids: Ids, callerTenant?: number | null): void;
}

export const refusedWith403or404 = (res: LightMyRequestResponse) =>
  expect([403, 404]).toContain(res.statusCode);

/** Numbers names created by the tries, so each is new. */
let planted = 0;
export const nextPlanted = () => ++planted;

/** An upload names no id to refuse: a tenantId in the query is ignored, the file lands in the caller's tenant. */
export const uploadedElsewhere = (res: LightMyRequestResponse, i: Ids, callerTenant?: number | null) => {
  expect(res.statusCode).toBe(200);
  if (callerTenant === undefined || callerTenant === null)
    expect(res.json().data.tenantId).not.toBe(i.tenant);
  else expect(res.json().data.tenantId).toBe(callerTenant);
};

/**
 * A list filtered by one of B's ids: the access policy refuses the id (404, as for an id that does not exist),
 * or, where the filter names none (or is ignored), B's rows are simply not in it: none of its project, tenant
 * or user. The caller's own rows may be.
 */
export const emptyPage = (res: LightMyRequestResponse, i: Ids) => {
  if (res.statusCode === 404) return;
  expect(res.statusCode).toBe(200);
  const data: unknown = res.json().data;
  const rows: unknown = Array.isArray(data) ? data : (data as { rows?: unknown }).rows;
  expect(Array.isArray(rows)).toBe(true);
  for (const row of rows as Record<string, unknown>[]) {
    if ('projectId' in row) expect(row.projectId).not.toBe(i.project);
    else if ('tenantId' in row) expect(row.tenantId).not.toBe(i.tenant);
    else if ('deptId' in row) expect(row.deptId).not.toBe(i.tenant);
    if ('userId' in row) expect(row.userId).not.toBe(i.user);
    if ('deviceId' in row) expect([i.sensor, i.light, i.markDevice]).not.toContain(row.deviceId);
  }
};
