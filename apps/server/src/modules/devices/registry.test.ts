import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app.js';
import { as } from '../../test/tenants.js';
import { bodies, created, createSite, type Site } from '../../test/device-registry.js';
import { deviceGroupMembers, deviceGroups, deviceLatest, devices } from './tables.js';
import { telemetryRaw } from '../telemetry/tables.js';

let t: TestApp;
let manager: ReturnType<typeof as>;
let managerZh: ReturnType<typeof as>;
let customer: ReturnType<typeof as>;
let site: Site;

beforeAll(async () => {
  t = await createTestApp({ env: { BLE_INIT_STEP_MS: '0' } });
  const token = await t.login('manager', 'manager123');
  manager = as(t, token);
  managerZh = as(t, token, 'ZH');
  customer = as(t, await t.login('customer', 'customer123'));
  site = await createSite(manager, 'Demo Campus', 'Registry test hall');
});
afterAll(() => t.close());

describe('creating devices', () => {
  it('creates each model through its spec-named call, the gateway reference becoming parentId', async () => {
    const cc10 = await manager('PUT', '/sbuilding/device/create-cc10', bodies.cc10(site, { label: 'Roof' }));
    expect(cc10.statusCode, cc10.body).toBe(200);
    const gateway = cc10.json().data;
    expect(gateway).toMatchObject({
      model: 'cc10',
      category: 'acGateway',
      buildingName: 'Registry test hall',
      floorName: 'F1',
      parentId: null,
      online: false,
      version: 1,
      props: { serverAddr: '192.168.1.20', port: 502, label: 'Roof' },
    });
    const ac = await manager('PUT', '/sbuilding/device/create-ac20', bodies.ac20(site, gateway.id));
    expect(ac.json().data).toMatchObject({ model: 'ac20', parentId: gateway.id, parentName: 'AC gateway' });
    expect(ac.json().data.props).not.toHaveProperty('acGatewayId');
    // The AC gateway page lists the units behind a gateway.
    const behind = await manager('POST', '/sbuilding/device/getList', { parentId: gateway.id });
    expect(behind.json().data).toMatchObject({ total: 1, rows: [{ id: ac.json().data.id }] });

    const gw = (await manager('PUT', '/sbuilding/4G-device/create-gw', bodies.gw4g(site))).json().data;
    expect(gw).toMatchObject({ model: 'gw4g', category: 'gateway4g' });
    const ammeter = await manager(
      'PUT',
      '/sbuilding/4G-device/create-ammeter',
      bodies.ammeter4g(site, gw.id),
    );
    expect(ammeter.json().data).toMatchObject({ model: 'ammeter4g', parentId: gw.id, props: { channel: 1 } });
    const sair = await manager('PUT', '/sbuilding/4G-device/create-sair', bodies.sair4g(site));
    expect(sair.json().data).toMatchObject({ model: 'sair4g', category: 'airSensor' });
  });

  it('creates mesh lights, panels and sensors through create/{model}, keeping MACs lower-case with colons', async () => {
    const ba = await created(manager, 'ba', bodies.ba(site));
    for (const [i, model] of (['s2', 'e90', 'kxx', 'pir10', 'th10'] as const).entries()) {
      const body = bodies[model](site, { macAddr: `0A-0B-0C-0D-0E-1${i}` });
      const device = await created(manager, model, { ...body, bleGatewayId: ba.id, zoneId: site.zone1 });
      expect(device).toMatchObject({ model, parentId: ba.id, zoneName: 'Room 101' });
      expect(device.props).toMatchObject({ macAddr: expect.stringMatching(/^0a:0b:0c:0d:0e:1/) });
    }
  });

  it('gives each device its own 20-character access token', async () => {
    const rows = await t.app.db
      .select({ token: devices.accessToken })
      .from(devices)
      .where(eq(devices.buildingId, site.buildingId));
    expect(rows.length).toBeGreaterThan(5);
    for (const row of rows) expect(row.token).toMatch(/^[0-9A-Za-z]{20}$/);
    expect(new Set(rows.map((r) => r.token)).size).toBe(rows.length);
  });

  it('lets a customer read devices but not create them', async () => {
    expect((await customer('PUT', '/sbuilding/device/create/s2', bodies.s2(site))).statusCode).toBe(403);
    const list = await customer('POST', '/sbuilding/device/getList', { buildingId: site.buildingId });
    expect(list.json().data.total).toBeGreaterThan(0);
  });
});

