import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/app.js';
import { deviceRow, insertDevice } from '../test/devices.js';
import { devices } from '../modules/devices/tables.js';
import { DeviceDirectory } from './directory.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ captchaEnabled: false });
});
afterAll(() => t.close());

describe('the offline sweep', () => {
  it('takes devices silent for longer than the limit offline, with the devices behind a silent gateway', async () => {
    const db = t.app.db;
    const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
    const gateway = await insertDevice(db, { model: 'ba', name: 'Silent gateway' });
    const behind = await insertDevice(db, { model: 's2', name: 'Light behind it', parentId: gateway.id });
    const chatty = await insertDevice(db, { model: 'th10', name: 'Chatty sensor' });
    await db
      .update(devices)
      .set({ online: true, lastActivityAt: minutesAgo(9) })
      .where(eq(devices.id, gateway.id));
    // The light itself spoke a minute ago (through its gateway), yet its gateway is gone.
    await db
      .update(devices)
      .set({ online: true, lastActivityAt: minutesAgo(1) })
      .where(eq(devices.id, behind.id));
    await db
      .update(devices)
      .set({ online: true, lastActivityAt: minutesAgo(2) })
      .where(eq(devices.id, chatty.id));

    const count = await new DeviceDirectory(db).expireSilent(5);

    expect(count).toBeGreaterThanOrEqual(1);
    expect((await deviceRow(db, gateway.id))?.online).toBe(false);
    expect((await deviceRow(db, behind.id))?.online).toBe(false);
    expect((await deviceRow(db, chatty.id))?.online).toBe(true);
  });

  it('counts silence from the server start at the earliest: a restarted server gives devices the window to return', async () => {
    const db = t.app.db;
    const sensor = await insertDevice(db, { model: 'th10', name: 'Sensor from before the restart' });
    await db
      .update(devices)
      .set({ online: true, lastActivityAt: new Date(Date.now() - 60 * 60_000) })
      .where(eq(devices.id, sensor.id));
    const directory = new DeviceDirectory(db);

    await directory.expireSilent(5, Date.now() - 60_000);
    expect((await deviceRow(db, sensor.id))?.online).toBe(true);

    await directory.expireSilent(5, Date.now() - 6 * 60_000);
    expect((await deviceRow(db, sensor.id))?.online).toBe(false);
  });
});

describe('a device that reconnected elsewhere first', () => {
  it("stays online when its older connection's close is heard after the new one is up, gateways included", async () => {
    const db = t.app.db;
    const gateway = await insertDevice(db, { model: 'ba', name: 'Gateway that moved' });
    const behind = await insertDevice(db, { model: 's2', name: 'Light behind it', parentId: gateway.id });
    const sensor = await insertDevice(db, { model: 'th10', name: 'Sensor that moved' });
    const told: unknown[] = [];
    // Two nodes' directories on one database: the old connections on one, the new ones on the other.
    const node1 = new DeviceDirectory(db, (changes) => told.push(...changes));
    const node2 = new DeviceDirectory(db, (changes) => told.push(...changes));
    await node1.setOnline([gateway.id, behind.id, sensor.id], true, 'old');
    await node2.setOnline([gateway.id], true, 'new-gateway');
    await node2.setOnline([sensor.id], true, 'new-sensor');
    told.length = 0;

    await node1.setGatewayOffline(gateway.id, 'old');
    await node1.setOnline([sensor.id], false, 'old');
    expect(told).toEqual([]);
    for (const id of [gateway.id, behind.id, sensor.id]) expect((await deviceRow(db, id))?.online).toBe(true);

    // The new connections' own close does take them offline.
    await node2.setGatewayOffline(gateway.id, 'new-gateway');
    await node2.setOnline([sensor.id], false, 'new-sensor');
    for (const id of [gateway.id, behind.id, sensor.id])
      expect((await deviceRow(db, id))?.online).toBe(false);
    expect(told).toEqual(
      expect.arrayContaining([
        { deviceId: gateway.id, online: false },
        { deviceId: behind.id, online: false, viaGateway: gateway.id },
        { deviceId: sensor.id, online: false },
      ]),
    );
  });
});

describe('a stopping server', () => {
  it('leaves the devices it drops as they were, gateways and the devices behind them included', async () => {
    const db = t.app.db;
    const gateway = await insertDevice(db, { model: 'ba', name: 'Gateway at shutdown' });
    const behind = await insertDevice(db, { model: 's2', name: 'Light at shutdown', parentId: gateway.id });
    const sensor = await insertDevice(db, { model: 'th10', name: 'Sensor at shutdown' });
    const told: unknown[] = [];
    const directory = new DeviceDirectory(db, (changes) => told.push(...changes));
    await directory.setOnline([gateway.id, behind.id, sensor.id], true);
    told.length = 0;

    directory.holdPresence();
    await directory.setGatewayOffline(gateway.id);
    await directory.setOnline([sensor.id], false);

    expect(told).toEqual([]);
    for (const id of [gateway.id, behind.id, sensor.id]) expect((await deviceRow(db, id))?.online).toBe(true);
    // Coming back is still news (a device reconnecting while the broker closes).
    await directory.setOnline([sensor.id], true);
  });
});
