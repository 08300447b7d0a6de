import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app.js';
import { as, createTenant } from '../../test/tenants.js';
import { bodies, created, createSite, type Site } from '../../test/device-registry.js';
import { deviceAttributeChanges, devices } from './tables.js';

let t: TestApp;
let manager: ReturnType<typeof as>;
let customer: ReturnType<typeof as>;
let admin: ReturnType<typeof as>;
let site: Site;

beforeAll(async () => {
  t = await createTestApp({ env: { BLE_INIT_STEP_MS: '0' } });
  manager = as(t, await t.login('manager', 'manager123'));
  customer = as(t, await t.login('customer', 'customer123'));
  admin = as(t, await t.login('admin', 'admin123'));
  site = await createSite(manager, 'Demo Campus', 'Attributes test hall');
});
afterAll(() => t.close());

const changesOf = (deviceId: number) =>
  t.app.db.select().from(deviceAttributeChanges).where(eq(deviceAttributeChanges.deviceId, deviceId));

describe('client attributes', () => {
  it('saves e90 parameters, records who changed which key from what to what, newest first', async () => {
    const node = await created(manager, 'e90', bodies.e90(site));
    const first = await manager('POST', `/sbuilding/dev-client-attr/save-e90/${node.id}`, {
      pirOffDelay: 10,
      defaultBrightness: 200,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({
      deviceId: node.id,
      model: 'e90',
      attributes: { pirOffDelay: 10, defaultBrightness: 200 },
    });
    // Absent keys stay; null resets a key to the device's default.
    const second = await manager('POST', `/sbuilding/dev-client-attr/save/${node.id}`, {
      pirOffDelay: 12,
      defaultBrightness: null,
    });
    expect(second.json().data.attributes).toEqual({ pirOffDelay: 12 });
    const read = (await customer('GET', `/sbuilding/dev-client-attr/get/${node.id}`)).json().data;
    expect(read.history).toHaveLength(2);
    expect(read.history[0]).toMatchObject({
      userName: 'Manager',
      changes: [
        { key: 'pirOffDelay', from: 10, to: 12 },
        { key: 'defaultBrightness', from: 200, to: null },
      ],
    });
    expect(read.history[1].changes).toEqual([
      { key: 'pirOffDelay', from: null, to: 10 },
      { key: 'defaultBrightness', from: null, to: 200 },
    ]);
    const [row] = await changesOf(node.id);
    expect(row?.userId).toBeGreaterThan(0);
  });

  it('records nothing when nothing changed', async () => {
    const light = await created(manager, 's2', bodies.s2(site));
    await manager('POST', `/sbuilding/dev-client-attr/save-s2/${light.id}`, { minBrightness: 5 });
    const again = await manager('POST', `/sbuilding/dev-client-attr/save-s2/${light.id}`, {
      minBrightness: 5,
    });
    expect(again.statusCode).toBe(200);
    expect(await changesOf(light.id)).toHaveLength(1);
  });

  it('keeps parameters within 0-255 and refuses keys the model lacks', async () => {
    const node = await created(manager, 'e90', bodies.e90(site));
    const res = await manager('POST', `/sbuilding/dev-client-attr/save-e90/${node.id}`, { pirOffDelay: 256 });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('Value must be between 0 and 255');
    const generic = await manager('POST', `/sbuilding/dev-client-attr/save/${node.id}`, { holdingTime: -1 });
    expect(generic.json().msg).toBe('Value must be between 0 and 255');
    const unknown = await manager('POST', `/sbuilding/dev-client-attr/save/${node.id}`, { channel: 1 });
    expect(unknown.statusCode).toBe(400);
    expect(await changesOf(node.id)).toHaveLength(0);
  });

  it("refuses a model-specific save on another model's device", async () => {
    const panel = await created(manager, 'kxx', bodies.kxx(site));
    const res = await manager('POST', `/sbuilding/dev-client-attr/save-s2/${panel.id}`, {
      defaultBrightness: 9,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('This call is for s2 devices only');
    const ok = await manager('POST', `/sbuilding/dev-client-attr/save-kxx/v2/${panel.id}`, {
      defaultBrightness: 9,
    });
    expect(ok.json().data.attributes).toEqual({ defaultBrightness: 9 });
    expect(
      (await customer('POST', `/sbuilding/dev-client-attr/save-kxx/v2/${panel.id}`, {})).statusCode,
    ).toBe(403);
  });
});

describe('ac20 batch', () => {
  let units: number[];
  let light: number;
  beforeAll(async () => {
    const gateway = (await created(manager, 'cc10', bodies.cc10(site))).id;
    units = [];
    for (let i = 0; i < 3; i++) units.push((await created(manager, 'ac20', bodies.ac20(site, gateway))).id);
    light = (await created(manager, 's2', bodies.s2(site))).id;
  });
  const attributesOf = async (ids: number[]) =>
    (await t.app.db.select().from(devices).where(inArray(devices.id, ids))).map((d) => d.attributes);

  it('saves the same parameters on every unit, each with its own history', async () => {
    const res = await manager('POST', '/sbuilding/dev-client-attr/save-ac20/batch', {
      ids: units,
      attributes: { acManualMode: true, timeout: 30 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await attributesOf(units)).toEqual(units.map(() => ({ acManualMode: true, timeout: 30 })));
    for (const id of units) expect(await changesOf(id)).toHaveLength(1);
  });

  it('saves nothing when one device is not an ac20 or not the caller’s', async () => {
    const before = await attributesOf(units);
    const body = { attributes: { timeout: 99 } };
    const mixed = await manager('POST', '/sbuilding/dev-client-attr/save-ac20/batch', {
      ...body,
      ids: [...units, light],
    });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().msg).toBe('This call is for ac20 devices only');
    const unknown = await manager('POST', '/sbuilding/dev-client-attr/save-ac20/batch', {
      ...body,
      ids: [...units, 999999],
    });
    expect(unknown.statusCode).toBe(404);
    expect(await attributesOf(units)).toEqual(before);
    const empty = await manager('POST', '/sbuilding/dev-client-attr/save-ac20/batch', { ...body, ids: [] });
    expect(empty.json().msg).toBe('Select Target!');
  });
});

describe('credentials', () => {
  it("answers the token to the tenant's administrator and the admin, not to a customer", async () => {
    const device = await created(manager, 'gw4g', bodies.gw4g(site));
    const read = await manager('GET', `/sbuilding/device/credentials/${device.id}`);
    expect(read.json().data).toEqual({
      deviceId: device.id,
      accessToken: expect.stringMatching(/^[0-9A-Za-z]{20}$/),
    });
    expect((await admin('GET', `/sbuilding/device/credentials/${device.id}`)).json().data).toEqual(
      read.json().data,
    );
    expect((await customer('GET', `/sbuilding/device/credentials/${device.id}`)).statusCode).toBe(403);
    expect((await customer('POST', `/sbuilding/device/credentials/${device.id}`)).statusCode).toBe(403);
  });

  it('replaces the token: the old one is gone from every device', async () => {
    const device = await created(manager, 'ba', bodies.ba(site));
    const old = (await manager('GET', `/sbuilding/device/credentials/${device.id}`)).json().data.accessToken;
    const replaced = await manager('POST', `/sbuilding/device/credentials/${device.id}`);
    const token = replaced.json().data.accessToken;
    expect(token).toMatch(/^[0-9A-Za-z]{20}$/);
    expect(token).not.toBe(old);
    expect(await t.app.db.select().from(devices).where(eq(devices.accessToken, old))).toEqual([]);
    expect((await manager('GET', `/sbuilding/device/credentials/${device.id}`)).json().data.accessToken).toBe(
      token,
    );
  });

  it("answers 404 to another tenant's administrator", async () => {
    const device = await created(manager, 's2', bodies.s2(site));
    await createTenant(t, 'Attr tenant', [{ username: 'attrboss', role: 'tbAdmin' }]);
    const other = as(t, await t.login('attrboss', 'attrboss123'));
    expect((await other('GET', `/sbuilding/device/credentials/${device.id}`)).statusCode).toBe(404);
    expect((await other('GET', `/sbuilding/dev-client-attr/get/${device.id}`)).statusCode).toBe(404);
  });
});