describe('lists', () => {
  let other: Site;
  beforeAll(async () => {
    other = await createSite(manager, 'Demo Campus', 'Registry list hall');
    await created(
      manager,
      's2',
      bodies.s2(other, { name: 'Lamp B', floorId: other.floor2, zoneId: other.zone2 }),
    );
    await created(manager, 's2', bodies.s2(other, { name: 'Lamp A', macAddr: 'DE-AD-BE-EF-00-01' }));
    await created(manager, 'th10', bodies.th10(other, { name: 'Thermo', floorId: null }));
  });

  it('filters by building, category, floor, zone and name (also matching the MAC), ordered by name', async () => {
    const list = async (filter: object) =>
      (await manager('POST', '/sbuilding/device/getList', { buildingId: other.buildingId, ...filter })).json()
        .data;
    expect((await list({})).rows.map((d: { name: string }) => d.name)).toEqual([
      'Lamp A',
      'Lamp B',
      'Thermo',
    ]);
    expect((await list({ category: 'light' })).total).toBe(2);
    expect((await list({ floorId: other.floor2 })).rows.map((d: { name: string }) => d.name)).toEqual([
      'Lamp B',
    ]);
    expect((await list({ zoneId: other.zone2 })).total).toBe(1);
    expect((await list({ name: 'de:ad:be' })).rows.map((d: { name: string }) => d.name)).toEqual(['Lamp A']);
    expect((await list({ online: true })).total).toBe(0);
    expect((await list({ model: 'th10', category: '', online: '' })).total).toBe(1);
    const paged = await list({ pageSize: 1, pageNum: 2 });
    expect(paged).toMatchObject({ total: 3, rows: [{ name: 'Lamp B' }] });
  });

  it('answers the latest telemetry in v2 and groups by floor then zone in v3', async () => {
    const [lamp] = await t.app.db.select().from(devices).where(eq(devices.name, 'Lamp A'));
    const ts = new Date('2026-11-01T08:00:00Z');
    await t.app.db.insert(deviceLatest).values({ deviceId: lamp?.id ?? 0, key: 'onOff', value: true, ts });
    const v2 = (
      await manager('POST', '/sbuilding/device/getList/v2', { buildingId: other.buildingId })
    ).json().data;
    expect(v2.rows[0]).toMatchObject({
      name: 'Lamp A',
      telemetry: { onOff: { value: true, ts: ts.toISOString() } },
    });
    expect(v2.rows[1].telemetry).toEqual({});
    const v3 = (
      await manager('POST', '/sbuilding/device/getList/v3', { buildingId: other.buildingId })
    ).json().data;
    expect(v3.map((f: { floorName: string | null }) => f.floorName)).toEqual(['F1', 'F2', null]);
    expect(v3[0].zones).toMatchObject([{ zoneId: null, devices: [{ name: 'Lamp A' }] }]);
    expect(v3[1].zones).toMatchObject([{ zoneName: 'Room 201', devices: [{ name: 'Lamp B' }] }]);
    const bySector = (await manager('GET', `/sbuilding/device/getListBySector/${other.zone2}`)).json().data;
    expect(bySector.map((d: { name: string }) => d.name)).toEqual(['Lamp B']);
  });

  it('reads one device with its readings, groups and what it reported about itself', async () => {
    const [lamp] = await t.app.db.select().from(devices).where(eq(devices.name, 'Lamp A'));
    const id = lamp?.id ?? 0;
    await t.app.db
      .update(devices)
      .set({ reportedAttributes: { firmware: '2.4.1', serial: 'LA-0001' } })
      .where(eq(devices.id, id));
    const [group] = await t.app.db
      .insert(deviceGroups)
      .values({
        tenantId: lamp?.tenantId ?? 0,
        projectId: other.projectId,
        name: 'Corridor',
        category: 'light',
      })
      .returning();
    await t.app.db.insert(deviceGroupMembers).values({ groupId: group?.id ?? 0, deviceId: id });
    const info = (await manager('GET', `/sbuilding/device/getDeviceInfoById/${id}`)).json().data;
    expect(info).toMatchObject({
      name: 'Lamp A',
      groups: [{ name: 'Corridor' }],
      telemetry: { onOff: { value: true } },
      reported: { firmware: '2.4.1', serial: 'LA-0001' },
    });
    expect((await manager('GET', '/sbuilding/device/getDeviceInfoById/999999')).statusCode).toBe(404);
  });
});

