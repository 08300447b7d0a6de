import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { Aedes, type Client } from 'aedes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfill } from './backfill.js';
import { startSimulator, type Simulator } from './simulator.js';

/**
 * The simulator against a plain aedes broker and a fake HTTP API: what goes over the wire is what the
 * server's broker reads (ThingsBoard device and gateway APIs), nothing of the server is imported.
 */

const USER_TOKEN = 'user-token';
/** Device id → access token; device 30's token is not known to the broker. */
const TOKENS: Record<number, string> = { 10: 'tok-ba', 20: 'tok-air', 30: 'tok-replaced', 40: 'tok-4g' };
const BROKER_TOKENS = new Map([
  ['tok-ba', 10],
  ['tok-air', 20],
  ['tok-4g', 40],
]);

const row = (id: number, name: string, model: string, category: string, parentId: number | null) => ({
  id,
  name,
  model,
  category,
  projectId: 1,
  buildingId: 1,
  floorId: 5,
  zoneId: 50,
  parentId,
  props: {},
  telemetry: {},
});
const DEVICES = [
  row(10, 'F1 Bluetooth gateway', 'ba', 'bleGateway', null),
  { ...row(11, 'Room 1 light', 's2', 'light', 10), telemetry: { lightnessLevel: { value: 100, ts: 1 } } },
  row(12, 'Room 1 TH', 'th10', 'thSensor', 10),
  row(20, 'Room 1 air sensor', 'sair4g', 'airSensor', null),
  row(30, 'Old air sensor', 'sair4g', 'airSensor', null),
  row(40, 'Building 4G gateway', 'gw4g', 'gateway4g', null),
  { ...row(41, 'F1 ammeter ch2', 'ammeter4g', 'ammeter', 40), props: { channel: 2 } },
];

interface Seen {
  deviceId: number;
  topic: string;
  payload: Record<string, unknown>;
}

let broker: Aedes;
let mqttServer: net.Server;
let api: http.Server;
let mqttUrl = '';
let apiUrl = '';
const seen: Seen[] = [];
const sessions = new WeakMap<Client, number>();
/** The only device a command is forwarded to (the server's broker namespaces them per device). */
let rpcTarget = 0;

function reply(res: http.ServerResponse, code: number, data: unknown) {
  res.writeHead(code, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ code, msg: code === 200 ? 'ok' : 'error', data }));
}

function startApi(): http.Server {
  return http.createServer((req, res) => {
    if (req.headers.authorization !== `Bearer ${USER_TOKEN}`) return reply(res, 401, null);
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/sbuilding/project/getList' && req.method === 'POST') {
      return reply(res, 200, { rows: [{ id: 1, projectName: 'Demo', timeZone: 'Asia/Shanghai' }], total: 1 });
    }
    if (url.pathname === '/sbuilding/device/getList/v2' && req.method === 'POST') {
      return reply(res, 200, { rows: DEVICES, total: DEVICES.length });
    }
    if (url.pathname === '/sbuilding/work/rest/list') {
      const rows = [{ startTime: '09:00', endTime: '18:00', timeType: 'WORK', zoneType: 'office' }];
      return reply(res, 200, { rows, total: 1 });
    }
    const credentials = /^\/sbuilding\/device\/credentials\/(\d+)$/.exec(url.pathname);
    const token = credentials ? TOKENS[Number(credentials[1])] : undefined;
    if (token) return reply(res, 200, { deviceId: Number(credentials?.[1]), accessToken: token });
    return reply(res, 404, null);
  });
}

