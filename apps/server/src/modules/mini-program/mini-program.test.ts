import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { createTestApp, type TestApp } from '../../test/app.js';
import { as, createTenant } from '../../test/tenants.js';
import { insertDevice } from '../../test/devices.js';
import { startEmbeddedBroker, type EmbeddedBroker } from '../../mqtt/broker.js';
import { DeviceDirectory } from '../../mqtt/directory.js';
import { TelemetryWriter } from '../telemetry/writer.js';
import {
  buildings,
  controlLog,
  deviceLatest,
  devices,
  telemetryDaily,
  telemetryHourly,
} from '../../test/schema.js';

/*
 * The weixin customer on the server (issue 20): a person of Building A reads and switches Building A in
 * the mini-program's calls; Building B of the same tenant, another tenant's building and every other call
 * are refused, whatever the browser believes the user to be.
 */

let t: TestApp;
let broker: EmbeddedBroker;
let manager: ReturnType<typeof as>;
let occupant: ReturnType<typeof as>;
let occupantId: number;
const clients: MqttClient[] = [];
const ids = {
  hallA: 0,
  hallB: 0,
  otherTenantHall: 0,
  gatewayA: 0,
  lightA: 0,
  acA: 0,
  airA: 0,
  ammeterA: 0,
  lightB: 0,
  otherTenantLight: 0,
};

async function deviceOf(buildingId: number, category: string, where: { parentId?: number } = {}) {
  const [row] = await t.app.db
    .select()
    .from(devices)
    .where(
      and(
        eq(devices.buildingId, buildingId),
        eq(devices.category, category as never),
        where.parentId === undefined ? undefined : eq(devices.parentId, where.parentId),
      ),
    )
    .orderBy(devices.id)
    .limit(1);
  if (!row) throw new Error(`no ${category} in building ${buildingId}`);
  return row;
}

/** A Bluetooth gateway answering every command for the lights behind it. */
async function connectGateway(accessToken: string) {
  const client = mqtt.connect(`mqtt://127.0.0.1:${broker.port}`, {
    username: accessToken,
    reconnectPeriod: 0,
  });
  clients.push(client);
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('error', reject);
  });
  client.on('message', (topic, payload) => {
    const body = JSON.parse(payload.toString()) as { device: string; data: { id: number } };
    client.publish(
      topic,
      JSON.stringify({ device: body.device, id: body.data.id, data: { success: true } }),
      {
        qos: 1,
      },
    );
  });
  await client.subscribeAsync('v1/gateway/rpc', { qos: 1 });
}

async function logOf(deviceId: number) {
  await t.app.controlLog.flushed();
  return t.app.db.select().from(controlLog).where(eq(controlLog.deviceId, deviceId)).orderBy(controlLog.id);
}

const manualScene = (projectId: number, name: string, deviceId: number, miniProgram: boolean) => ({
  projectId,
  name,
  triggerType: 'manual',
  category: 'light',
  miniProgram,
  targets: [{ kind: 'device', id: deviceId }],
  actions: [{ method: 'setOnOff', params: { onOff: true } }],
});

beforeAll(async () => {
  t = await createTestApp({ captchaEnabled: false });
  const db = t.app.db;
  broker = await startEmbeddedBroker({
    port: 0,
    host: '127.0.0.1',
    log: t.app.log,
    directory: new DeviceDirectory(db),
    writer: new TelemetryWriter(db),
  });
  t.app.deviceChannel = broker;
  manager = as(t, await t.login('manager', 'manager123'));
  const [a] = await db.select().from(buildings).where(eq(buildings.name, 'Building A'));
  const [b] = await db.select().from(buildings).where(eq(buildings.name, 'Building B'));
  ids.hallA = a!.id;
  ids.hallB = b!.id;
  const gateway = await deviceOf(ids.hallA, 'bleGateway');
  ids.gatewayA = gateway.id;
  ids.lightA = (await deviceOf(ids.hallA, 'light', { parentId: gateway.id })).id;
  ids.acA = (await deviceOf(ids.hallA, 'ac')).id;
  ids.airA = (await deviceOf(ids.hallA, 'airSensor')).id;
  ids.ammeterA = (await deviceOf(ids.hallA, 'ammeter')).id;
  ids.lightB = (await deviceOf(ids.hallB, 'light')).id;
  await connectGateway(gateway.accessToken);

  // Another tenant with a building and a light of its own.
  const other = await createTenant(t, 'Other Tenant', [{ username: 'othermanager', role: 'tbAdmin' }]);
  const otherManager = as(t, await t.login('othermanager', 'othermanager123'));
  const project = (
    await otherManager('PUT', '/sbuilding/project/create', {
      projectName: 'Other HQ',
      status: 'new',
      address: 'Elsewhere',
    })
  ).json().data;
  const hall = (
    await otherManager('PUT', '/sbuilding/hall/create', {
      projectId: project.id,
      name: 'Other hall',
      longitude: 1,
      latitude: 1,
    })
  ).json().data;
  expect(hall.tenantId).toBe(other.tenantId);
  ids.otherTenantHall = hall.id;
  ids.otherTenantLight = (
    await insertDevice(db, { model: 's2', name: 'Other light', buildingId: hall.id })
  ).id;

  // The light is on at 200, the air sensor reads CO2 1200 ppm (Moderate): what the page shows now.
  const ts = new Date();
  await db.insert(deviceLatest).values([
    { deviceId: ids.lightA, key: 'onOff', value: true, ts },
    { deviceId: ids.lightA, key: 'lightnessLevel', value: 200, ts },
    { deviceId: ids.airA, key: 'co2', value: 1200, ts },
  ]);
  await db.update(devices).set({ online: true }).where(eq(devices.id, ids.airA));

  const created = await manager('PUT', '/sbuilding/user/create', {
    userName: 'occupant',
    password: 'occupant123',
    nickName: 'Occupant',
    role: 'tbWeixinCustomer',
    hallIds: [ids.hallA],
  });
  expect(created.statusCode, created.body).toBe(200);
  occupantId = created.json().data.userId;
  occupant = as(t, await t.login('occupant', 'occupant123'));
});