describe('saving and deleting', () => {
  it('saves with the version read and refuses a stale copy with 409', async () => {
    const device = await created(manager, 's2', bodies.s2(site, { name: 'To rename' }));
    const { buildingId, floorId, macAddr, codeAddr } = bodies.s2(site);
    const body = { buildingId, floorId, macAddr, codeAddr, name: 'Renamed', position: 'Door', version: 1 };
    const saved = await manager('POST', `/sbuilding/device/save/${device.id}`, body);
    expect(saved.json().data).toMatchObject({
      name: 'Renamed',
      position: 'Door',
      version: 2,
      props: { macAddr: macAddr.toLowerCase().replaceAll('-', ':') },
    });
    const stale = await manager('POST', `/sbuilding/device/save/${device.id}`, { ...body, name: 'Stale' });
    expect(stale.statusCode).toBe(409);
    const [row] = await t.app.db.select().from(devices).where(eq(devices.id, device.id));
    expect(row).toMatchObject({ name: 'Renamed', version: 2 });
  });

  it('refuses to delete a gateway with devices behind it, then deletes it once empty', async () => {
    const gateway = await created(manager, 'cc10', bodies.cc10(site));
    const unit = await created(manager, 'ac20', bodies.ac20(site, gateway.id));
    const refused = await manager('DELETE', `/sbuilding/device/del/${gateway.id}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe(
      'Devices still sit behind this gateway; delete or move them before deleting it',
    );
    expect((await managerZh('DELETE', `/sbuilding/device/del/${gateway.id}`)).json().msg).toBe(
      '该网关下仍有设备，请先删除或移走它们再删除网关',
    );
    await t.app.db
      .insert(telemetryRaw)
      .values({ deviceId: unit.id, key: 'roomTemp', ts: new Date('2026-11-20T08:00:00Z'), num: 24 });
    expect((await manager('DELETE', `/sbuilding/device/del/${unit.id}`)).statusCode).toBe(200);
    // Its readings go with it.
    expect(await t.app.db.select().from(telemetryRaw).where(eq(telemetryRaw.deviceId, unit.id))).toEqual([]);
    expect((await manager('DELETE', `/sbuilding/device/del/${gateway.id}`)).statusCode).toBe(200);
    expect(await t.app.db.select().from(devices).where(eq(devices.id, gateway.id))).toEqual([]);
    expect((await manager('DELETE', `/sbuilding/device/del/${gateway.id}`)).statusCode).toBe(404);
  });
});

describe('catalogue calls', () => {
  it('names categories and models in the request language', async () => {
    const en = (await customer('GET', '/sbuilding/common/getDevCategorys')).json().data;
    expect(en.find((c: { category: string }) => c.category === 'ammeter')).toEqual({
      category: 'ammeter',
      name: 'Ammeter',
      models: [{ model: 'ammeter4g', name: '4-channel ammeter (4G)' }],
    });
    const zh = (await managerZh('GET', '/sbuilding/common/getDevCategorys')).json().data;
    expect(zh.find((c: { category: string }) => c.category === 'ac').name).toBe('空调');
  });

  it('serves the catalogue with every model and its fields', async () => {
    const view = (await customer('GET', '/sbuilding/common/getDevCatalogue')).json().data;
    expect(view.models).toHaveLength(12);
    const ac20 = view.models.find((m: { id: string }) => m.id === 'ac20');
    expect(ac20.createFields).toContainEqual({
      name: 'acGatewayId',
      required: true,
      kind: 'deviceRef',
      category: 'acGateway',
    });
    expect(ac20.identity).toEqual(['acGatewayId', 'indoorAddr']);
  });
});
