import { eq } from 'drizzle-orm';
import type { TestApp } from './app.js';
import { createTenant, type as } from './tenants.js';
import { plantDevice } from './devices.js';
import { alerts } from '../modules/alerts/tables.js';
import type { Ids } from './cases/common.js';
import { bChannel, bRule } from './cases/alerts.js';
import { bAcAutomation, bNoonNap } from './cases/automation.js';
import { bMark, hall, imageUpload, svgUpload, zone } from './cases/buildings.js';
import { bLight } from './cases/devices.js';
import { bSchedule, bShare } from './cases/energy.js';
import { project, work } from './cases/projects.js';
import { dictRow, setting } from './cases/system.js';
import { bProvider, bUser } from './cases/users.js';
import { bMaintenancePlan, bWorkOrder } from './cases/work-orders.js';
import { plantFinding } from './cases/fdd.js';

type As = ReturnType<typeof as>;

/** What a world's rows point to that belongs to the platform (one of each per database). */
export interface PlatformIds {
  config: number;
  dict: number;
  genTable: number;
  emptyGenTable: number;
  genSettings: object;
  emptyTenant: number;
}

/** A world's letter and the hex digits of its MAC addresses (unique within a tenant). */
export interface WorldTag {
  letter: string;
  hex: string;
}

async function data(res: Promise<{ statusCode: number; body: string; json(): unknown }>, what: string) {
  const answered = await res;
  if (answered.statusCode !== 200) throw new Error(`${what}: ${answered.statusCode} ${answered.body}`);
  const body = answered.json();
  if (typeof body !== 'object' || body === null || !('data' in body)) throw new Error(`${what}: no data`);
  return body.data;
}

function fileIdOf(value: unknown): string {
  if (typeof value === 'object' && value !== null && 'id' in value && typeof value.id === 'string')
    return value.id;
  throw new Error(`no file id in ${JSON.stringify(value)}`);
}

function idOf(value: unknown, key = 'id'): number {
  if (typeof value === 'object' && value !== null && key in value) {
    const id: unknown = Reflect.get(value, key);
    if (typeof id === 'number') return id;
  }
  throw new Error(`no ${key} in ${JSON.stringify(value)}`);
}

/** The platform's rows every world names: a setting, a dictionary row, generator tables, an empty tenant. */
export async function plantPlatform(t: TestApp, admin: As): Promise<PlatformIds> {
  const c = await data(admin('POST', '/system/config', { ...setting, configKey: 'b.existing' }), 'config');
  const d = await data(admin('POST', '/system/dict/data', { ...dictRow, dictValue: 'existing' }), 'dict');
  const gens = await data(admin('POST', '/tool/gen/importTable?tables=projects,buildings'), 'gen import');
  if (!Array.isArray(gens)) throw new Error('gen import: no list');
  const genTable = idOf(gens[0], 'tableId');
  const detail = await data(admin('GET', `/tool/gen/${genTable}`), 'gen detail');
  const { info, rows } = detail as { info: object; rows: object[] };
  // A tenant with nothing in it, to delete.
  const { tenantId: emptyTenant } = await createTenant(t, 'Tenant C, empty', []);
  return {
    config: idOf(c, 'configId'),
    dict: idOf(d, 'dictCode'),
    genTable,
    emptyGenTable: idOf(gens[1], 'tableId'),
    // The body schema drops the answer's read-only fields (names, types, times).
    genSettings: { ...info, tableComment: 'Projects', columns: rows },
    emptyTenant,
  };
}

/**
 * A world: one project of a tenant with one of every kind of row the API names (a work time and calendar, a
 * tariff and emission factor, buildings, floors and zones with a plan, devices of every model, a group, marks,
 * scenes, a noon nap, an AC automation, an alert rule, a channel, a meter node, a report schedule and share
 * link, a sign-in provider, an invitation, a user and an API key, a work order and a maintenance plan, two
 * alerts), made through the API by its owner (a tbAdmin of the tenant). Several worlds can share a tenant:
 * their names and identities carry the tag.
 */
