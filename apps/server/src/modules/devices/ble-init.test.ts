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

  describe('on two server nodes sharing the database', () => {
    let other: TestApp;
    beforeAll(async () => {
      other = await createTestApp({ env: { BLE_INIT_STEP_MS: '0' }, sameDatabaseAs: t });
    });
    afterAll(() => other.close());

    /** Two nodes' runners on one database, judging leases by one clock the test moves on. */
    function nodes(stepMs: [number, number]) {
      let now = Date.parse('2026-11-26T02:00:00Z');
      const clock = () => new Date(now);
      const options = { now: clock, leaseMs: 30_000, log: t.app.log };
      return {
        first: new BleGatewayInitRunner({ ...options, db: () => t.app.db, stepMs: stepMs[0] }),
        second: new BleGatewayInitRunner({ ...options, db: () => other.app.db, stepMs: stepMs[1] }),
        advance: (ms: number) => (now += ms),
      };
    }

    it('runs a job started on both nodes at once on exactly one of them', async () => {
      const device = await createDevice(t.app.db, scope, 'ba', bodies.ba(site));
      const { first, second } = nodes([0, 0]);
      const outcomes = await Promise.all([first.start(device.id), second.start(device.id)]);
      expect(outcomes.map((o) => o.status).sort()).toEqual(['elsewhere', 'ready']);
      expect(await row(device.id)).toMatchObject({ status: 'ready', step: 'done', leaseOwner: null });
      await Promise.all([first.close(), second.close()]);
    });

    it('leaves a job held by a live node alone, and carries it on once that node is gone and its lease ran out', async () => {
      const device = await createDevice(t.app.db, scope, 'ba', bodies.ba(site));
      // The first node takes the job and pauses a minute before each step: it stands for a node that died.
      const { first, second, advance } = nodes([60_000, 0]);
      const stalled = first.start(device.id);
      await expect.poll(async () => (await row(device.id))?.leaseOwner).toBe(first.owner);
      // The second node starting (or sweeping) does not run it again while the lease holds. (Its sweep may
      // take other tests' jobs left pending: the count is not this job's.)
      await second.resumePending();
      expect(await second.start(device.id)).toEqual({ status: 'elsewhere', error: '' });
      advance(29_000);
      await second.resumePending();
      expect(await row(device.id)).toMatchObject({ leaseOwner: first.owner, step: 'queued' });
      // The lease runs out: the second node's sweep takes the job over and finishes it.
      advance(2_000);
      expect(await second.resumePending()).toBeGreaterThanOrEqual(1);
      expect(await settled(device.id)).toMatchObject({ status: 'ready', step: 'done' });
      expect(await row(device.id)).toMatchObject({ leaseOwner: null });
      // The first node, waking up, finds the job no longer its own and stops without touching it.
      await first.close();
      expect(await stalled).toEqual({ status: 'aborted', error: '' });
      expect(await row(device.id)).toMatchObject({ status: 'ready', step: 'done' });
      await second.close();
    });

    it('carries a job on from the step the node that died had reached', async () => {
      const device = await createDevice(t.app.db, scope, 'ba', bodies.ba(site));
      const { second, advance } = nodes([0, 0]);
      await t.app.db
        .update(bleGatewayInits)
        .set({
          status: 'initialising',
          step: 'configuringGateway',
          progress: 70,
          leaseOwner: 'a node that died',
          leaseUntil: new Date(Date.parse('2026-11-26T02:00:10Z')),
        })
        .where(eq(bleGatewayInits.deviceId, device.id));
      await second.resumePending();
      expect(await row(device.id)).toMatchObject({
        leaseOwner: 'a node that died',
        step: 'configuringGateway',
      });
      advance(11_000);
      expect(await second.resumePending()).toBeGreaterThanOrEqual(1);
      expect(await settled(device.id)).toMatchObject({ status: 'ready', step: 'done' });
      await second.close();
    });
  });
});
