import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { Aedes } from 'aedes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfill } from './backfill.js';
import { startSimulator } from './simulator.js';
import { seededRandom } from './random.js';

/**
 * The hour in which a first start's history meets the live simulator. One meter channel (the base load:
 * 2.3 kW through the working day, flat) is written as history up to 15:28 on a Wednesday, then carried on
 * live, every 15 s, on a clock the test moves. Its hourly kWh are worked out by the server's rule
 * (modules/telemetry/rollups.ts: each counter reading adds its increment over the one before, in the hour
 * the reading falls in). The 15:00 hour must hold what 14:00 and 16:00 hold: before the fix it held 1.5 of
 * them (the history's 14:28-15:28 reading, then the live 15:28-16:00 on top).
 */

const TOKEN = 'user-token';
const METER_TOKEN = 'tok-meter';
const ZONE = '+08:00';
const END = Date.parse(`2026-11-18T15:28:00${ZONE}`);
const HOUR_MS = 3_600_000;

let meterLatest: Record<string, { value: number; ts: string }> = {};
const meter = () => ({
  id: 7,
  name: 'Base load meter',
  model: 'ammeter4g',
  category: 'ammeter',
  projectId: 1,
  buildingId: 1,
  floorId: 3,
  zoneId: null,
  parentId: null,
  props: { channel: 4 },
  telemetry: meterLatest,
});

let broker: Aedes;
let mqttServer: net.Server;
let api: http.Server;
let mqttUrl = '';
let apiUrl = '';
/** The meter's readings as the server would store them: the live ones stamped on arrival (`now`). */
const readings: { ts: number; energy: number }[] = [];
let now = END;

function reply(res: http.ServerResponse, data: unknown) {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ code: 200, msg: 'ok', data }));
}

function startApi(): http.Server {
  return http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/sbuilding/project/getList')
      return reply(res, { rows: [{ id: 1, timeZone: 'Asia/Shanghai' }], total: 1 });
    if (url.pathname === '/sbuilding/work/rest/list')
      return reply(res, { rows: [{ startTime: '09:00', endTime: '18:00', timeType: 'WORK' }], total: 1 });
    if (url.pathname === '/sbuilding/device/getList/v2') return reply(res, { rows: [meter()], total: 1 });
    if (url.pathname === '/sbuilding/device/credentials/7') return reply(res, { accessToken: METER_TOKEN });
    res.writeHead(404).end();
  });
}

async function listen(server: net.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** kWh per hour (by the hour's start), by the server's rule for a cumulative counter. */
function hourlyKwh(list: readonly { ts: number; energy: number }[]): Map<number, number> {
  const sorted = [...list].sort((a, b) => a.ts - b.ts);
  const out = new Map<number, number>();
  for (let i = 1; i < sorted.length; i++) {
    const [before, reading] = [sorted[i - 1], sorted[i]];
    if (!before || !reading) continue;
    const hour = Math.floor(reading.ts / HOUR_MS) * HOUR_MS;
    out.set(hour, (out.get(hour) ?? 0) + reading.energy - before.energy);
  }
  return out;
}

beforeAll(async () => {
  broker = await Aedes.createBroker({
    authenticate(_client, username, _password, done) {
      done(null, username === METER_TOKEN);
    },
  });
  broker.on('publish', (packet, client) => {
    if (!client || packet.topic !== 'v1/devices/me/telemetry') return;
    type Values = Record<string, number>;
    const payload = JSON.parse(packet.payload.toString()) as { ts: number; values: Values }[] | Values;
    // History: [{ts, values}]; live: the values alone, stamped by the server as they arrive.
    const entries = Array.isArray(payload) ? payload : [{ ts: now, values: payload }];
    for (const { ts, values } of entries) {
      if (values.energy4 !== undefined) readings.push({ ts, energy: values.energy4 });
    }
  });
  mqttServer = net.createServer((socket) => broker.handle(socket));
  mqttUrl = `mqtt://127.0.0.1:${await listen(mqttServer)}`;
  api = startApi();
  apiUrl = `http://127.0.0.1:${await listen(api)}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => broker.close(() => resolve()));
  await new Promise((resolve) => mqttServer.close(resolve));
  await new Promise((resolve) => api.close(resolve));
});

describe('the hour a first start began', () => {
  it('counts the same energy as the hours around it, where the history meets the live readings', async () => {
    const history = await backfill({
      apiUrl,
      token: TOKEN,
      mqttUrl,
      days: 1,
      stepMinutes: 60,
      now: END,
      random: seededRandom(1),
    });
    expect(history).toMatchObject({ complete: true, failedMessages: 0 });
    // What getList/v2 answers once the history is stored: the newest reading, with its time.
    const last = readings.at(-1);
    if (!last) throw new Error('no history');
    meterLatest = { energy4: { value: last.energy, ts: new Date(last.ts).toISOString() } };

    // The live simulator a minute and a half later (its devices connecting), reporting every 15 s.
    now = END + 90_000;
    const live = await startSimulator({
      apiUrl,
      token: TOKEN,
      mqttUrl,
      now: () => now,
      reportIntervalMs: 3_600_000,
      random: seededRandom(2),
    });
    try {
      for (; now < Date.parse(`2026-11-18T17:00:00${ZONE}`); now += 15_000) await live.reportAll();
    } finally {
      await live.stop();
    }

    const kwh = hourlyKwh(readings);
    const at = (hhmm: string) => kwh.get(Date.parse(`2026-11-18T${hhmm}:00${ZONE}`)) ?? 0;
    // 1.5 kW of base load and 0.8 kW of working-hours equipment, ±3%.
    expect(at('14:00')).toBeCloseTo(2.3, 1);
    expect(at('16:00')).toBeCloseTo(2.3, 1);
    expect(Math.abs(at('15:00') - at('14:00'))).toBeLessThan(0.05);
    expect(Math.abs(at('15:00') - at('16:00'))).toBeLessThan(0.05);
  });
});