afterAll(async () => {
  await Promise.all(clients.filter((c) => c.connected).map((c) => c.endAsync(true)));
  await broker.close();
  await t.close();
});

describe('a weixin customer on the users page', () => {
  it('is created with its buildings, which the row answers', async () => {
    const res = await manager('GET', `/sbuilding/user/${occupantId}`);
    expect(res.json().data).toMatchObject({ role: 'tbWeixinCustomer', hallIds: [ids.hallA] });
  });

  it('needs at least one building, in the language of the request', async () => {
    const body = { userName: 'nohall', password: 'secret123', nickName: 'No hall', role: 'tbWeixinCustomer' };
    const res = await manager('PUT', '/sbuilding/user/create', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('Buildings is required');
    const zh = await as(t, await t.login('manager', 'manager123'), 'ZH')(
      'PUT',
      '/sbuilding/user/create',
      body,
    );
    expect(zh.json().msg).toBe('所属楼宇不能为空');
  });

  it("refuses another tenant's building as one of its buildings (404, like an unknown id)", async () => {
    const res = await manager('PUT', '/sbuilding/user/create', {
      userName: 'stranger',
      password: 'secret123',
      nickName: 'Stranger',
      role: 'tbWeixinCustomer',
      hallIds: [ids.hallA, ids.otherTenantHall],
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe('Building not found');
  });

  it("lists the tenant's buildings to choose from, with their project", async () => {
    const res = await manager('GET', '/sbuilding/user/hallOptions');
    const options = res.json().data as { id: number; projectName: string }[];
    expect(options.map((o) => o.id)).toEqual(expect.arrayContaining([ids.hallA, ids.hallB]));
    expect(options.map((o) => o.id)).not.toContain(ids.otherTenantHall);
    expect(options[0]).toMatchObject({ projectName: 'Demo Campus' });
  });

  it('signs in with its real role and permissions; the server gives it no menu', async () => {
    const info = (await occupant('GET', '/getInfo')).json().data;
    expect(info.roles).toEqual(['tbWeixinCustomer']);
    expect(info.permissions).toEqual(['sbuilding:wx:use', 'sbuilding:device:control']);
  });
});

describe('the weixin customer reads its building', () => {
  it('lists only its own buildings', async () => {
    const res = await occupant('GET', '/sbuilding/wx/halls');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      expect.objectContaining({ id: ids.hallA, name: 'Building A', projectName: 'Demo Campus' }),
    ]);
  });

  it('reads its building: rooms by floor with lights and ACs as they are now, and room air', async () => {
    const res = await occupant('GET', `/sbuilding/wx/hall/${ids.hallA}`);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json().data;
    expect(detail.hall).toMatchObject({ id: ids.hallA, name: 'Building A' });
    expect(detail.floors.length).toBeGreaterThan(0);
    const rooms = detail.floors.flatMap((f: { rooms: unknown[] }) => f.rooms);
    const lights = rooms.flatMap((r: { lights: unknown[] }) => r.lights);
    const acs = rooms.flatMap((r: { acs: unknown[] }) => r.acs);
    expect(lights).toContainEqual(
      expect.objectContaining({
        id: ids.lightA,
        dimmable: true,
        state: expect.objectContaining({ onOff: true, lightnessLevel: 200 }),
      }),
    );
    expect(acs).toContainEqual(expect.objectContaining({ id: ids.acA }));
    expect(detail.lightsOn).toBe(1);
    expect(detail.lightsTotal).toBe(lights.length);
    expect(detail.acsTotal).toBe(acs.length);
    const airRoom = rooms.find(
      (r: { air: { values: { co2: { value: number } } } | null }) => r.air?.values.co2.value === 1200,
    );
    expect(airRoom.air).toMatchObject({ band: 'Moderate', sensors: 1 });
  });

  it("answers the building's air now with its band, and today's energy against yesterday at this time", async () => {
    const hour = 3_600_000;
    const thisHour = Math.floor(Date.now() / hour) * hour;
    await t.app.db.insert(telemetryHourly).values([
      {
        deviceId: ids.ammeterA,
        key: 'energy1',
        count: 1,
        sum: 0,
        min: 0,
        max: 0,
        delta: 2,
        bucket: new Date(thisHour),
      },
      {
        deviceId: ids.ammeterA,
        key: 'energy1',
        count: 1,
        sum: 0,
        min: 0,
        max: 0,
        delta: 4,
        bucket: new Date(thisHour - 24 * hour),
      },
    ]);
    // This month: the daily rollups, by the project's local date.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
    await t.app.db.insert(telemetryDaily).values({
      deviceId: ids.ammeterA,
      key: 'energy1',
      count: 1,
      sum: 0,
      min: 0,
      max: 0,
      delta: 5,
      day: today,
    });
    const before = Date.now();
    const res = await occupant('GET', `/sbuilding/wx/hall/${ids.hallA}/summary`);
    const after = Date.now();
    expect(res.statusCode, res.body).toBe(200);
    const { air, energy } = res.json().data;
    expect(air).toMatchObject({
      band: 'Moderate',
      sensors: 1,
      values: { co2: { value: 1200, band: 'Moderate' } },
    });
    expect(energy).toMatchObject({ metered: true, today: 2 });
    // Yesterday's same hour counts for the part of the hour that has passed today.
    expect(energy.yesterdaySameTime).toBeGreaterThanOrEqual((4 * (before - thisHour)) / hour - 1e-9);
    expect(energy.yesterdaySameTime).toBeLessThanOrEqual((4 * (after - thisHour)) / hour + 1e-9);
    expect(energy.month).toBe(5);
  });
});

describe('the weixin customer switches its lights and ACs', () => {
  it('switches a light of its building, logged with terminal miniProgram and its name', async () => {
    const res = await occupant('POST', `/sbuilding/wx/device/${ids.lightA}/command`, {
      method: 'setBrightness',
      params: { lightnessLevel: 80 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.results).toEqual([
      expect.objectContaining({ deviceId: ids.lightA, result: 'success' }),
    ]);
    const [line] = (await logOf(ids.lightA)).slice(-1);
    expect(line).toMatchObject({
      terminal: 'miniProgram',
      userName: 'occupant',
      userId: occupantId,
      method: 'setBrightness',
      result: 'success',
    });
  });

  it('may send every AC command (the unit is not connected: 503 with the spec message, and logged)', async () => {
    const res = await occupant('POST', `/sbuilding/wx/device/${ids.acA}/command`, {
      method: 'setTargetTemp',
      params: { targetTemp: 24 },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().msg).toBe('Unable to access device');
    const [line] = (await logOf(ids.acA)).slice(-1);
    expect(line).toMatchObject({ terminal: 'miniProgram', result: 'unreachable' });
  });

  it('is refused anything but lights and ACs (403), and bad values name the field (400)', async () => {
    const gateway = await occupant('POST', `/sbuilding/wx/device/${ids.gatewayA}/command`, {
      method: 'setOnOff',
      params: { onOff: false },
    });
    expect(gateway.statusCode).toBe(403);
    expect(gateway.json().msg).toBe('Only lights and air conditioners can be switched here');
    const reboot = await occupant('POST', `/sbuilding/wx/device/${ids.lightA}/command`, { method: 'reboot' });
    expect(reboot.statusCode).toBe(400);
    const acOnLight = await occupant('POST', `/sbuilding/wx/device/${ids.lightA}/command`, {
      method: 'setWorkMode',
      params: { workMode: 'cool' },
    });
    expect(acOnLight.statusCode).toBe(403);
    const tooBright = await occupant('POST', `/sbuilding/wx/device/${ids.lightA}/command`, {
      method: 'setBrightness',
      params: { lightnessLevel: 999 },
    });
    expect(tooBright.statusCode).toBe(400);
  });
});

describe('scenes in the mini-program', () => {
  let offered = 0;
  let notMarked = 0;
  let inB = 0;

  beforeAll(async () => {
    const [a] = await t.app.db.select().from(buildings).where(eq(buildings.id, ids.hallA));
    const create = async (body: object) => {
      const res = await manager('PUT', '/sbuilding/scene/create', body);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.id as number;
    };
    offered = await create(manualScene(a!.projectId, 'Lights on (A)', ids.lightA, true));
    notMarked = await create(manualScene(a!.projectId, 'Not for phones', ids.lightA, false));
    inB = await create(manualScene(a!.projectId, 'Lights on (B)', ids.lightB, true));
  });

  it('lists the scenes marked for the mini-program whose targets are in the building', async () => {
    const res = await occupant('GET', `/sbuilding/wx/hall/${ids.hallA}/scenes`);
    expect(res.json().data).toEqual([{ id: offered, name: 'Lights on (A)' }]);
  });

  it('runs an offered scene, its commands logged as the mini-program and its user', async () => {
    const res = await occupant('POST', `/sbuilding/wx/scene/${offered}/run`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ outcome: 'ran', commands: 1, failed: 0 });
    const [line] = (await logOf(ids.lightA)).slice(-1);
    expect(line).toMatchObject({ terminal: 'miniProgram', userName: 'occupant', method: 'setOnOff' });
  });

  it("refuses a scene of its building not offered (403) and another building's scene (404)", async () => {
    expect((await occupant('POST', `/sbuilding/wx/scene/${notMarked}/run`)).statusCode).toBe(403);
    expect((await occupant('POST', `/sbuilding/wx/scene/${inB}/run`)).statusCode).toBe(404);
    expect((await occupant('POST', '/sbuilding/wx/scene/999999/run')).statusCode).toBe(404);
  });

  it('keeps the mark on the scene as saved by the tbAdmin', async () => {
    const res = await manager('GET', `/sbuilding/scene/${offered}`);
    expect(res.json().data.miniProgram).toBe(true);
  });
});

describe('what the weixin customer may not reach', () => {
  it("answers 404 for Building B of the same tenant and for another tenant's building, on every call", async () => {
    for (const hall of [ids.hallB, ids.otherTenantHall, 999_999]) {
      for (const path of ['', '/summary', '/scenes']) {
        const res = await occupant('GET', `/sbuilding/wx/hall/${hall}${path}`);
        expect(res.statusCode, `${hall}${path}`).toBe(404);
      }
    }
    for (const device of [ids.lightB, ids.otherTenantLight]) {
      const res = await occupant('POST', `/sbuilding/wx/device/${device}/command`, {
        method: 'setOnOff',
        params: { onOff: true },
      });
      expect(res.statusCode).toBe(404);
    }
    expect(await logOf(ids.lightB)).toEqual([]);
  });

  it('answers 403 on the console calls, even for its own building (the browser may think it tbAdmin)', async () => {
    const tries: [Parameters<typeof occupant>[0], string, object?][] = [
      ['GET', `/sbuilding/hall/${ids.hallA}`],
      ['POST', '/sbuilding/device/getList', { projectId: 1 }],
      ['GET', `/sbuilding/board/light?buildingId=${ids.hallA}`],
      [
        'POST',
        '/sbuilding/dev-rpccmd/sendCmd',
        { deviceId: ids.lightA, method: 'setOnOff', params: { onOff: true } },
      ],
      ['POST', `/sbuilding/scene/execute/1`],
      ['POST', '/sbuilding/user/getList', {}],
      ['POST', '/sbuilding/project/getList', {}],
    ];
    for (const [method, url, body] of tries) {
      const res = await occupant(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('follows a change of its buildings at its next call, and a building closed to the mini-program', async () => {
    const row = (await manager('GET', `/sbuilding/user/${occupantId}`)).json().data;
    const moved = await manager('POST', `/sbuilding/user/save/${occupantId}`, {
      nickName: row.nickName,
      role: 'tbWeixinCustomer',
      hallIds: [ids.hallB],
      version: row.version,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await occupant('GET', `/sbuilding/wx/hall/${ids.hallA}`)).statusCode).toBe(404);
    expect((await occupant('GET', `/sbuilding/wx/hall/${ids.hallB}`)).statusCode).toBe(200);

    const [b] = await t.app.db.select().from(buildings).where(eq(buildings.id, ids.hallB));
    await t.app.db.update(buildings).set({ miniProgramEnabled: false }).where(eq(buildings.id, ids.hallB));
    const closed = await occupant('GET', `/sbuilding/wx/hall/${ids.hallB}`);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().msg).toBe('This building is not open in the mini-program');
    expect((await occupant('GET', '/sbuilding/wx/halls')).json().data).toEqual([]);
    await t.app.db
      .update(buildings)
      .set({ miniProgramEnabled: b!.miniProgramEnabled })
      .where(eq(buildings.id, ids.hallB));
  });
});
