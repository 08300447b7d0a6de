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
});
