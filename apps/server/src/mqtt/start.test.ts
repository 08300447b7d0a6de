import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { loadConfig } from '../platform/env.js';
import { PortInUseError, startDeviceLink } from './index.js';

let t: TestApp;
let taken: net.Server;
let takenPort: number;

beforeAll(async () => {
  t = await createTestApp({ captchaEnabled: false });
  taken = net.createServer();
  takenPort = await new Promise<number>((resolve) =>
    taken.listen(0, '127.0.0.1', () => {
      const address = taken.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    }),
  );
});
afterAll(async () => {
  await new Promise<void>((resolve) => taken.close(() => resolve()));
  await t.close();
});

describe('starting the device link', () => {
  it('names MQTT_PORT when the broker port is taken', async () => {
    const config = loadConfig({ MQTT_PORT: String(takenPort), HOST: '127.0.0.1' });
    const started = startDeviceLink(config, t.app.db, t.app.log);
    await expect(started).rejects.toThrow(PortInUseError);
    await expect(started).rejects.toThrow(
      `MQTT port ${takenPort} is already in use: set MQTT_PORT to a free port`,
    );
  });

  it('with MQTT_URL, connects to that broker instead, and says so when it cannot', async () => {
    const closed = net.createServer();
    const port = await new Promise<number>((resolve) =>
      closed.listen(0, '127.0.0.1', () => {
        const address = closed.address();
        resolve(typeof address === 'object' && address ? address.port : 0);
      }),
    );
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const config = loadConfig({
      MQTT_URL: `mqtt://127.0.0.1:${port}`,
      MQTT_BROKER_SECRET: 's'.repeat(40),
      MQTT_PORT: String(takenPort),
    });
    // The embedded broker's port is taken: only a link to MQTT_URL is tried.
    await expect(startDeviceLink(config, t.app.db, t.app.log)).rejects.toThrow(/ECONNREFUSED/);
  });

  it('starts the embedded broker on a free port and stops it again', async () => {
    const link = await startDeviceLink(
      loadConfig({ MQTT_PORT: '0', HOST: '127.0.0.1' }),
      t.app.db,
      t.app.log,
    );
    expect(link.broker?.port).toBeGreaterThan(0);
    await link.close();
  });
});
