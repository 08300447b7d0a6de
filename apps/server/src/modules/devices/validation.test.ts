import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app.js';
import { as } from '../../test/tenants.js';
import { bodies, created, createSite, type Site } from '../../test/device-registry.js';
import { devices } from './tables.js';

let t: TestApp;
let manager: ReturnType<typeof as>;
let managerZh: ReturnType<typeof as>;
let site: Site;
let acGateway: number;
let gateway4g: number;

beforeAll(async () => {
  t = await createTestApp({ env: { BLE_INIT_STEP_MS: '0' } });
  const token = await t.login('manager', 'manager123');
  manager = as(t, token);
  managerZh = as(t, token, 'ZH');
  site = await createSite(manager, 'Demo Campus', 'Validation test hall');
  acGateway = (await created(manager, 'cc10', bodies.cc10(site))).id;
  gateway4g = (await created(manager, 'gw4g', bodies.gw4g(site))).id;
});
afterAll(() => t.close());

async function deviceCount(): Promise<number> {
  return (await t.app.db.select().from(devices).where(eq(devices.buildingId, site.buildingId))).length;
}

/** Expects 400 with these messages in English and Chinese, and nothing saved. */
async function refused(url: string, body: object, en: string, zh?: string) {
  const before = await deviceCount();
  const res = await manager('PUT', url, body);
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().msg).toBe(en);
  if (zh) expect((await managerZh('PUT', url, body)).json().msg).toBe(zh);
  expect(await deviceCount()).toBe(before);
}

describe('field rules of the catalogue, on the spec-named calls and on create/{model}', () => {
  it("answers 'Server Addr format error' for a bad server address", async () => {
    for (const serverAddr of ['http://bad host', '300.1.1.1', 'ftp://x.example.com']) {
      await refused(
        '/sbuilding/device/create-cc10',
        bodies.cc10(site, { serverAddr }),
        'Server Addr format error',
        '服务器地址格式错误',
      );
    }
    await refused(
      '/sbuilding/device/create/ba',
      bodies.ba(site, { serverAddr: 'a b' }),
      'Server Addr format error',
    );
  });

  it('wants the code to be exactly 12 letters or digits', async () => {
    for (const codeAddr of ['ABC', 'ABCDEFGHIJKLM', 'ABCDEF-HIJKL']) {
      await refused(
        '/sbuilding/4G-device/create-gw',
        bodies.gw4g(site, { codeAddr }),
        'Code must be exactly 12 characters',
        '编码必须为 12 个字符',
      );
    }
  });

  it('wants a well-formed MAC address', async () => {
    for (const macAddr of ['AA:BB:CC', 'AA:BB:CC-DD:EE:FF', 'GG:BB:CC:DD:EE:FF']) {
      await refused('/sbuilding/device/create/s2', bodies.s2(site, { macAddr }), 'MAC address format error');
    }
  });

  it('keeps addresses within 0-255, the port within 1-65535 and the channel within 1-4', async () => {
    await refused(
      '/sbuilding/device/create-ac20',
      bodies.ac20(site, acGateway, { indoorAddr: 256 }),
      'Value must be between 0 and 255',
      '取值范围为 0 到 255',
    );
    await refused(
      '/sbuilding/device/create/ac20',
      bodies.ac20(site, acGateway, { outdoorAddr: -1 }),
      'Value must be between 0 and 255',
    );
    await refused(
      '/sbuilding/device/create-cc10',
      bodies.cc10(site, { port: 70000 }),
      'Port must be between 1 and 65535',
    );
    await refused(
      '/sbuilding/device/create/gw4g',
      bodies.gw4g(site, { port: 0 }),
      'Port must be between 1 and 65535',
    );
    await refused(
      '/sbuilding/4G-device/create-ammeter',
      bodies.ammeter4g(site, gateway4g, { channel: 5 }),
      'Channel must be between 1 and 4',
    );
    await refused(
      '/sbuilding/device/create/ammeter4g',
      bodies.ammeter4g(site, gateway4g, { channel: 0 }),
      'Channel must be between 1 and 4',
      '通道必须介于 1 和 4 之间',
    );
  });

  it('names a missing field and refuses a field the model does not have', async () => {
    await refused('/sbuilding/device/create/s2', bodies.s2(site, { name: ' ' }), 'Name is required');
    await refused(
      '/sbuilding/device/create/ba',
      bodies.ba(site, { macAddr: undefined }),
      'MAC address is required',
    );
    await refused('/sbuilding/device/create/th10', bodies.th10(site, { channel: 2 }), 'Channel is invalid');
  });
});

