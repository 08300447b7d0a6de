import { multipartFile, PLAN_SVG, PNG_1X1 } from '../multipart.js';
import { uploadedElsewhere, type RouteCase } from './common.js';

/*
 * Buildings, floors and zones (buildings/*), the pictures and plans uploaded for them (files/*), and the
 * marks and mesh versions on them (device-marks/*).
 */

export const hall = { name: 'B hall', longitude: 116.4, latitude: 39.9, address: 'Beijing' };
export const zone = { name: 'B office', type: 'office', shape: { kind: 'rect', x: 0, y: 0, w: 10, h: 10 } };
export const imageUpload = multipartFile('b.png', PNG_1X1);
export const bMark = { markName: 'B-1', belongType: 'lighting', x: 10, y: 20 };
export const svgUpload = multipartFile('b.svg', PLAN_SVG);

/** B's buildings, floors and zones, the deletions last. */
export const BUILDING_CASES: RouteCase[] = [
  {
    route: 'POST /sbuilding/hall/getList',
    url: () => '/sbuilding/hall/getList',
    payload: (i) => ({ projectId: i.project }),
    allowed: 'ownerB',
  },
  { route: 'GET /sbuilding/hall/{id}', url: (i) => `/sbuilding/hall/${i.hall}`, allowed: 'ownerB' },
  {
    route: 'GET /sbuilding/hall/{id}/qrcode',
    url: (i) => `/sbuilding/hall/${i.hall}/qrcode`,
    allowed: 'ownerB',
  },
  {
    route: 'PUT /sbuilding/hall/create',
    url: () => '/sbuilding/hall/create',
    payload: (i) => ({ ...hall, projectId: i.project }),
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/hall/save/{id}',
    url: (i) => `/sbuilding/hall/save/${i.hall}`,
    payload: (i) => ({ ...hall, imageId: i.image, version: 1 }),
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/floor/getList',
    url: () => '/sbuilding/floor/getList',
    payload: (i) => ({ buildingId: i.hall }),
    allowed: 'ownerB',
  },
  { route: 'GET /sbuilding/floor/{id}', url: (i) => `/sbuilding/floor/${i.floor}`, allowed: 'ownerB' },
  {
    route: 'PUT /sbuilding/floor/create',
    url: () => '/sbuilding/floor/create',
    payload: (i) => ({ buildingId: i.hall, name: 'B F9' }),
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/floor/save/{id}',
    url: (i) => `/sbuilding/floor/save/${i.floor}`,
    payload: (i) => ({ name: 'B F1, renamed', planId: i.plan, version: 1 }),
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/sector/getList',
    url: () => '/sbuilding/sector/getList',
    payload: (i) => ({ floorId: i.floor }),
    allowed: 'ownerB',
  },
  { route: 'GET /sbuilding/sector/{id}', url: (i) => `/sbuilding/sector/${i.zone}`, allowed: 'ownerB' },
  {
    route: 'PUT /sbuilding/sector/create',
    url: () => '/sbuilding/sector/create',
    payload: (i) => ({ ...zone, floorId: i.floor }),
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/sector/save/{id}',
    url: (i) => `/sbuilding/sector/save/${i.zone}`,
    payload: () => ({ ...zone, name: 'B office, renamed', version: 1 }),
    allowed: 'ownerB',
  },
  {
    route: 'DELETE /sbuilding/sector/del/{id}',
    url: (i) => `/sbuilding/sector/del/${i.zone}`,
    allowed: 'ownerB',
  },
  {
    route: 'DELETE /sbuilding/floor/del/{id}',
    url: (i) => `/sbuilding/floor/del/${i.emptyFloor}`,
    allowed: 'ownerB',
  },
  {
    route: 'DELETE /sbuilding/hall/del/{id}',
    url: (i) => `/sbuilding/hall/del/${i.emptyHall}`,
    allowed: 'ownerB',
  },
];

/** Uploads (files/*). */
export const FILE_CASES: RouteCase[] = [
  // <img src> sends no token: a signed link is the permission (see files/routes.ts); a bearer token must be B's.
  { route: 'GET /sbuilding/file/{id}', url: (i) => `/sbuilding/file/${i.image}`, allowed: 'ownerB' },
  {
    route: 'POST /sbuilding/file/upload/image',
    url: (i) => `/sbuilding/file/upload/image?tenantId=${i.tenant}`,
    payload: () => imageUpload.payload,
    headers: imageUpload.headers,
    allowed: 'ownerB',
    refused: uploadedElsewhere,
  },
  {
    route: 'POST /sbuilding/file/upload/svg',
    url: (i) => `/sbuilding/file/upload/svg?tenantId=${i.tenant}`,
    payload: () => svgUpload.payload,
    headers: svgUpload.headers,
    allowed: 'ownerB',
    refused: uploadedElsewhere,
  },
];

/** Marks on B's floor (device-marks/*). */
export const MARK_CASES: RouteCase[] = [
  {
    route: 'POST /sbuilding/mark/getList',
    url: () => '/sbuilding/mark/getList',
    payload: (i) => ({ floorId: i.floor }),
    allowed: 'ownerB',
  },
  {
    route: 'PUT /sbuilding/mark/create',
    url: () => '/sbuilding/mark/create',
    payload: (i) => ({ ...bMark, floorId: i.floor }),
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/mark/save/{id}',
    url: (i) => `/sbuilding/mark/save/${i.mark}`,
    payload: () => ({ ...bMark, markName: 'B-1, renamed', version: 1 }),
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/mark/move/{id}',
    url: (i) => `/sbuilding/mark/move/${i.movableMark}`,
    payload: () => ({ x: 1, y: 2, version: 1 }),
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/mark/bind/{id}',
    url: (i) => `/sbuilding/mark/bind/${i.bindableMark}`,
    payload: (i) => ({ deviceId: i.markDevice, version: 1 }),
    allowed: 'ownerB',
  },
  {
    route: 'DELETE /sbuilding/mark/del/{id}',
    url: (i) => `/sbuilding/mark/del/${i.mark}`,
    allowed: 'ownerB',
  },
];

/** Mesh versions of B's building (device-marks/mesh-*). */
export const MESH_CASES: RouteCase[] = [
  {
    route: 'POST /sbuilding/mesh/getList',
    url: () => '/sbuilding/mesh/getList',
    payload: (i) => ({ buildingId: i.hall }),
    allowed: 'ownerB',
  },
  { route: 'GET /sbuilding/mesh/{id}', url: (i) => `/sbuilding/mesh/${i.meshVersion}`, allowed: 'ownerB' },
  {
    route: 'POST /sbuilding/mesh/save/{id}',
    url: (i) => `/sbuilding/mesh/save/${i.meshVersion}`,
    payload: () => ({ description: 'B commissioning' }),
    allowed: 'ownerB',
  },
];