async function listen(server: net.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

async function until<T>(find: () => T | undefined, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function publishToDevices(topic: string, payload: unknown): Promise<void> {
  return new Promise((resolve, reject) =>
    broker.publish(
      {
        cmd: 'publish',
        topic,
        payload: Buffer.from(JSON.stringify(payload)),
        qos: 1,
        dup: false,
        retain: false,
      },
      (error) => (error ? reject(error) : resolve()),
    ),
  );
}

let simulator: Simulator;

beforeAll(async () => {
  broker = await Aedes.createBroker({
    authenticate(client, username, _password, done) {
      const deviceId = BROKER_TOKENS.get(username ?? '');
      if (deviceId === undefined) {
        return done(Object.assign(new Error('Bad username or password'), { returnCode: 4 as const }), false);
      }
      sessions.set(client, deviceId);
      done(null, true);
    },
    authorizeForward(client, packet) {
      const command =
        packet.topic.startsWith('v1/devices/me/rpc/request/') || packet.topic === 'v1/gateway/rpc';
      if (command && sessions.get(client) !== rpcTarget) {
        return null;
      }
      return packet;
    },
  });
  broker.on('publish', (packet, client) => {
    const deviceId = client ? sessions.get(client) : undefined;
    if (deviceId === undefined) return;
    seen.push({ deviceId, topic: packet.topic, payload: JSON.parse(packet.payload.toString()) });
  });
  mqttServer = net.createServer((socket) => broker.handle(socket));
  mqttUrl = `mqtt://127.0.0.1:${await listen(mqttServer)}`;
  api = startApi();
  apiUrl = `http://127.0.0.1:${await listen(api)}`;
  // Reports on demand only (reportAll), so a report seen after a command is the one the command caused.
  simulator = await startSimulator({
    apiUrl,
    token: USER_TOKEN,
    mqttUrl,
    speed: 60,
    reportIntervalMs: 3_600_000,
  });
});

afterAll(async () => {
  await simulator?.stop();
  await new Promise<void>((resolve) => broker.close(() => resolve()));
  await new Promise((resolve) => mqttServer.close(resolve));
  await new Promise((resolve) => api.close(resolve));
});

describe('simulator on the wire', () => {
  it('connects each device that dials in itself, with its token, and tells the one refused', () => {
    expect(broker.connectedClients).toBe(3);
    expect(simulator.stats()).toMatchObject({ devicesConnected: 6, devicesSimulated: 7, devicesFailed: 1 });
  });

  it('publishes the telemetry of a device connected directly', async () => {
    await simulator.reportAll();
    const message = await until(
      () => seen.find((s) => s.deviceId === 20 && s.topic === 'v1/devices/me/telemetry'),
      'air sensor telemetry',
    );
    expect(Object.keys(message.payload).sort()).toEqual(['ch2o', 'co2', 'humidity', 'temperature']);
    expect(message.payload.co2).toBeGreaterThanOrEqual(380);
  });

  it('announces the devices behind a gateway and reports them through it', async () => {
    const announced = () =>
      seen.filter((s) => s.deviceId === 10 && s.topic === 'v1/gateway/connect').map((s) => s.payload.device);
    await until(() => (announced().length >= 2 ? true : undefined), 'gateway connects');
    expect(announced().sort()).toEqual(['Room 1 TH', 'Room 1 light']);
    const telemetry = await until(
      () => seen.find((s) => s.deviceId === 10 && s.topic === 'v1/gateway/telemetry'),
      'gateway telemetry',
    );
    expect(Object.keys(telemetry.payload).sort()).toEqual(['Room 1 TH', 'Room 1 light']);
    expect(telemetry.payload['Room 1 TH']).toEqual([
      { temperature: expect.any(Number), humidity: expect.any(Number) },
    ]);
    await until(
      () =>
        seen.find((s) => s.deviceId === 10 && s.topic === 'v1/devices/me/telemetry' && 'rssi' in s.payload),
      'gateway rssi',
    );
  });

  it('answers an RPC for a child light and reports the new state at once', async () => {
    const from = seen.length;
    const answered = simulator.stats().commandsAnswered;
    rpcTarget = 10;
    await publishToDevices('v1/gateway/rpc', {
      device: 'Room 1 light',
      data: { id: 7, method: 'setBrightness', params: { lightnessLevel: 42 } },
    });
    const answerAt = await until(() => {
      const i = seen.findIndex((s, at) => at >= from && s.topic === 'v1/gateway/rpc' && s.payload.id === 7);
      return i < 0 ? undefined : i;
    }, 'rpc answer');
    expect(seen[answerAt]?.payload).toEqual({ device: 'Room 1 light', id: 7, data: { success: true } });
    const report = await until(
      () =>
        seen
          .slice(answerAt + 1)
          .find((s) => s.topic === 'v1/gateway/telemetry' && 'Room 1 light' in s.payload),
      'report after the command',
    );
    expect(report.payload['Room 1 light']).toEqual([
      expect.objectContaining({ onOff: true, lightnessLevel: 42 }),
    ]);
    expect(simulator.stats().commandsAnswered).toBe(answered + 1);
  });

  it('refuses a bad parameter, and a command the device model lacks', async () => {
    const from = seen.length;
    rpcTarget = 10;
    await publishToDevices('v1/gateway/rpc', {
      device: 'Room 1 light',
      data: { id: 8, method: 'setBrightness', params: { lightnessLevel: 300 } },
    });
    rpcTarget = 20;
    await publishToDevices('v1/devices/me/rpc/request/9', { method: 'setOnOff', params: { onOff: true } });
    const refusal = await until(
      () => seen.slice(from).find((s) => s.topic === 'v1/gateway/rpc' && s.payload.id === 8),
      'gateway refusal',
    );
    expect(refusal.payload.data).toEqual({ success: false, error: 'lightnessLevel: byteRange' });
    const direct = await until(
      () => seen.slice(from).find((s) => s.topic === 'v1/devices/me/rpc/response/9'),
      'direct refusal',
    );
    expect(direct.deviceId).toBe(20);
    expect(direct.payload).toEqual({ success: false, error: 'sair4g does not support setOnOff' });
  });

  it('pulls the plug of a device with its own connection: it drops off, then reconnects and reports', async () => {
    const dropped = new Promise<string>((resolve) =>
      broker.once('clientDisconnect', (client) => resolve(client.id)),
    );
    expect(await simulator.unplug(20)).toBe(true);
    expect(await dropped).toBe('sim-20');
    expect(broker.connectedClients).toBe(2);
    expect(simulator.unplugged()).toEqual([20]);
    expect(simulator.stats().devicesConnected).toBe(5);
    const from = seen.length;
    await simulator.reportAll();
    expect(seen.slice(from).filter((s) => s.deviceId === 20)).toEqual([]);

    expect(await simulator.plug(20)).toBe(true);
    expect(broker.connectedClients).toBe(3);
    await until(
      () => seen.slice(from).find((s) => s.deviceId === 20 && s.topic === 'v1/devices/me/telemetry'),
      'the air sensor reporting again',
    );
    expect(simulator.unplugged()).toEqual([]);
  });

  it('silences a device behind a gateway: not reported, its commands unanswered, announced again when plugged', async () => {
    expect(await simulator.unplug(12)).toBe(true);
    const from = seen.length;
    await simulator.reportAll();
    const telemetry = await until(
      () => seen.slice(from).find((s) => s.deviceId === 10 && s.topic === 'v1/gateway/telemetry'),
      'gateway telemetry',
    );
    expect(Object.keys(telemetry.payload)).toEqual(['Room 1 light']);
    rpcTarget = 10;
    await publishToDevices('v1/gateway/rpc', {
      device: 'Room 1 TH',
      data: { id: 21, method: 'setOnOff', params: { onOff: true } },
    });
    // A command to a plugged device sent after it is answered: the gateway handles its commands in order,
    // so by then the unplugged sensor's command would have been answered too.
    await publishToDevices('v1/gateway/rpc', {
      device: 'Room 1 light',
      data: { id: 22, method: 'setOnOff', params: { onOff: true } },
    });
    await until(
      () => seen.slice(from).find((s) => s.topic === 'v1/gateway/rpc' && s.payload.id === 22),
      'the plugged light answered',
    );
    expect(seen.slice(from).find((s) => s.topic === 'v1/gateway/rpc' && s.payload.id === 21)).toBeUndefined();

    expect(await simulator.plug(12)).toBe(true);
    await until(
      () =>
        seen.slice(from).find((s) => s.topic === 'v1/gateway/connect' && s.payload.device === 'Room 1 TH'),
      'the sensor announced again',
    );
    await until(
      () => seen.slice(from).find((s) => s.topic === 'v1/gateway/telemetry' && 'Room 1 TH' in s.payload),
      'the sensor reported again',
    );
    expect(await simulator.unplug(999)).toBe(false);
  });

  it('disconnects every device when stopped', async () => {
    await simulator.stop();
    await until(() => (broker.connectedClients === 0 ? true : undefined), 'disconnects');
  });

  it('reports every device by itself on its jittered interval', async () => {
    const from = seen.length;
    simulator = await startSimulator({ apiUrl, token: USER_TOKEN, mqttUrl, reportIntervalMs: 100 });
    const reports = () =>
      seen.slice(from).filter((s) => s.topic === 'v1/devices/me/telemetry' && s.deviceId === 20).length;
    await until(() => (reports() >= 3 ? true : undefined), 'three reports of the air sensor');
    expect(simulator.stats().messagesSent).toBeGreaterThanOrEqual(6);
    await simulator.stop();
  });

  it('backfills history with device timestamps, energy rising step by step', async () => {
    const from = seen.length;
    const now = Date.parse('2026-11-18T07:28:00Z');
    const result = await backfill({ apiUrl, token: USER_TOKEN, mqttUrl, days: 1, stepMinutes: 60, now });
    const history = seen
      .slice(from)
      .filter((s) => s.deviceId === 40 && s.topic === 'v1/gateway/telemetry')
      .flatMap((s) => {
        const entries = s.payload['F1 ammeter ch2'];
        return Array.isArray(entries) ? entries : [];
      });
    expect(history).toHaveLength(25);
    const ts = history.map((e) => e.ts);
    // Each hour's reading at its last millisecond (what it measured is counted in it), the last one now.
    expect(ts[0]).toBe(Date.parse('2026-11-17T08:00:00Z') - 1);
    expect(ts[1]).toBe(Date.parse('2026-11-17T09:00:00Z') - 1);
    expect(ts[23]).toBe(Date.parse('2026-11-18T07:00:00Z') - 1);
    expect(ts[24]).toBe(now);
    const energy = history.map((e) => e.values.energy2);
    for (let i = 1; i < energy.length; i++) expect(energy[i]).toBeGreaterThanOrEqual(energy[i - 1]);
    expect(energy[24]).toBeGreaterThan(energy[0]);
    expect(result).toMatchObject({ devices: 7, failedMessages: 0 });
    expect(result.messages).toBe(seen.length - from);
  });
  it('writes the older days coarse: only the energy counters, on the coarse step', async () => {
    const from = seen.length;
    const before = Date.parse('2026-11-18T08:00:00Z');
    const result = await backfill({
      apiUrl,
      token: USER_TOKEN,
      mqttUrl,
      days: 3,
      detailDays: 1,
      stepMinutes: 60,
      coarseStepMinutes: 120,
      now: before,
    });
    const entries = (deviceId: number, topic: string, name?: string) =>
      seen
        .slice(from)
        .filter((s) => s.deviceId === deviceId && s.topic === topic)
        .flatMap((s) => {
          const list = name === undefined ? s.payload : s.payload[name];
          return Array.isArray(list) ? list : [];
        });
    const meter = entries(40, 'v1/gateway/telemetry', 'F1 ammeter ch2');
    const detailStart = before - 86_400_000;
    const coarse = meter.filter((e) => e.ts < detailStart);
    const detail = meter.filter((e) => e.ts >= detailStart);
    expect(coarse).toHaveLength(24);
    for (const e of coarse) expect(Object.keys(e.values)).toEqual(['energy2']);
    expect(coarse[1].ts - coarse[0].ts).toBe(2 * 3_600_000);
    expect(detail.length).toBeGreaterThanOrEqual(24);
    expect(Object.keys(detail[0].values).sort()).toEqual(['energy2', 'power2']);
    // The air sensor has no energy counter: nothing of it before the detailed day.
    const air = entries(20, 'v1/devices/me/telemetry');
    expect(air.length).toBeGreaterThan(0);
    for (const e of air) expect(e.ts).toBeGreaterThanOrEqual(detailStart);
    // Energy never falls across the seam between the coarse and the detailed days.
    const energy = meter.map((e) => e.values.energy2);
    for (let i = 1; i < energy.length; i++) expect(energy[i]).toBeGreaterThanOrEqual(energy[i - 1]);
    expect(result).toMatchObject({ complete: true, failedMessages: 0 });
  });

  it('stops at the next step when aborted, and says it is incomplete', async () => {
    const controller = new AbortController();
    controller.abort();
    const result = await backfill({
      apiUrl,
      token: USER_TOKEN,
      mqttUrl,
      days: 30,
      signal: controller.signal,
    });
    expect(result).toMatchObject({ complete: false, points: 0 });
  });
});
