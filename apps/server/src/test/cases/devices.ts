import { multipartFile } from '../multipart.js';
import { emptyPage, nextPlanted, type Ids, type RouteCase } from './common.js';

/* The device registry and its import (devices/*), and device groups (device-groups/*). */

/** A last-12 code or MAC no try used before. */
export const nextCode = () => `BCODE${String(nextPlanted()).padStart(7, '0')}`;
/** Two bytes of a counter: thousands of tries (the authorization matrix) never repeat one. */
export const nextMac = () => {
  const n = nextPlanted() % 65_536;
  const hex = (b: number) => b.toString(16).padStart(2, '0').toUpperCase();
  return `BB:0D:00:${hex(n >> 8)}:${hex(n & 255)}:01`;
};
export const onB = (i: Ids) => ({ buildingId: i.hall, floorId: i.floor });
export const bLight = (i: Pick<Ids, 'tag' | 'hex'>) => ({
  name: 'B lamp',
  macAddr: `${i.hex}:0D:00:00:00:02`,
  codeAddr: `${i.tag}LIGHT000002`,
});

/** The device registry (devices/*). */
export const DEVICE_CASES: RouteCase[] = [
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
      indoorAddr: nextPlanted() % 256,
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
      gatewayAddr: nextPlanted() % 256,
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

export const DEVICE_IMPORT_CASES: RouteCase[] = [
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
];

/** Device groups (device-groups/*). */
export const GROUP_CASES: RouteCase[] = [
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
    payload: (i) => ({ projectId: i.project, name: `B group ${nextPlanted()}`, deviceIds: [i.markDevice] }),
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
];