export async function plantWorld(
  t: TestApp,
  owner: As,
  tenantId: number,
  tag: WorldTag,
  platform: PlatformIds,
): Promise<Ids> {
  const L = tag.letter;
  const p = await data(
    owner('PUT', '/sbuilding/project/create', { ...project, projectName: `Tenant ${L} HQ` }),
    'project',
  );
  const empty = await data(
    owner('PUT', '/sbuilding/project/create', { ...project, projectName: `Tenant ${L} empty` }),
    'empty project',
  );
  const projectId = idOf(p);
  const w = await data(owner('POST', '/sbuilding/work/rest', { ...work, projectId }), 'work time');
  const days = [{ date: '2026-10-01', type: 'holiday', name: 'National Day' }];
  await data(owner('POST', '/sbuilding/vacations', { projectId, year: 2026, version: 0, days }), 'vacations');
  const tariff = await data(
    owner('POST', '/sbuilding/energy/tariff', {
      projectId,
      name: 'B flat',
      validFrom: '2026-01-01',
      kind: 'flat',
      flatPrice: 0.8,
    }),
    'tariff',
  );
  const emission = await data(
    owner('POST', '/sbuilding/energy/emission', { projectId, validFrom: '2026-01-01', kgPerKwh: 0.5 }),
    'emission',
  );
  const image = fileIdOf(
    await data(
      owner('POST', '/sbuilding/file/upload/image', imageUpload.payload, imageUpload.headers),
      'image',
    ),
  );
  const plan = fileIdOf(
    await data(owner('POST', '/sbuilding/file/upload/svg', svgUpload.payload, svgUpload.headers), 'plan'),
  );
  const hallName = `${L} hall`;
  const h = idOf(
    await data(
      owner('PUT', '/sbuilding/hall/create', { ...hall, name: hallName, projectId, imageId: image }),
      'hall',
    ),
  );
  const eh = idOf(
    await data(
      owner('PUT', '/sbuilding/hall/create', { ...hall, projectId, name: `${L} empty` }),
      'empty hall',
    ),
  );
  const f = idOf(
    await data(
      owner('PUT', '/sbuilding/floor/create', { buildingId: h, name: 'B F1', planId: plan, imageId: image }),
      'floor',
    ),
  );
  const ef = idOf(
    await data(owner('PUT', '/sbuilding/floor/create', { buildingId: h, name: 'B F2' }), 'floor 2'),
  );
  const z = idOf(await data(owner('PUT', '/sbuilding/sector/create', { ...zone, floorId: f }), 'zone'));
  const markDevice = await plantDevice(t, h, 's2', 'B light', f);
  const g = idOf(
    await data(
      owner('PUT', '/sbuilding/group/create', { projectId, name: 'B lights', deviceIds: [markDevice] }),
      'group',
    ),
  );
  const newMark = async (markName: string) =>
    idOf(await data(owner('PUT', '/sbuilding/mark/create', { ...bMark, markName, floorId: f }), 'mark'));
  const mark = await newMark('B-1');
  const movableMark = await newMark('B-2');
  const bindableMark = await newMark('B-3');
  const meshPage = await data(owner('POST', '/sbuilding/mesh/getList', { buildingId: h }), 'mesh');
  const meshVersion = idOf((meshPage as { rows: unknown[] }).rows[0]);
  const user = idOf(
    await data(
      owner('PUT', '/sbuilding/user/create', { ...bUser, userName: `${L.toLowerCase()}worlduser` }),
      'user',
    ),
    'userId',
  );
  const ids: Ids = {
    tag: L,
    hex: tag.hex,
    hallName,
    tenant: tenantId,
    project: projectId,
    emptyProject: idOf(empty),
    workTime: idOf(w),
    hall: h,
    emptyHall: eh,
    floor: f,
    emptyFloor: ef,
    zone: z,
    image,
    plan,
    user,
    markDevice,
    group: g,
    mark,
    movableMark,
    bindableMark,
    meshVersion,
    tariff: idOf(tariff),
    emission: idOf(emission),
    ...platform,
    ...(await createDevices(owner, tag, h, f)),
    alert: 0,
    ignorableAlert: 0,
    scene: 0,
    noonNap: 0,
    acAutomation: 0,
    acGroup: 0,
    alertRule: 0,
    channel: 0,
    meterNode: 0,
    reportSchedule: 0,
    shareLink: 0,
    ssoProvider: 0,
    invitation: 0,
    apiKey: 0,
    workOrder: 0,
    maintenancePlan: 0,
    finding: 0,
  };
  ids.apiKey = idOf(
    await data(owner('PUT', '/sbuilding/api-key/create', { name: 'B sync', access: 'read' }), 'key'),
  );
  ids.alertRule = idOf(await data(owner('POST', '/sbuilding/alert/rule/add', bRule(projectId)), 'rule'));
  ids.scene = idOf(
    await data(
      owner('PUT', '/sbuilding/scene/create', {
        projectId,
        name: 'B lights off',
        miniProgram: true,
        triggerType: 'manual',
        category: 'light',
        targets: [{ kind: 'device', id: ids.light }],
        actions: [{ method: 'setOnOff', params: { onOff: false } }],
      }),
      'scene',
    ),
  );
  await data(
    owner('POST', '/sbuilding/work/rest', {
      ...work,
      name: 'B nap',
      startTime: '12:30',
      endTime: '13:30',
      timeType: 'NAP',
      projectId,
    }),
    'nap time',
  );
  ids.noonNap = idOf(
    await data(owner('PUT', '/sbuilding/noonNap/create', { ...bNoonNap(ids), projectId }), 'nap'),
  );
  ids.acGroup = idOf(
    await data(
      owner('PUT', '/sbuilding/group/create', { projectId, name: 'B ACs', deviceIds: [ids.acUnit] }),
      'AC group',
    ),
  );
  ids.acAutomation = idOf(
    await data(
      owner('PUT', '/sbuilding/acAutomation/create', { ...bAcAutomation(ids), projectId }),
      'AC automation',
    ),
  );
  ids.channel = idOf(
    await data(owner('POST', '/sbuilding/notification/channel', bChannel(projectId)), 'channel'),
  );
  ids.meterNode = idOf(
    await data(
      owner('POST', '/sbuilding/energy/meter-node', { projectId, kind: 'building', name: hallName }),
      'meter node',
    ),
  );
  ids.reportSchedule = idOf(
    await data(owner('POST', '/sbuilding/energy/report/schedule', bSchedule(ids)), 'schedule'),
  );
  ids.shareLink = idOf(
    await data(owner('POST', '/sbuilding/energy/report/share', bShare(projectId)), 'share'),
  );
  ids.ssoProvider = idOf(
    await data(
      owner('PUT', '/sbuilding/sso/provider/create', { ...bProvider, name: `${L} IdP` }),
      'provider',
    ),
  );
  ids.invitation = idOf(
    await data(owner('PUT', '/sbuilding/invitation/create', { role: 'tbCustomer' }), 'invitation'),
  );
  ids.workOrder = idOf(
    await data(owner('PUT', '/sbuilding/workorder/create', bWorkOrder(ids)), 'work order'),
  );
  ids.maintenancePlan = idOf(
    await data(owner('PUT', '/sbuilding/workorder/plan/create', bMaintenancePlan(ids)), 'maintenance plan'),
  );
  ids.finding = await plantFinding(t.app.db, ids);
  // The world's sensor, light and gateway go offline: the detector raises their alerts.
  await t.app.alertDetector.handle(
    [ids.sensor, ids.light, ids.bleGateway].map((deviceId) => ({ deviceId, online: false })),
  );
  const raised = await t.app.db.select().from(alerts).where(eq(alerts.projectId, projectId));
  ids.alert = raised.find((a) => a.deviceId === ids.sensor)?.id ?? 0;
  ids.ignorableAlert = raised.find((a) => a.deviceId === ids.light)?.id ?? 0;
  return ids;
}