describe('gateway references', () => {
  it('refuses a gateway of the wrong category, an unknown one and one of another project', async () => {
    const message =
      "AC gateway must be a gateway of the right kind, or a field bridge, in the device's project";
    await refused(
      '/sbuilding/device/create-ac20',
      bodies.ac20(site, gateway4g),
      message,
      '空调网关必须是同一项目下对应类型的网关或现场网关',
    );
    await refused('/sbuilding/device/create-ac20', bodies.ac20(site, 999999), message);
    const project = { projectName: 'Validation elsewhere', status: 'new', address: '1 Road' };
    await manager('PUT', '/sbuilding/project/create', project);
    const elsewhere = await createSite(manager, 'Validation elsewhere', 'Elsewhere hall');
    const foreignGateway = (await created(manager, 'cc10', bodies.cc10(elsewhere))).id;
    await refused('/sbuilding/device/create-ac20', bodies.ac20(site, foreignGateway), message);
    await refused(
      '/sbuilding/device/create/s2',
      bodies.s2(site, { bleGatewayId: acGateway }),
      "Bluetooth gateway must be a gateway of the right kind, or a field bridge, in the device's project",
    );
  });

  it('places a device of any model behind a field bridge (issue 39), whose Modbus and BACnet devices it serves', async () => {
    const bridge = await created(manager, 'bridge', {
      buildingId: site.buildingId,
      floorId: site.floor1,
      name: 'Plant room bridge',
      macAddr: '02:00:00:00:39:01',
    });
    const unit = await manager('PUT', '/sbuilding/device/create-ac20', bodies.ac20(site, bridge.id));
    expect(unit.statusCode, unit.body).toBe(200);
    const meter = await manager(
      'PUT',
      '/sbuilding/device/create/ammeter4g',
      bodies.ammeter4g(site, bridge.id, { channel: 1 }),
    );
    expect(meter.statusCode, meter.body).toBe(200);
    const ids = [
      unit.json<{ data: { id: number } }>().data.id,
      meter.json<{ data: { id: number } }>().data.id,
    ];
    for (const id of ids) {
      const row = await manager('GET', `/sbuilding/device/getDeviceInfoById/${id}`);
      expect(row.json<{ data: { parentId: number | null } }>().data.parentId).toBe(bridge.id);
    }
    // Any other device is still refused as a gateway: here a meter.
    await refused(
      '/sbuilding/device/create-ac20',
      bodies.ac20(site, ids[1] ?? 0),
      "AC gateway must be a gateway of the right kind, or a field bridge, in the device's project",
    );
  });
});

describe('identity', () => {
  it('refuses a second device with the same MAC however it is spelt', async () => {
    await created(manager, 's2', bodies.s2(site, { macAddr: '12:34:56:78:9A:BC' }));
    await refused(
      '/sbuilding/device/create/s2',
      bodies.s2(site, { macAddr: '12-34-56-78-9a-bc' }),
      'A device of this model with the same MAC address already exists',
      '已存在MAC 地址相同的该型号设备',
    );
    // Another model may carry the same MAC (a light and its panel are different identities).
    await created(manager, 'kxx', bodies.kxx(site, { macAddr: '12:34:56:78:9A:BC' }));
  });

  it('identifies an indoor unit by its gateway and address, an ammeter by its code and channel', async () => {
    await created(manager, 'ac20', bodies.ac20(site, acGateway, { indoorAddr: 7 }));
    await refused(
      '/sbuilding/device/create-ac20',
      bodies.ac20(site, acGateway, { indoorAddr: 7 }),
      'A device of this model with the same AC gateway, Indoor unit address already exists',
    );
    const codeAddr = 'AMMETER00001';
    await created(manager, 'ammeter4g', bodies.ammeter4g(site, gateway4g, { codeAddr, channel: 1 }));
    await created(manager, 'ammeter4g', bodies.ammeter4g(site, gateway4g, { codeAddr, channel: 2 }));
    await refused(
      '/sbuilding/device/create/ammeter4g',
      bodies.ammeter4g(site, gateway4g, { codeAddr: codeAddr.toLowerCase(), channel: 2 }),
      'A device of this model with the same Code address, Channel already exists',
    );
  });

  it('refuses a save that would duplicate another device, but not the device itself', async () => {
    const a = await created(manager, 'th10', bodies.th10(site, { macAddr: '00:00:00:00:0A:01' }));
    const b = await created(manager, 'th10', bodies.th10(site, { macAddr: '00:00:00:00:0A:02' }));
    const body = { ...bodies.th10(site, { macAddr: '00:00:00:00:0A:01' }), version: 1 };
    const clash = await manager('POST', `/sbuilding/device/save/${b.id}`, body);
    expect(clash.statusCode).toBe(400);
    expect((await manager('POST', `/sbuilding/device/save/${a.id}`, body)).statusCode).toBe(200);
  });
});

describe('placement', () => {
  it('refuses a zone that is not on the floor, a floor of another building and a zone without floor', async () => {
    await refused(
      '/sbuilding/device/create/s2',
      bodies.s2(site, { floorId: site.floor1, zoneId: site.zone2 }),
      'The zone does not lie on the chosen floor',
      '所选区域不在所选楼层上',
    );
    const elsewhere = await createSite(manager, 'Demo Campus', 'Placement other hall');
    await refused(
      '/sbuilding/device/create/s2',
      bodies.s2(site, { floorId: elsewhere.floor1 }),
      'The floor does not belong to the chosen building',
    );
    await refused(
      '/sbuilding/device/create/s2',
      bodies.s2(site, { floorId: null, zoneId: site.zone1 }),
      'Choose the floor of the zone',
    );
  });

  it('answers 404 for a building, floor or zone that does not exist', async () => {
    for (const change of [{ buildingId: 999999 }, { floorId: 999999 }, { zoneId: 999999 }]) {
      const res = await manager('PUT', '/sbuilding/device/create/s2', bodies.s2(site, change));
      expect(res.statusCode).toBe(404);
    }
  });
});
