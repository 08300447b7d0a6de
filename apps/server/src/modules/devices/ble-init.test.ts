import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app.js';
import { as, demoTenantId } from '../../test/tenants.js';
import { bodies, created, createSite, type Site } from '../../test/device-registry.js';
import type { Scope } from '../../platform/tenancy.js';
import { BleGatewayInitRunner, type BleInitOutcome } from './ble-gateway-init.js';
import { createDevice } from './device-service.js';
import { bleGatewayInits, devices } from './tables.js';

let t: TestApp;
let manager: ReturnType<typeof as>;
let managerZh: ReturnType<typeof as>;
let site: Site;
let scope: Scope;

beforeAll(async () => {
  t = await createTestApp({ env: { BLE_INIT_STEP_MS: '0' } });
  const token = await t.login('manager', 'manager123');
  manager = as(t, token);
  managerZh = as(t, token, 'ZH');
  site = await createSite(manager, 'Demo Campus', 'BLE test hall');
  scope = { userId: 0, tenantId: await demoTenantId(t), roles: ['tbAdmin'], permissions: [], isAdmin: false };
});
afterAll(() => t.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls the status call as the console does, until the job is ready or failed. */
async function settled(id: number, call = manager) {
  for (let i = 0; i < 200; i++) {
    const res = await call('GET', `/sbuilding/device/queryInitBleGatewayStatus/${id}`);
    const data = res.json().data;
    if (data.status === 'ready' || data.status === 'failed') return data;
    await sleep(10);
  }
  throw new Error('initialisation did not settle');
}

async function row(id: number) {
  const [found] = await t.app.db.select().from(bleGatewayInits).where(eq(bleGatewayInits.deviceId, id));
  return found;
}

describe('Bluetooth gateway initialisation', () => {
  it('creates the gateway on a floor, answers the pending job and reaches ready with its mesh and server', async () => {
    const {
      buildingId: _b,
      floorId: _f,
      ...body
    } = bodies.ba(site, { zoneId: site.zone2, position: 'Ceiling' });
    const res = await manager('PUT', `/sbuilding/device/createBleGateway/${site.floor2}`, body);
    expect(res.statusCode, res.body).toBe(200);
    const { device, init } = res.json().data;
    expect(device).toMatchObject({
      model: 'ba',
      floorId: site.floor2,
      zoneId: site.zone2,
      position: 'Ceiling',
    });
    expect(init).toMatchObject({
      deviceId: device.id,
      status: 'pending',
      progress: 0,
      step: 'queued',
      message: '',
    });
    expect(await settled(device.id)).toMatchObject({
      status: 'ready',
      progress: 100,
      step: 'done',
      message: '',
    });
    const [saved] = await t.app.db.select().from(devices).where(eq(devices.id, device.id));
    expect(saved?.attributes).toMatchObject({
      meshId: `mesh-${site.buildingId}`,
      mqttServer: 'mqtt://broker.local',
      mqttPort: 1883,
      floorId: site.floor2,
    });
  });

  it('refuses a zone of another floor and answers 404 for an unknown floor', async () => {
    const { buildingId: _b, floorId: _f, ...body } = bodies.ba(site, { zoneId: site.zone1 });
    const res = await manager('PUT', `/sbuilding/device/createBleGateway/${site.floor2}`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('The zone does not lie on the chosen floor');
    const unknown = await manager('PUT', '/sbuilding/device/createBleGateway/999999', {
      ...body,
      zoneId: null,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('starts the job from create/ba too, fails it for a gateway on no floor and retries once it is placed', async () => {
    const device = await created(manager, 'ba', bodies.ba(site, { floorId: null }));
    const failed = await settled(device.id);
    expect(failed).toMatchObject({ status: 'failed', step: 'allocatingMesh' });
    expect(failed.message).toBe(
      'The gateway is on no floor: place it on a floor and save it to initialise it',
    );
    expect((await settled(device.id, managerZh)).message).toBe(
      '网关不在任何楼层上：请将其放到楼层上并保存后再初始化',
    );
    const { macAddr, codeAddr } = device.props as { macAddr: string; codeAddr: string };
    const body = { ...bodies.ba(site), macAddr, codeAddr, version: 1 };
    expect((await manager('POST', `/sbuilding/device/save/${device.id}`, body)).statusCode).toBe(200);
    expect(await settled(device.id)).toMatchObject({ status: 'ready', progress: 100 });
  });

  it('answers 400 for a device that is not a Bluetooth gateway', async () => {
    const light = await created(manager, 's2', bodies.s2(site));
    const res = await manager('GET', `/sbuilding/device/queryInitBleGatewayStatus/${light.id}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('This device is not a Bluetooth gateway');
  });

  it('fails the job of a gateway deleted while it runs', async () => {
    // Created through the service, so the app's own runner does not start it; this runner pauses 150 ms a step.
    const device = await createDevice(t.app.db, scope, 'ba', bodies.ba(site));
    expect(await row(device.id)).toMatchObject({ status: 'pending', step: 'queued' });
    const runner = new BleGatewayInitRunner({ db: () => t.app.db, stepMs: 150, log: t.app.log });
    const outcome = runner.start(device.id);
    while ((await row(device.id))?.status !== 'initialising') await sleep(5);
    expect((await manager('DELETE', `/sbuilding/device/del/${device.id}`)).statusCode).toBe(200);
    expect(await outcome).toEqual<BleInitOutcome>({ status: 'failed', error: 'device.initDeviceGone' });
    expect(await row(device.id)).toBeUndefined();
    await runner.close();
  });

  it('resumes jobs left pending at start', async () => {
    const device = await createDevice(t.app.db, scope, 'ba', bodies.ba(site));
    await t.app.db
      .update(bleGatewayInits)
      .set({ status: 'initialising', step: 'issuingCredentials', progress: 40 })
      .where(eq(bleGatewayInits.deviceId, device.id));
    expect(await t.app.bleInit.resumePending()).toBeGreaterThanOrEqual(1);
    expect(await settled(device.id)).toMatchObject({ status: 'ready', step: 'done' });
  });

  it('stops a paused job at once when closed, leaving it to be resumed', async () => {
    const device = await createDevice(t.app.db, scope, 'ba', bodies.ba(site));
    const runner = new BleGatewayInitRunner({ db: () => t.app.db, stepMs: 60_000, log: t.app.log });
    const outcome = runner.start(device.id);
    const started = Date.now();
    await runner.close();
    expect(await outcome).toEqual({ status: 'aborted', error: '' });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await row(device.id)).toMatchObject({ status: 'pending' });
  });
});
