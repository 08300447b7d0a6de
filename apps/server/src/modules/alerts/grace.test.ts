import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app.js';
import { insertDevice } from '../../test/devices.js';
import { devices } from '../devices/tables.js';
import { AlertDetector } from './detection.js';
import { alerts } from './tables.js';

/**
 * A device that has not had the chance to connect is not offline: at the first start every gateway of the demo
 * campus dropped and came back while the simulator connected, and raised 20 "Device offline" alerts, each
 * resolved within half a second. The grace runs from the server's start and from the device's creation.
 */
const GRACE_MS = 5 * 60_000;
let t: TestApp;
let clock: number;
let detector: AlertDetector;

beforeAll(async () => {
  t = await createTestApp({ captchaEnabled: false });
  clock = Date.now();
  detector = new AlertDetector(() => t.app.db, t.app.alertEvents, t.app.log, {
    graceMs: GRACE_MS,
    now: () => clock,
  });
});
afterAll(async () => {
  detector.stop();
  await t.close();
});

const openAlerts = (deviceId: number) => t.app.db.select().from(alerts).where(eq(alerts.deviceId, deviceId));

async function setOnline(deviceId: number, online: boolean) {
  await t.app.db.update(devices).set({ online }).where(eq(devices.id, deviceId));
  await detector.handle([{ deviceId, online }]);
}

describe('the grace to connect', () => {
  it('raises nothing for a device that drops and comes back while the server is starting', async () => {
    const gateway = await insertDevice(t.app.db, { model: 'gw4g', name: 'Starting gateway' });
    await setOnline(gateway.id, true);
    await setOnline(gateway.id, false);
    expect(detector.waiting).toContain(gateway.id);
    await setOnline(gateway.id, true);
    expect(detector.waiting).not.toContain(gateway.id);
    clock += GRACE_MS + 1;
    await detector.raiseDue();
    expect(await openAlerts(gateway.id)).toEqual([]);
    clock -= GRACE_MS + 1;
  });

  it('raises the alert when the grace ends for a device that is still offline then', async () => {
    const sensor = await insertDevice(t.app.db, { model: 'th10', name: 'Never back sensor' });
    await setOnline(sensor.id, true);
    await setOnline(sensor.id, false);
    expect(await openAlerts(sensor.id)).toEqual([]);
    clock += GRACE_MS - 1000;
    await detector.raiseDue();
    expect(await openAlerts(sensor.id)).toEqual([]);
    clock += 2000;
    await detector.raiseDue();
    expect(await openAlerts(sensor.id)).toMatchObject([{ type: 'offline', status: 'alerting' }]);
    expect(detector.waiting).not.toContain(sensor.id);
  });

  it('raises at once after the grace, and gives a newly created device its own grace', async () => {
    clock = Date.now() + 2 * GRACE_MS;
    const old = await insertDevice(t.app.db, { model: 'th10', name: 'Long installed sensor' });
    await t.app.db
      .update(devices)
      .set({ createdAt: new Date(clock - 3 * GRACE_MS) })
      .where(eq(devices.id, old.id));
    await setOnline(old.id, true);
    await setOnline(old.id, false);
    expect(await openAlerts(old.id)).toMatchObject([{ type: 'offline', status: 'alerting' }]);

    const fresh = await insertDevice(t.app.db, { model: 'th10', name: 'Just added sensor' });
    await t.app.db
      .update(devices)
      .set({ createdAt: new Date(clock - 60_000) })
      .where(eq(devices.id, fresh.id));
    await setOnline(fresh.id, true);
    await setOnline(fresh.id, false);
    expect(await openAlerts(fresh.id)).toEqual([]);
    expect(detector.waiting).toContain(fresh.id);
    clock += GRACE_MS;
    await detector.raiseDue();
    expect(await openAlerts(fresh.id)).toMatchObject([{ type: 'offline', status: 'alerting' }]);
  });
});
