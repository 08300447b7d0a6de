import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { insertDevice, type TestDevice } from '../../test/devices.js';
import { as } from '../../test/tenants.js';
import { TelemetryWriter } from './writer.js';

let t: TestApp;
let manager: ReturnType<typeof as>;
let sensor: TestDevice;
const base = Date.parse('2026-11-10T00:00:00Z');

beforeAll(async () => {
  t = await createTestApp({ captchaEnabled: false });
  manager = as(t, await t.login('manager', 'manager123'));
  sensor = await insertDevice(t.app.db, { model: 'th10', name: 'History sensor' });
  const writer = new TelemetryWriter(t.app.db);
  // Ten days of a reading every 30 minutes: temperature climbing 0.1 °C each time.
  const rows = Array.from({ length: 480 }, (_, i) => ({
    deviceId: sensor.id,
    key: 'temperature',
    ts: base + i * 1_800_000,
    value: 20 + i / 10,
  }));
  await writer.write(rows);
  await writer.close();
});
afterAll(() => t.close());

const history = (query: string) => manager('GET', `/sbuilding/telemetry/history/${sensor.id}?${query}`);

describe('GET /sbuilding/telemetry/history/{id}', () => {
  it('answers raw readings for a span of a day or less', async () => {
    const res = await history('keys=temperature&from=2026-11-10T00:00:00Z&to=2026-11-10T02:00:00Z');
    expect(res.statusCode, res.body).toBe(200);
    const { interval, series } = res.json().data;
    expect(interval).toBe('raw');
    expect(series.temperature.map((p: { value: number }) => p.value)).toEqual([20, 20.1, 20.2, 20.3, 20.4]);
  });

  it('answers hourly averages, minimums and maximums for a few days', async () => {
    const res = await history('keys=temperature,humidity&from=2026-11-10T00:00:00Z&to=2026-11-12T00:00:00Z');
    const { interval, series } = res.json().data;
    expect(interval).toBe('hour');
    expect(series.humidity).toEqual([]);
    expect(series.temperature).toHaveLength(49);
    expect(series.temperature[1]).toMatchObject({
      t: '2026-11-10T01:00:00.000Z',
      min: 20.2,
      max: 20.3,
      count: 2,
    });
    expect(series.temperature[1].value).toBeCloseTo(20.25);
  });

  it("answers the project's local days when asked for days", async () => {
    const res = await history(
      'keys=temperature&from=2026-11-10T00:00:00Z&to=2026-11-19T23:59:00Z&interval=day',
    );
    const { series } = res.json().data;
    // Asia/Shanghai: the first local day 2026-11-10 holds the first 16 hours (32 readings).
    expect(series.temperature[0]).toMatchObject({ t: '2026-11-10', count: 32 });
    expect(series.temperature.reduce((n: number, p: { count: number }) => n + p.count, 0)).toBe(480);
  });

  it('refuses an end before the start and unknown devices', async () => {
    const backwards = await history('keys=temperature&from=2026-11-12T00:00:00Z&to=2026-11-10T00:00:00Z');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().msg).toBe('End time must be after start time');
    const missing = await manager(
      'GET',
      '/sbuilding/telemetry/history/999999?keys=temperature&from=2026-11-10T00:00:00Z&to=2026-11-11T00:00:00Z',
    );
    expect(missing.statusCode).toBe(404);
  });
});
