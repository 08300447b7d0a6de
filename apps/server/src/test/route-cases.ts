import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { multipartFile, PLAN_SVG, PNG_1X1 } from './multipart.js';
import { WORK_ORDER_CASES } from './cases/work-orders.js';
import { FDD_CASES } from './cases/fdd.js';

/**
 * One case per route of the API: how to call it on a world's rows (the ids of `Ids`), who may (its owner, or
 * the platform administrator), and what a refused try answers where a route has nothing to refuse. The
 * tenant-isolation test tries every case as another tenant; the authorization matrix tries every case with
 * every kind of principal on its own project's, another project's and another tenant's rows.
 *
 * Extend CASES when adding a route: both tests' coverage checks fail for a documented route without a case
 * or a reason in NOT_TENANT_DATA.
 */

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

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

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
const only403 = (res: LightMyRequestResponse) => expect(res.statusCode).toBe(403);
/** A list of buildings names none of B's: refused (403) or the caller's own only. */
const noBHalls = (res: LightMyRequestResponse, i: Ids) => {
  if (res.statusCode === 403) return;
  expect(res.statusCode).toBe(200);
  expect(res.json().data.map((h: { id: number }) => h.id)).not.toContain(i.hall);
};
export const project = { projectName: 'Tenant B HQ', status: 'deploying', address: 'B street' };
export const work = { startTime: '08:00', endTime: '17:00', timeType: 'WORK', zoneType: 'office', name: 'B' };
export const setting = { configName: 'B setting', configKey: 'b.setting', configValue: 'x', remark: '' };
export const dictRow = { dictType: 'sb_b_test', dictLabel: 'B', dictValue: 'b' };
export const hall = { name: 'B hall', longitude: 116.4, latitude: 39.9, address: 'Beijing' };
export const zone = { name: 'B office', type: 'office', shape: { kind: 'rect', x: 0, y: 0, w: 10, h: 10 } };
export const imageUpload = multipartFile('b.png', PNG_1X1);
export const bUser = { nickName: 'B customer', role: 'tbCustomer', password: 'secret123' };
export const bMark = { markName: 'B-1', belongType: 'lighting', x: 10, y: 20 };
/** Numbers names created by the tries, so each is new. */
let planted = 0;
export const svgUpload = multipartFile('b.svg', PLAN_SVG);
/** A device import file and rows naming the world's building by name. */
const IMPORT_BOUNDARY = '----sbuilding-import';
const importUpload = (i: Ids) =>
  multipartFile(
    'b-devices.csv',
    `model,name,building\r\nth10,B sensor,${i.hallName}\r\n`,
    undefined,
    undefined,
    IMPORT_BOUNDARY,
  );
const importRows = (i: Ids) => [
  {
    line: 2,
    values: {
      model: 'th10',
      name: 'B sensor',
      building: i.hallName,
      macAddr: `${i.hex}:0A:00:00:00:01`,
      codeAddr: `${i.tag}IMPORT00001`,
    },
  },
];
/** An upload names no id to refuse: a tenantId in the query is ignored, the file lands in the caller's tenant. */
const uploadedElsewhere = (res: LightMyRequestResponse, i: Ids, callerTenant?: number | null) => {
  expect(res.statusCode).toBe(200);
  if (callerTenant === undefined || callerTenant === null)
    expect(res.json().data.tenantId).not.toBe(i.tenant);
  else expect(res.json().data.tenantId).toBe(callerTenant);
};

/** A last-12 code or MAC no try used before. */
export const nextCode = () => `BCODE${String(++planted).padStart(7, '0')}`;
/** Two bytes of a counter: thousands of tries (the authorization matrix) never repeat one. */
export const nextMac = () => {
  const n = ++planted % 65_536;
  const hex = (b: number) => b.toString(16).padStart(2, '0').toUpperCase();
  return `BB:0D:00:${hex(n >> 8)}:${hex(n & 255)}:01`;
};
export const onB = (i: Ids) => ({ buildingId: i.hall, floorId: i.floor });
/**
 * A list filtered by one of B's ids: the access policy refuses the id (404, as for an id that does not exist),
 * or, where the filter names none (or is ignored), B's rows are simply not in it: none of its project, tenant
 * or user. The caller's own rows may be.
 */
