import type { as } from './tenants.js';

/** Test helpers of the device registry: a building of its own per test file, and one valid body per model. */

type Caller = ReturnType<typeof as>;

export interface Site {
  projectId: number;
  buildingId: number;
  /** Two floors; zone1 lies on floor1, zone2 on floor2. */
  floor1: number;
  floor2: number;
  zone1: number;
  zone2: number;
}

const rect = { kind: 'rect', x: 0, y: 0, w: 10, h: 10 };

async function data(res: Promise<{ statusCode: number; body: string; json(): { data: unknown } }>) {
  const r = await res;
  if (r.statusCode !== 200) throw new Error(`setup failed: ${r.statusCode} ${r.body}`);
  return r.json().data as { id: number; rows: { id: number }[] };
}

/** A new building in the caller's first project (named `projectName`), with two floors and a zone each. */
export async function createSite(caller: Caller, projectName: string, name: string): Promise<Site> {
  const projects = await data(caller('POST', '/sbuilding/project/getList', { projectName }));
  const projectId = projects.rows[0]?.id ?? 0;
  const hall = { projectId, name, longitude: 121.6, latitude: 31.2 };
  const buildingId = (await data(caller('PUT', '/sbuilding/hall/create', hall))).id;
  const floor = (n: string) =>
    data(caller('PUT', '/sbuilding/floor/create', { buildingId, name: n, sort: n === 'F1' ? 1 : 2 }));
  const floor1 = (await floor('F1')).id;
  const floor2 = (await floor('F2')).id;
  const zone = (floorId: number, n: string) =>
    data(caller('PUT', '/sbuilding/sector/create', { floorId, name: n, type: 'office', shape: rect }));
  return {
    projectId,
    buildingId,
    floor1,
    floor2,
    zone1: (await zone(floor1, 'Room 101')).id,
    zone2: (await zone(floor2, 'Room 201')).id,
  };
}

let serial = 0;
/** A MAC address no other test used, upper-case with '-' (the server keeps it lower-case with ':'). */
export function newMac(): string {
  serial++;
  const hex = serial.toString(16).padStart(6, '0').toUpperCase();
  return `AA-BB-CC-${hex.slice(0, 2)}-${hex.slice(2, 4)}-${hex.slice(4, 6)}`;
}
/** A last-12 code no other test used. */
export function newCode(): string {
  serial++;
  return `IMEI${String(serial).padStart(8, '0')}`;
}

type Extra = Record<string, unknown>;
const at = <E extends Extra>(site: Site, extra: E) => ({
  buildingId: site.buildingId,
  floorId: site.floor1,
  ...extra,
});

/** Valid create bodies, by model; `extra` overrides or adds fields. */
export const bodies = {
  cc10: (site: Site, extra: Extra = {}) =>
    at(site, {
      name: 'AC gateway',
      gatewayAddr: ++serial % 256,
      serverAddr: '192.168.1.20',
      port: 502,
      ...extra,
    }),
  ac20: (site: Site, acGatewayId: number, extra: Extra = {}) =>
    at(site, { name: 'Indoor unit', acGatewayId, indoorAddr: ++serial % 256, outdoorAddr: 1, ...extra }),
  ba: (site: Site, extra: Extra = {}) =>
    at(site, {
      name: 'BLE gateway',
      macAddr: newMac(),
      codeAddr: newCode(),
      serverAddr: 'mqtt://broker.local',
      port: 1883,
      ...extra,
    }),
  s2: (site: Site, extra: Extra = {}) =>
    at(site, { name: 'Light', macAddr: newMac(), codeAddr: newCode(), manufacturerCode: 'M1', ...extra }),
  e90: (site: Site, extra: Extra = {}) =>
    at(site, { name: 'Sensor node', macAddr: newMac(), codeAddr: newCode(), sensorType: 'sensor', ...extra }),
  kxx: (site: Site, extra: Extra = {}) =>
    at(site, { name: 'Panel', macAddr: newMac(), codeAddr: newCode(), panelType: 'double', ...extra }),
  pir10: (site: Site, extra: Extra = {}) =>
    at(site, { name: 'PIR', macAddr: newMac(), codeAddr: newCode(), ...extra }),
  th10: (site: Site, extra: Extra = {}) =>
    at(site, { name: 'TH', macAddr: newMac(), codeAddr: newCode(), ...extra }),
  gw4g: (site: Site, extra: Extra = {}) =>
    at(site, {
      name: '4G gateway',
      codeAddr: newCode(),
      serverAddr: 'iot.example.com',
      port: 8883,
      ...extra,
    }),
  ammeter4g: (site: Site, gatewayId: number, extra: Extra = {}) =>
    at(site, {
      name: 'Ammeter',
      gatewayId,
      codeAddr: newCode(),
      channel: 1,
      ratio: 1,
      transformerRatio: 100,
      ...extra,
    }),
  sair4g: (site: Site, extra: Extra = {}) =>
    at(site, { name: 'Air sensor', codeAddr: newCode(), serverAddr: '10.0.0.9:1883', port: 1883, ...extra }),
};

/** Creates through PUT /sbuilding/device/create/{model} and answers the device (throws on failure). */
export async function created(
  caller: Caller,
  model: string,
  body: object,
): Promise<{ id: number } & Record<string, unknown>> {
  const res = await caller('PUT', `/sbuilding/device/create/${model}`, body);
  if (res.statusCode !== 200) throw new Error(`create ${model} failed: ${res.statusCode} ${res.body}`);
  return res.json().data;
}
