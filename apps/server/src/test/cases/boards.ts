import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Ids, RouteCase } from './common.js';

/* The boards (boards/*), the platform overview (overview/*) and the mini-program (mini-program/*). */

/** The light, AC, air and space boards (boards/*): B's building, project and zone answer 404 to A. */
export const BOARD_CASES: RouteCase[] = [
  {
    route: 'GET /sbuilding/board/light',
    url: (i) => `/sbuilding/board/light?buildingId=${i.hall}`,
    allowed: 'ownerB',
  },
  {
    route: 'GET /sbuilding/board/ac',
    url: (i) => `/sbuilding/board/ac?projectId=${i.project}&buildingId=${i.hall}`,
    allowed: 'ownerB',
  },
  {
    route: 'GET /sbuilding/board/air',
    url: (i) => `/sbuilding/board/air?projectId=${i.project}&buildingId=${i.hall}`,
    allowed: 'ownerB',
  },
  {
    route: 'GET /sbuilding/board/air/trend',
    url: (i) => `/sbuilding/board/air/trend?zoneId=${i.deviceZone}&range=7d`,
    allowed: 'ownerB',
  },
  {
    route: 'GET /sbuilding/board/space',
    url: (i) => `/sbuilding/board/space?projectId=${i.project}&buildingId=${i.hall}`,
    allowed: 'ownerB',
  },
];

/** The platform overview (overview/*): B's project answers 404 to A. */
export const OVERVIEW_CASES: RouteCase[] = [
  {
    route: 'GET /sbuilding/board/overview',
    url: (i) => `/sbuilding/board/overview?projectId=${i.project}`,
    allowed: 'ownerB',
  },
];

/** A list of buildings names none of B's: refused (403) or the caller's own only. */
const noBHalls = (res: LightMyRequestResponse, i: Ids) => {
  if (res.statusCode === 403) return;
  expect(res.statusCode).toBe(200);
  expect(res.json().data.map((h: { id: number }) => h.id)).not.toContain(i.hall);
};

/**
 * The mini-program (mini-program/*): B's manager may open B's building in it (tbAdmin previews what
 * occupants see); nobody else's id reaches B's building, lights or scenes. A weixin customer of tenant A
 * is tried on every case below too.
 */
export const MINI_PROGRAM_CASES: RouteCase[] = [
  {
    route: 'GET /sbuilding/user/hallOptions',
    url: (i) => `/sbuilding/user/hallOptions?tenantId=${i.tenant}`,
    allowed: 'ownerB',
    refused: noBHalls,
  },
  {
    route: 'GET /sbuilding/wx/halls',
    url: () => '/sbuilding/wx/halls',
    allowed: 'ownerB',
    refused: noBHalls,
  },
  { route: 'GET /sbuilding/wx/hall/{id}', url: (i) => `/sbuilding/wx/hall/${i.hall}`, allowed: 'ownerB' },
  {
    route: 'GET /sbuilding/wx/hall/{id}/summary',
    url: (i) => `/sbuilding/wx/hall/${i.hall}/summary`,
    allowed: 'ownerB',
  },
  {
    route: 'GET /sbuilding/wx/hall/{id}/scenes',
    url: (i) => `/sbuilding/wx/hall/${i.hall}/scenes`,
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/wx/device/{id}/command',
    url: (i) => `/sbuilding/wx/device/${i.light}/command`,
    payload: () => ({ method: 'setOnOff', params: { onOff: true } }),
    allowed: 'ownerB',
    // Nothing is connected: B's own try reaches the command path and answers 'Unable to access device'.
    allowedStatus: 503,
  },
  {
    route: 'POST /sbuilding/wx/scene/{id}/run',
    url: (i) => `/sbuilding/wx/scene/${i.scene}/run`,
    allowed: 'ownerB',
  },
];