const emptyPage = (res: LightMyRequestResponse, i: Ids) => {
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
export const bLight = (i: Pick<Ids, 'tag' | 'hex'>) => ({
  name: 'B lamp',
  macAddr: `${i.hex}:0D:00:00:00:02`,
  codeAddr: `${i.tag}LIGHT000002`,
});

/** The device registry (devices/*). */
const DEVICE_CASES: RouteCase[] = [
  {
    route: 'GET /sbuilding/device/getDeviceInfoById/{id}',
    url: (i) => `/sbuilding/device/getDeviceInfoById/${i.sensor}`,
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/device/getList',
    url: () => '/sbuilding/device/getList',
    payload: (i) => ({ projectId: i.project }),
    allowed: 'ownerB',
    refused: emptyPage,
  },
  {
    route: 'POST /sbuilding/device/getList/v2',
    url: () => '/sbuilding/device/getList/v2',
    payload: (i) => ({ buildingId: i.hall }),
    allowed: 'ownerB',
    refused: emptyPage,
  },
  {
    route: 'POST /sbuilding/device/getList/v3',
    url: () => '/sbuilding/device/getList/v3',
    payload: (i) => ({ buildingId: i.hall }),
    allowed: 'ownerB',
    refused: emptyPage,
  },
  {
    route: 'GET /sbuilding/device/getListBySector/{id}',
    url: (i) => `/sbuilding/device/getListBySector/${i.deviceZone}`,
    allowed: 'ownerB',
  },
  {
    route: 'PUT /sbuilding/device/createBleGateway/{id}',
    url: (i) => `/sbuilding/device/createBleGateway/${i.floor}`,
    payload: () => ({
      name: 'B BLE',
      macAddr: nextMac(),
      codeAddr: nextCode(),
      serverAddr: 'b.example',
      port: 1883,
    }),
    allowed: 'ownerB',
  },
  {
    route: 'GET /sbuilding/device/queryInitBleGatewayStatus/{id}',
    url: (i) => `/sbuilding/device/queryInitBleGatewayStatus/${i.bleGateway}`,
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/device/save/{id}',
    url: (i) => `/sbuilding/device/save/${i.light}`,
    payload: (i) => ({ ...onB(i), ...bLight(i), name: 'B lamp, renamed', version: 1 }),
    allowed: 'ownerB',
  },
  {
    route: 'PUT /sbuilding/device/create-ac20',
    url: () => '/sbuilding/device/create-ac20',
    payload: (i) => ({
      ...onB(i),
      name: 'B AC',
      acGatewayId: i.acGateway,
      indoorAddr: ++planted % 256,
      outdoorAddr: 1,
    }),
    allowed: 'ownerB',
  },
  {
    route: 'PUT /sbuilding/device/create-cc10',
    url: () => '/sbuilding/device/create-cc10',
    payload: (i) => ({
      ...onB(i),
      name: 'B ACGW',
      gatewayAddr: ++planted % 256,
      serverAddr: '10.0.0.1',
      port: 502,
    }),
    allowed: 'ownerB',
  },
  {
    route: 'PUT /sbuilding/4G-device/create-gw',
    url: () => '/sbuilding/4G-device/create-gw',
    payload: (i) => ({ ...onB(i), name: 'B 4G', codeAddr: nextCode(), serverAddr: 'b.example', port: 8883 }),
    allowed: 'ownerB',
  },
  {
    route: 'PUT /sbuilding/4G-device/create-ammeter',
    url: () => '/sbuilding/4G-device/create-ammeter',
    payload: (i) => ({
      ...onB(i),
      name: 'B meter',
      gatewayId: i.gateway4g,
      codeAddr: nextCode(),
      channel: 1,
      ratio: 1,
      transformerRatio: 1,
    }),
    allowed: 'ownerB',
  },
  {
    route: 'PUT /sbuilding/4G-device/create-sair',
    url: () => '/sbuilding/4G-device/create-sair',
    payload: (i) => ({ ...onB(i), name: 'B air', codeAddr: nextCode(), serverAddr: 'b.example', port: 8883 }),
    allowed: 'ownerB',
  },
  {
    route: 'PUT /sbuilding/device/create/{model}',
    url: () => '/sbuilding/device/create/th10',
    payload: (i) => ({ ...onB(i), name: 'B TH', macAddr: nextMac(), codeAddr: nextCode() }),
    allowed: 'ownerB',
  },
  {
    route: 'GET /sbuilding/device/credentials/{id}',
    url: (i) => `/sbuilding/device/credentials/${i.sensor}`,
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/device/credentials/{id}',
    url: (i) => `/sbuilding/device/credentials/${i.sensor}`,
    allowed: 'ownerB',
  },
  {
    route: 'GET /sbuilding/dev-client-attr/get/{id}',
    url: (i) => `/sbuilding/dev-client-attr/get/${i.sensor}`,
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/dev-client-attr/save-s2/{id}',
    url: (i) => `/sbuilding/dev-client-attr/save-s2/${i.light}`,
    payload: () => ({ defaultBrightness: 10 }),
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/dev-client-attr/save-e90/{id}',
    url: (i) => `/sbuilding/dev-client-attr/save-e90/${i.sensor}`,
    payload: () => ({ pirOffDelay: 5 }),
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/dev-client-attr/save-kxx/v2/{id}',
    url: (i) => `/sbuilding/dev-client-attr/save-kxx/v2/${i.panel}`,
    payload: () => ({ defaultBrightness: 7 }),
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/dev-client-attr/save/{id}',
    url: (i) => `/sbuilding/dev-client-attr/save/${i.sensor}`,
    payload: () => ({ heartbeat: 3 }),
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/dev-client-attr/save-ac20/batch',
    url: () => '/sbuilding/dev-client-attr/save-ac20/batch',
    payload: (i) => ({ ids: [i.acUnit], attributes: { timeout: 5 } }),
    allowed: 'ownerB',
  },
  {
    route: 'DELETE /sbuilding/device/del/{id}',
    url: (i) => `/sbuilding/device/del/${i.deletableDevice}`,
    allowed: 'ownerB',
  },
];

/** Commands: B's own try reaches the broker stage (503, nothing connected here); A's stops at 404. */
const COMMAND_CASES: RouteCase[] = [
  {
    route: 'POST /sbuilding/dev-rpccmd/sendCmd',
    url: () => '/sbuilding/dev-rpccmd/sendCmd',
    payload: (i) => ({ deviceId: i.light, method: 'setOnOff', params: { onOff: true } }),
    allowed: 'ownerB',
    allowedStatus: 503,
  },
  {
    route: 'POST /sbuilding/dev-rpccmd/reboot-ba/{id}',
    url: (i) => `/sbuilding/dev-rpccmd/reboot-ba/${i.bleGateway}`,
    allowed: 'ownerB',
    allowedStatus: 503,
  },
  {
    route: 'GET /sbuilding/telemetry/history/{id}',
    url: (i) =>
      `/sbuilding/telemetry/history/${i.sensor}?keys=temperature&from=2026-11-10T00:00:00Z&to=2026-11-11T00:00:00Z`,
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/control-log/getList',
    url: () => '/sbuilding/control-log/getList',
    payload: (i) => ({ projectId: i.project }),
    allowed: 'ownerB',
    refused: emptyPage,
  },
];

/** Scenes (scenes/*): B's own execute reaches the command path (nothing connected: a failed run, 200). */
export const bScene = (i: Ids) => ({
  name: `B scene ${++planted}`,
  // Offered in the mini-program: B's own run of it through /sbuilding/wx proves the id real.
  miniProgram: true,
  triggerType: 'manual',
  category: 'light',
  targets: [{ kind: 'device', id: i.light }],
  actions: [{ method: 'setOnOff', params: { onOff: false } }],
});
/**
 * The mini-program (mini-program/*): B's manager may open B's building in it (tbAdmin previews what
 * occupants see); nobody else's id reaches B's building, lights or scenes. A weixin customer of tenant A
 * is tried on every case below too.
 */
const MINI_PROGRAM_CASES: RouteCase[] = [
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

const SCENE_CASES: RouteCase[] = [
  {
    route: 'POST /sbuilding/scene/getList',
    url: () => '/sbuilding/scene/getList',
    payload: (i) => ({ projectId: i.project }),
    allowed: 'ownerB',
  },
  { route: 'GET /sbuilding/scene/{id}', url: (i) => `/sbuilding/scene/${i.scene}`, allowed: 'ownerB' },
  {
    route: 'PUT /sbuilding/scene/create',
    url: () => '/sbuilding/scene/create',
    payload: (i) => ({ ...bScene(i), projectId: i.project }),
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/scene/save/{id}',
    url: (i) => `/sbuilding/scene/save/${i.scene}`,
    payload: (i) => ({ ...bScene(i), version: 1 }),
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/scene/enable/{id}',
    url: (i) => `/sbuilding/scene/enable/${i.scene}`,
    payload: () => ({ enabled: true }),
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/scene/explain/{id}',
    url: (i) => `/sbuilding/scene/explain/${i.scene}`,
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/scene/execute/{id}',
    url: (i) => `/sbuilding/scene/execute/${i.scene}`,
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/scene/runs',
    url: () => '/sbuilding/scene/runs',
    payload: (i) => ({ projectId: i.project }),
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/scene/savings',
    url: () => '/sbuilding/scene/savings',
    payload: (i) => ({ projectId: i.project }),
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/scene/savings/evidence',
    url: () => '/sbuilding/scene/savings/evidence',
    payload: (i) => ({ sceneId: i.scene }),
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/scene/week',
    url: () => '/sbuilding/scene/week',
    payload: (i) => ({ projectId: i.project, from: '2026-09-20' }),
    allowed: 'ownerB',
  },
  { route: 'DELETE /sbuilding/scene/{id}', url: (i) => `/sbuilding/scene/${i.scene}`, allowed: 'ownerB' },
];

/** Noon naps (scenes/noon-nap-*). */
export const bNoonNap = (i: Ids) => ({
  name: `B nap ${++planted}`,
  zoneIds: [i.deviceZone],
  dimLevel: 40,
  acAction: 'sleep',
});
const NOON_NAP_CASES: RouteCase[] = [
  {
    route: 'POST /sbuilding/noonNap/getList',
    url: () => '/sbuilding/noonNap/getList',
    payload: (i) => ({ projectId: i.project }),
    allowed: 'ownerB',
  },
  {
    route: 'GET /sbuilding/noonNap/options',
    url: (i) => `/sbuilding/noonNap/options?projectId=${i.project}`,
    allowed: 'ownerB',
  },
  {
    route: 'PUT /sbuilding/noonNap/create',
    url: () => '/sbuilding/noonNap/create',
    payload: (i) => ({ ...bNoonNap(i), projectId: i.project }),
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/noonNap/save/{id}',
    url: (i) => `/sbuilding/noonNap/save/${i.noonNap}`,
    payload: (i) => ({ ...bNoonNap(i), version: 1 }),
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/noonNap/enable/{id}',
    url: (i) => `/sbuilding/noonNap/enable/${i.noonNap}`,
    payload: () => ({ enabled: false }),
    allowed: 'ownerB',
  },
  {
    route: 'DELETE /sbuilding/noonNap/{id}',
    url: (i) => `/sbuilding/noonNap/${i.noonNap}`,
    allowed: 'ownerB',
  },
];

/** AC automation (ac-automation/*): B's create is for B's AC itself, the existing config is its group's. */
export const bAcAutomation = (i: Ids) => ({
  setTemperature: 24,
  timingOpenClose: true,
  openTime: '08:00',
  closeTime: '18:00',
  targetId: i.acGroup,
  targetKind: 'group',
});
const AC_AUTOMATION_CASES: RouteCase[] = [
  {
    route: 'POST /sbuilding/acAutomation/getList',
    url: () => '/sbuilding/acAutomation/getList',
    payload: (i) => ({ projectId: i.project }),
    allowed: 'ownerB',
  },
  {
    route: 'GET /sbuilding/acAutomation/{id}',
    url: (i) => `/sbuilding/acAutomation/${i.acAutomation}`,
    allowed: 'ownerB',
  },
  {
    route: 'PUT /sbuilding/acAutomation/create',
    url: () => '/sbuilding/acAutomation/create',
    payload: (i) => ({ ...bAcAutomation(i), targetKind: 'device', targetId: i.acUnit, projectId: i.project }),
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/acAutomation/save/{id}',
    url: (i) => `/sbuilding/acAutomation/save/${i.acAutomation}`,
    payload: (i) => ({ ...bAcAutomation(i), setTemperature: 25, version: 1 }),
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/acAutomation/active/{id}',
    url: (i) => `/sbuilding/acAutomation/active/${i.acAutomation}`,
    payload: () => ({ active: false }),
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/acAutomation/explain/{id}',
    url: (i) => `/sbuilding/acAutomation/explain/${i.acAutomation}`,
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/acAutomation/savings',
    url: () => '/sbuilding/acAutomation/savings',
    payload: (i) => ({ projectId: i.project }),
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/acAutomation/savings/evidence',
    url: () => '/sbuilding/acAutomation/savings/evidence',
    payload: (i) => ({ acAutomationId: i.acAutomation }),
    allowed: 'ownerB',
  },
  {
    route: 'DELETE /sbuilding/acAutomation/{id}',
    url: (i) => `/sbuilding/acAutomation/${i.acAutomation}`,
    allowed: 'ownerB',
  },
];

/** The alarm board (alerts/*). */
const ALERT_CASES: RouteCase[] = [
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
const ALERT_RULE_CASES: RouteCase[] = [
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

/** The light, AC, air and space boards (boards/*): B's building, project and zone answer 404 to A. */
const BOARD_CASES: RouteCase[] = [
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
const OVERVIEW_CASES: RouteCase[] = [
  {
    route: 'GET /sbuilding/board/overview',
    url: (i) => `/sbuilding/board/overview?projectId=${i.project}`,
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
const NOTIFICATION_CASES: RouteCase[] = [
  {
    route: 'POST /sbuilding/notification/channel/list',
    url: () => '/sbuilding/notification/channel/list',
    payload: (i) => ({ projectId: i.project }),
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/notification/channel',
    url: () => '/sbuilding/notification/channel',
    payload: (i) => ({ ...bChannel(i.project), name: `Planted ${++planted}` }),
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

/** The built-in simulator's plugs: B's device is out of A's reach (no simulator runs here: B gets 409). */
const SIMULATOR_CASES: RouteCase[] = [
  {
    route: 'GET /sbuilding/simulator/state',
    url: () => '/sbuilding/simulator/state',
    allowed: 'ownerB',
    refused: (res) => expect(res.json().data.unplugged).toEqual([]),
  },
  {
    route: 'POST /sbuilding/simulator/unplug/{id}',
    url: (i) => `/sbuilding/simulator/unplug/${i.sensor}`,
    allowed: 'ownerB',
    allowedStatus: 409,
  },
  {
    route: 'POST /sbuilding/simulator/plug/{id}',
    url: (i) => `/sbuilding/simulator/plug/${i.sensor}`,
    allowed: 'ownerB',
    allowedStatus: 409,
  },
  // Faults (issue 38) are the platform administrator's alone.
  {
    route: 'POST /sbuilding/sim/fault',
    url: () => '/sbuilding/sim/fault',
    payload: (i) => ({ deviceId: i.light, kind: 'stuckOn' }),
    allowed: 'admin',
    allowedStatus: 409,
  },
  {
    route: 'DELETE /sbuilding/sim/fault/{deviceId}',
    url: (i) => `/sbuilding/sim/fault/${i.light}`,
    allowed: 'admin',
    allowedStatus: 409,
  },
];

/** The energy board (energy/*): B's project and building answer 404 to A, export included. */
const ENERGY_CASES: RouteCase[] = [
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
const ENERGY_BILLING_CASES: RouteCase[] = [
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
const METER_TREE_CASES: RouteCase[] = [
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
    payload: (i) => ({ projectId: i.project, kind: 'zone', name: `Planted ${++planted}` }),
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

/** Scheduled reports and share links (energy-reports/*): B's project, schedule and link answer 404 to A. */
const ENERGY_REPORT_CASES: RouteCase[] = [
  {
    route: 'GET /sbuilding/energy/report/schedule/list',
    url: (i) => `/sbuilding/energy/report/schedule/list?projectId=${i.project}`,
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/energy/report/schedule',
    url: () => '/sbuilding/energy/report/schedule',
    payload: (i) => ({ ...bSchedule(i), name: `Planted ${++planted}` }),
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
export const bShare = (projectId: number) => ({
  projectId,
  kind: 'report',
  period: 'WEEK',
  anchor: '2026-10-15',
  expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
});

const API_KEY_CASES: RouteCase[] = [
  {
    route: 'PUT /sbuilding/api-key/create',
    url: () => '/sbuilding/api-key/create',
    // A key for B's user: another tenant's user id is 404.
    payload: (i) => ({ name: 'B service', access: 'read', userId: i.user }),
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/api-key/getList',
    url: () => '/sbuilding/api-key/getList',
    payload: (i) => ({ userId: i.user }),
    allowed: 'ownerB',
    refused: emptyPage,
  },
  {
    route: 'DELETE /sbuilding/api-key/del/{id}',
    url: (i) => `/sbuilding/api-key/del/${i.apiKey}`,
    allowed: 'ownerB',
  },
];

/** Single sign-on providers and invitations (modules/sso): a tbAdmin's own tenant's only. */
export const bProvider = {
  name: 'B IdP',
  protocol: 'oidc',
  issuer: 'https://idp.b.example',
  clientId: 'b-client',
  clientSecret: 'b-secret',
};
const SSO_CASES: RouteCase[] = [
  {
    route: 'POST /sbuilding/sso/provider/getList',
    url: () => '/sbuilding/sso/provider/getList',
    payload: (i) => ({ tenantId: i.tenant }),
    allowed: 'ownerB',
    refused: emptyPage,
  },
  {
    route: 'GET /sbuilding/sso/provider/{id}',
    url: (i) => `/sbuilding/sso/provider/${i.ssoProvider}`,
    allowed: 'ownerB',
  },
  {
    route: 'PUT /sbuilding/sso/provider/create',
    url: () => '/sbuilding/sso/provider/create',
    payload: (i) => ({ ...bProvider, name: 'Into B?', tenantId: i.tenant }),
    allowed: 'ownerB',
    // A tbAdmin's tenantId is ignored: the provider lands in A's own tenant.
    refused: (res, i) => expect(res.json().data.tenantId).not.toBe(i.tenant),
  },
  {
    route: 'POST /sbuilding/sso/provider/save/{id}',
    url: (i) => `/sbuilding/sso/provider/save/${i.ssoProvider}`,
    payload: () => ({ ...bProvider, clientSecret: '', name: 'Taken over', version: 1 }),
    allowed: 'ownerB',
  },
  {
    route: 'DELETE /sbuilding/sso/provider/del/{id}',
    url: (i) => `/sbuilding/sso/provider/del/${i.ssoProvider}`,
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/invitation/getList',
    url: () => '/sbuilding/invitation/getList',
    payload: (i) => ({ tenantId: i.tenant }),
    allowed: 'ownerB',
    refused: emptyPage,
  },
  {
    route: 'PUT /sbuilding/invitation/create',
    url: () => '/sbuilding/invitation/create',
    payload: (i) => ({ role: 'tbCustomer', tenantId: i.tenant }),
    allowed: 'ownerB',
    refused: (res, i) => expect(res.json().data.tenantId).not.toBe(i.tenant),
  },
  {
    route: 'DELETE /sbuilding/invitation/del/{id}',
    url: (i) => `/sbuilding/invitation/del/${i.invitation}`,
    allowed: 'ownerB',
  },
];

export const CASES: RouteCase[] = [
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
  ...DEVICE_CASES,
  ...COMMAND_CASES,
  ...MINI_PROGRAM_CASES,
  ...WORK_ORDER_CASES,
  ...FDD_CASES,
  ...ALERT_CASES,
  ...ALERT_RULE_CASES,
  ...SCENE_CASES,
  ...NOON_NAP_CASES,
  ...AC_AUTOMATION_CASES,
  ...ENERGY_CASES,
  ...ENERGY_BILLING_CASES,
  ...METER_TREE_CASES,
  ...ENERGY_REPORT_CASES,
  ...SIMULATOR_CASES,
  ...BOARD_CASES,
  ...OVERVIEW_CASES,
  ...NOTIFICATION_CASES,
  ...SSO_CASES,
  ...API_KEY_CASES,
  {
    route: 'POST /sbuilding/device/import/check',
    url: (i) => `/sbuilding/device/import/check?projectId=${i.project}`,
    payload: (i) => importUpload(i).payload,
    headers: { 'content-type': `multipart/form-data; boundary=${IMPORT_BOUNDARY}` },
    allowed: 'ownerB',
  },
  {
    route: 'PUT /sbuilding/device/import',
    url: () => '/sbuilding/device/import',
    payload: (i) => ({ projectId: i.project, mode: 'valid', rows: importRows(i) }),
    allowed: 'ownerB',
  },
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
  {
    route: 'POST /sbuilding/group/getList',
    url: () => '/sbuilding/group/getList',
    payload: (i) => ({ projectId: i.project }),
    allowed: 'ownerB',
  },
  { route: 'GET /sbuilding/group/{id}', url: (i) => `/sbuilding/group/${i.group}`, allowed: 'ownerB' },
  {
    route: 'PUT /sbuilding/group/create',
    url: () => '/sbuilding/group/create',
    payload: (i) => ({ projectId: i.project, name: `B group ${++planted}`, deviceIds: [i.markDevice] }),
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/group/save/{id}',
    url: (i) => `/sbuilding/group/save/${i.group}`,
    payload: (i) => ({ name: 'B lights, renamed', deviceIds: [i.markDevice], version: 1 }),
    allowed: 'ownerB',
  },
  {
    route: 'DELETE /sbuilding/group/del/{id}',
    url: (i) => `/sbuilding/group/del/${i.group}`,
    allowed: 'ownerB',
  },
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
  {
    route: 'DELETE /sbuilding/project/del/{id}',
    url: (i) => `/sbuilding/project/del/${i.emptyProject}`,
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/user/getList',
    url: () => '/sbuilding/user/getList',
    payload: (i) => ({ tenantId: i.tenant, pageSize: 100 }),
    allowed: 'ownerB',
    // A tenantId in the filter is the admin's alone: anyone else gets its own tenant's users, none of B's.
    refused: (res, i) => {
      expect(res.statusCode).toBe(200);
      expect(res.json().data.rows.map((r: { deptId: number }) => r.deptId)).not.toContain(i.tenant);
    },
  },
  { route: 'GET /sbuilding/user/{id}', url: (i) => `/sbuilding/user/${i.user}`, allowed: 'ownerB' },
  {
    route: 'PUT /sbuilding/user/create',
    url: () => '/sbuilding/user/create',
    payload: (i) => ({ ...bUser, userName: `planted${++planted}`, deptId: i.tenant }),
    allowed: 'ownerB',
    // As with projects: deptId is ignored, the user lands in the caller's tenant.
    refused: (res, i) => {
      expect(res.statusCode).toBe(200);
      expect(res.json().data.deptId).not.toBe(i.tenant);
    },
  },
  {
    route: 'POST /sbuilding/user/save/{id}',
    url: (i) => `/sbuilding/user/save/${i.user}`,
    payload: () => ({ ...bUser, nickName: 'B customer, renamed', version: 1 }),
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/user/resetPwd/{id}',
    url: (i) => `/sbuilding/user/resetPwd/${i.user}`,
    payload: () => ({ password: 'taken-over' }),
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/user/blacklist/{id}',
    url: (i) => `/sbuilding/user/blacklist/${i.user}`,
    payload: () => ({ blacklisted: true }),
    allowed: 'ownerB',
  },
  {
    route: 'DELETE /sbuilding/user/del/{id}',
    url: (i) => `/sbuilding/user/del/${i.user}`,
    allowed: 'ownerB',
  },
  // Tenants are the admin's alone: a tenant administrator is refused (403) whatever the id.
  {
    route: 'POST /sbuilding/tenant/getList',
    url: () => '/sbuilding/tenant/getList',
    payload: () => ({}),
    allowed: 'admin',
  },
  { route: 'GET /sbuilding/tenant/{id}', url: (i) => `/sbuilding/tenant/${i.tenant}`, allowed: 'admin' },
  {
    route: 'PUT /sbuilding/tenant/create',
    url: () => '/sbuilding/tenant/create',
    payload: () => ({
      name: `Planted tenant ${++planted}`,
      admin: { userName: `planted${++planted}`, nickName: 'P', password: 'secret123' },
    }),
    allowed: 'admin',
  },
  {
    route: 'POST /sbuilding/tenant/save/{id}',
    url: (i) => `/sbuilding/tenant/save/${i.tenant}`,
    payload: () => ({ name: 'Tenant B', status: '0', version: 1 }),
    allowed: 'admin',
  },
  {
    route: 'DELETE /sbuilding/tenant/del/{id}',
    url: (i) => `/sbuilding/tenant/del/${i.emptyTenant}`,
    allowed: 'admin',
  },
  // The code generator reads any table and writes code: the admin's alone, refused (403) to everyone else.
  { route: 'GET /tool/gen/list', url: () => '/tool/gen/list', allowed: 'admin', refused: only403 },
  { route: 'GET /tool/gen/db/list', url: () => '/tool/gen/db/list', allowed: 'admin', refused: only403 },
  {
    route: 'POST /tool/gen/importTable',
    url: () => '/tool/gen/importTable?tables=work_times',
    allowed: 'admin',
    refused: only403,
  },
  {
    route: 'GET /tool/gen/{tableId}',
    url: (i) => `/tool/gen/${i.genTable}`,
    allowed: 'admin',
    refused: only403,
  },
  {
    route: 'PUT /tool/gen',
    url: () => '/tool/gen',
    payload: (i) => ({ ...i.genSettings, tableId: i.genTable }),
    allowed: 'admin',
    refused: only403,
  },
  {
    route: 'GET /tool/gen/synchDb/{tableName}',
    url: () => '/tool/gen/synchDb/projects',
    allowed: 'admin',
    refused: only403,
  },
  {
    route: 'GET /tool/gen/preview/{tableId}',
    url: (i) => `/tool/gen/preview/${i.genTable}`,
    allowed: 'admin',
    refused: only403,
  },
  {
    route: 'GET /tool/gen/download/{tableName}',
    url: () => '/tool/gen/download/projects',
    allowed: 'admin',
    refused: only403,
  },
  {
    route: 'GET /tool/gen/batchGenCode',
    url: () => '/tool/gen/batchGenCode?tables=projects',
    allowed: 'admin',
    refused: only403,
  },
  {
    route: 'DELETE /tool/gen/{tableIds}',
    url: (i) => `/tool/gen/${i.emptyGenTable}`,
    allowed: 'admin',
    refused: only403,
  },
  // Platform settings are nobody's tenant data: tenant users read them, only the admin writes.
  { route: 'POST /system/config', url: () => '/system/config', payload: () => setting, allowed: 'admin' },
  {
    route: 'PUT /system/config',
    url: () => '/system/config',
    payload: (i) => ({ ...setting, configKey: 'b.existing', configId: i.config, version: 1 }),
    allowed: 'admin',
  },
  { route: 'DELETE /system/config/clearCache', url: () => '/system/config/clearCache', allowed: 'admin' },
  { route: 'DELETE /system/config/{id}', url: (i) => `/system/config/${i.config}`, allowed: 'admin' },
  {
    route: 'POST /system/dict/data',
    url: () => '/system/dict/data',
    payload: () => dictRow,
    allowed: 'admin',
  },
  {
    route: 'PUT /system/dict/data',
    url: () => '/system/dict/data',
    payload: (i) => ({ ...dictRow, dictValue: 'existing', dictCode: i.dict, version: 1 }),
    allowed: 'admin',
  },
  { route: 'DELETE /system/dict/data/{id}', url: (i) => `/system/dict/data/${i.dict}`, allowed: 'admin' },
];

/** Routes that hold no tenant's data, with the reason. */
export const NOT_TENANT_DATA: Record<string, string> = {
  'GET /system/config/list': 'platform settings, readable with any session',
  'GET /system/config/{id}': 'platform settings, readable with any session',
  'GET /system/config/configKey/{key}': 'platform settings, readable with any session',
  'GET /system/config/export': 'platform settings, readable with any session',
  'GET /system/dict/data/list': 'platform dictionaries, readable with any session',
  'GET /system/dict/data/{id}': 'platform dictionaries, readable with any session',
  'GET /system/dict/data/type/{type}': 'platform dictionaries, readable with any session',
  'GET /system/dict/data/export': 'platform dictionaries, readable with any session',
  'GET /common/download': 'exports of platform data under unguessable generated names',
  'GET /sbuilding/device/import/template': 'the same blank import template for everyone',
  'GET /sbuilding/common/getDevCategorys': 'the device catalogue, the same for everyone',
  'GET /sbuilding/common/getDevCatalogue': 'the device catalogue, the same for everyone',
  'GET /system/config/smtp': 'the platform mail server, admin only (its password never answered)',
  'PUT /system/config/smtp': 'the platform mail server, admin only',
  'GET /sbuilding/public/share/{token}':
    "a share link: no session, the token's own report only (energy-reports.test.ts: unknown, expired and revoked tokens answer 404)",
  'GET /sbuilding/public/share/{token}/file':
    "a share link's file: no session, the token's own report or bill only (energy-reports.test.ts: a revoked token answers 404)",
};

export const methodOf = (route: string): Method => {
  const method = route.split(' ')[0];
  if (method === 'GET' || method === 'POST' || method === 'PUT' || method === 'DELETE') return method;
  throw new Error(`bad route ${route}`);
};