/** The world's registry devices, created through the API; waits for its Bluetooth gateway's initialisation. */
async function createDevices(owner: As, tag: WorldTag, hallId: number, floorId: number) {
  const at = { buildingId: hallId, floorId };
  const create = async (url: string, body: object): Promise<number> =>
    idOf(await data(owner('PUT', url, { ...at, ...body }), url));
  const deviceZone = idOf(
    await data(
      owner('PUT', '/sbuilding/sector/create', { ...zone, name: 'B devices', floorId }),
      'device zone',
    ),
  );
  const acGateway = await create('/sbuilding/device/create-cc10', {
    name: 'B ACGW',
    gatewayAddr: 1,
    serverAddr: `10.0.${parseInt(tag.hex, 16)}.1`,
    port: 502,
  });
  const mesh = (n: number) => ({
    macAddr: `${tag.hex}:0E:00:00:00:0${n}`,
    codeAddr: `${tag.letter}MESH000000${n}`,
  });
  const made = {
    deviceZone,
    acGateway,
    acUnit: await create('/sbuilding/device/create-ac20', {
      name: 'B AC',
      acGatewayId: acGateway,
      indoorAddr: 1,
      outdoorAddr: 1,
    }),
    gateway4g: await create('/sbuilding/4G-device/create-gw', {
      name: 'B 4G',
      codeAddr: `${tag.letter}GW000000001`,
      serverAddr: 'b.example',
      port: 8883,
    }),
    sensor: await create('/sbuilding/device/create/e90', {
      name: 'B node',
      ...mesh(1),
      sensorType: 'sensor',
      zoneId: deviceZone,
    }),
    light: await create('/sbuilding/device/create/s2', bLight({ tag: tag.letter, hex: tag.hex })),
    panel: await create('/sbuilding/device/create/kxx', { name: 'B panel', ...mesh(2), panelType: 'single' }),
    bleGateway: await create('/sbuilding/device/create/ba', {
      name: 'B BLE',
      ...mesh(3),
      serverAddr: 'b.example',
      port: 1883,
    }),
    deletableDevice: await create('/sbuilding/device/create/th10', { name: 'B TH', ...mesh(4) }),
  };
  // Snapshots compare the devices: let the gateway's initialisation finish first.
  for (let i = 0; i < 200; i++) {
    const init = await data(
      owner('GET', `/sbuilding/device/queryInitBleGatewayStatus/${made.bleGateway}`),
      'init',
    );
    if ((init as { status: string }).status === 'ready') break;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return made;
}
