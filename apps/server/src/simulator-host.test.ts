import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { loadConfig } from './platform/env.js';
import { startDeviceLink, type DeviceLink } from './mqtt/index.js';
import { createTestApp, type TestApp } from './test/app.js';
import { as } from './test/tenants.js';
import { devices } from './modules/devices/tables.js';
import { tenants } from './modules/tenants/tables.js';
import { telemetryRaw } from './modules/telemetry/tables.js';
import { DEMO_TENANT } from './modules/seed/index.js';
import { startBuiltInSimulator, type SimulatorHandle } from './simulator-host.js';

/**
 * The built-in simulator as `npm start` runs it: in a thread of its own (simulator-worker.ts), reaching this
 * server over HTTP and MQTT as any integrator and device, with a day of first-start history before the
 * campus comes alive; the plug calls reach it through `app.simulator`.
 */
let t: TestApp;
let link: DeviceLink;
let manager: ReturnType<typeof as>;
let apiPort = 0;
let handle: SimulatorHandle | null = null;

const simulatorConfig = (port: number) =>
  loadConfig({ PORT: String(port), HOST: '127.0.0.1', SIM_BACKFILL_DAYS: '1', SIM_SPEED: '1' });

/** The demo tenant's devices that are not online now. */
async function offlineDemoDevices(): Promise<number[]> {
  const rows = await t.app.db
    .select({ id: devices.id })
    .from(devices)
    .innerJoin(tenants, eq(tenants.id, devices.tenantId))
    .where(and(eq(tenants.name, DEMO_TENANT), eq(devices.online, false)));
  return rows.map((r) => r.id);
}

async function isOnline(deviceId: number): Promise<boolean> {
  const [row] = await t.app.db
    .select({ online: devices.online })
    .from(devices)
    .where(eq(devices.id, deviceId));
  return row?.online ?? false;
}

beforeAll(async () => {
  t = await createTestApp({ captchaEnabled: false });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  apiPort = typeof address === 'object' && address ? address.port : 0;
  link = await startDeviceLink(loadConfig({ MQTT_PORT: '0', HOST: '127.0.0.1' }), t.app.db, t.app.log, {
    bus: t.app.telemetryBus,
  });
  t.app.deviceChannel = link.channel;
  manager = as(t, await t.login('manager', 'manager123'));
}, 60_000);

afterAll(async () => {
  await handle?.stop();
  await link?.close();
  await t?.close();
});

describe('the built-in simulator in its own thread', () => {
  it('writes the first start history, then brings every demo device online, its logs in the server log', async () => {
    const info = vi.spyOn(t.app.log, 'info');
    const port = link.broker?.port ?? 0;
    handle = await startBuiltInSimulator(t.app, simulatorConfig(apiPort), port);
    expect(handle).not.toBeNull();
    expect(t.app.simulator).not.toBeNull();
    await expect.poll(offlineDemoDevices, { timeout: 30_000 }).toEqual([]);
    // The history is stored with the devices' own times: a day back.
    const [oldest] = await t.app.db.select({ ts: sql<string>`min(${telemetryRaw.ts})` }).from(telemetryRaw);
    expect(Date.now() - Date.parse(oldest?.ts ?? '')).toBeGreaterThan(23 * 3_600_000);
    const messages = info.mock.calls.map((call) => call.at(-1));
    expect(messages).toEqual(
      expect.arrayContaining(['backfill done', 'simulated devices connected', 'building simulator running']),
    );
    info.mockRestore();
  });

  it('pulls a device plug and powers it up again through the plug calls', async () => {
    const [sensor] = await t.app.db
      .select({ id: devices.id })
      .from(devices)
      .where(and(eq(devices.model, 'sair4g'), eq(devices.online, true)))
      .limit(1);
    if (!sensor) throw new Error('no air sensor online');
    const unplug = await manager('POST', `/sbuilding/simulator/unplug/${sensor.id}`);
    expect(unplug.json().data).toEqual({ deviceId: sensor.id, unplugged: true });
    // Its connection drops without a word: the server sees it go.
    await expect.poll(() => isOnline(sensor.id), { timeout: 15_000 }).toBe(false);
    expect((await manager('GET', '/sbuilding/simulator/state')).json().data).toEqual({
      running: true,
      unplugged: [sensor.id],
    });
    const plug = await manager('POST', `/sbuilding/simulator/plug/${sensor.id}`);
    expect(plug.json().data).toEqual({ deviceId: sensor.id, unplugged: false });
    await expect.poll(() => isOnline(sensor.id), { timeout: 15_000 }).toBe(true);
    expect(t.app.simulator?.unplugged()).toEqual([]);
    // A device the simulator does not run.
    expect(await t.app.simulator?.unplug(2_000_000_000)).toBe(false);
  });

  it('stops its thread on shutdown: the devices disconnect and the plug calls say it does not run', async () => {
    await handle?.stop();
    handle = null;
    expect(t.app.simulator).toBeNull();
    await expect
      .poll(async () => (await offlineDemoDevices()).length, { timeout: 15_000 })
      .toBeGreaterThan(0);
    expect((await manager('POST', `/sbuilding/simulator/plug/1`)).statusCode).toBe(409);
  });

  it('logs a simulator that cannot start, and the server carries on without it', async () => {
    const error = vi.spyOn(t.app.log, 'error');
    // Nothing listens on this port: the thread cannot read the campus.
    const nowhere = await startBuiltInSimulator(t.app, simulatorConfig(1), link.broker?.port ?? 0);
    expect(nowhere).toBeNull();
    expect(t.app.simulator).toBeNull();
    expect(error.mock.calls.map((call) => call.at(-1))).toContain('the building simulator did not start');
    error.mockRestore();
    expect((await manager('GET', '/sbuilding/simulator/state')).json().data.running).toBe(false);
  });
});
