import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEFAULT_AIR_THRESHOLDS, type AirBoard, type AirTrend } from '@sbuilding/shared';
import { createTestApp, type TestApp } from '../../test/app.js';
import { airSpaceFixture, setHour, setLatest, setRaw, type Fixture } from '../../test/air-space.js';
import { as, createTenant } from '../../test/tenants.js';
import { clearConfigCache } from '../system/config-cache.js';
import { sysConfig } from '../system/tables.js';
import { airTrend } from './air.js';
import { AIR_THRESHOLD_KEYS } from './settings.js';

/*
 * The air-quality board on the fixed data set (test/air-space.ts): the sair4g in Air room reports values on
 * the thresholds' edges, the th10 beside it temperature and humidity; Empty room has no sensor.
 */

let t: TestApp;
let f: Fixture;
let manager: ReturnType<typeof as>;
let stranger: ReturnType<typeof as>;
const NOW = Date.parse('2026-11-21T04:30:00Z');

beforeAll(async () => {
  t = await createTestApp({ captchaEnabled: false });
  f = await airSpaceFixture(t);
  manager = as(t, await t.login('manager', 'manager123'));
  await createTenant(t, 'Air stranger', [{ username: 'airstranger', role: 'tbAdmin' }]);
  stranger = as(t, await t.login('airstranger', 'airstranger123'));
  const ts = new Date(NOW);
  // On the edges: 800 ppm is still Good, 0.1 mg/m³ still Moderate, 40 %RH Good; 30.5 °C is past Moderate.
  await setLatest(t, f.device.air, { co2: 800, ch2o: 0.1, temperature: 30.5, humidity: 40 }, ts);
  await setLatest(t, f.device.th, { temperature: 26, humidity: 70 }, ts);
});
afterAll(() => t.close());

async function board(call = manager, query = `projectId=${f.projectId}`) {
  const res = await call('GET', `/sbuilding/board/air?${query}`);
  return { status: res.statusCode, body: res.body, data: res.json<{ data: AirBoard }>().data };
}

describe('air board', () => {
  it('bands each value by the thresholds, ends included, and answers the thresholds themselves', async () => {
    const { status, body, data } = await board();
    expect(status, body).toBe(200);
    expect(data.thresholds).toEqual(DEFAULT_AIR_THRESHOLDS);
    expect(data.total).toBe(2);
    const air = data.sensors.find((s) => s.id === f.device.air);
    expect(air?.values).toEqual({
      co2: { value: 800, band: 'Good' },
      ch2o: { value: 0.1, band: 'Moderate' },
      temperature: { value: 30.5, band: 'Unhealthy' },
      humidity: { value: 40, band: 'Good' },
    });
    expect(air).toMatchObject({ zoneName: 'Air room', floorName: 'F1', buildingName: 'A', online: true });
    const th = data.sensors.find((s) => s.id === f.device.th);
    expect(th?.values.co2).toEqual({ value: null, band: null });
    expect(th?.values.humidity).toEqual({ value: 70, band: 'Moderate' });
  });

  it("gives each zone its online sensors' means and worst band; a zone without a sensor has none", async () => {
    const { data } = await board();
    const room = data.zones.find((z) => z.zoneId === f.zone.air);
    expect(room?.sensorIds.sort()).toEqual([f.device.air, f.device.th].sort());
    // (30.5 + 26) / 2 = 28.25 °C: Moderate; (40 + 70) / 2 = 55 %RH: Good.
    expect(room?.values.temperature).toEqual({ value: 28.25, band: 'Moderate' });
    expect(room?.values.humidity).toEqual({ value: 55, band: 'Good' });
    expect(room?.band).toBe('Moderate');
    const empty = data.zones.find((z) => z.zoneId === f.zone.empty);
    expect(empty).toMatchObject({ sensorIds: [], band: null, values: { co2: { value: null, band: null } } });
  });

  it('reads the thresholds from the system configuration, and falls back to the default on a bad value', async () => {
    const set = async (key: string, value: string) => {
      await t.app.db.update(sysConfig).set({ configValue: value }).where(eq(sysConfig.configKey, key));
      clearConfigCache(t.app.db, key);
    };
    await set(AIR_THRESHOLD_KEYS.co2, JSON.stringify({ good: { max: 600 }, moderate: { max: 800 } }));
    await set(AIR_THRESHOLD_KEYS.humidity, 'not json');
    try {
      const { data } = await board();
      expect(data.thresholds.co2).toEqual({
        good: { min: null, max: 600 },
        moderate: { min: null, max: 800 },
      });
      expect(data.thresholds.humidity).toEqual(DEFAULT_AIR_THRESHOLDS.humidity);
      expect(data.sensors.find((s) => s.id === f.device.air)?.values.co2.band).toBe('Moderate');
    } finally {
      await set(AIR_THRESHOLD_KEYS.co2, JSON.stringify(DEFAULT_AIR_THRESHOLDS.co2));
      await set(AIR_THRESHOLD_KEYS.humidity, JSON.stringify(DEFAULT_AIR_THRESHOLDS.humidity));
    }
  });

  it("shares the answer between viewers, and still checks each one's right to the project first", async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => manager('GET', `/sbuilding/board/air?projectId=${f.projectId}`)),
    );
    expect(new Set(answers.map((a) => a.statusCode))).toEqual(new Set([200]));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    // The answer is cached now: a caller of another tenant still hears 404.
    expect((await stranger('GET', `/sbuilding/board/air?projectId=${f.projectId}`)).statusCode).toBe(404);
  });

  it("answers 404 for another tenant's project, and a building of another project", async () => {
    expect((await stranger('GET', `/sbuilding/board/air?projectId=${f.projectId}`)).statusCode).toBe(404);
    const other = await manager('GET', `/sbuilding/board/air?projectId=1&buildingId=${f.buildingId}`);
    expect(other.statusCode).toBe(404);
  });
});

describe('air trend', () => {
  beforeAll(async () => {
    // The hour of NOW (04:00Z), three hours before, and 30 hours before (inside 7 days only).
    await setHour(t, f.device.air, 'temperature', '2026-11-21T04:00:00Z', [29, 31]);
    await setHour(t, f.device.th, 'temperature', '2026-11-21T04:00:00Z', [26]);
    await setHour(t, f.device.air, 'co2', '2026-11-21T01:00:00Z', [700, 900, 800]);
    await setHour(t, f.device.air, 'co2', '2026-11-19T22:00:00Z', [1200]);
    // A raw reading that disagrees: the trend reads rollups only.
    await setRaw(t, f.device.air, 'co2', '2026-11-21T01:30:00Z', 5000);
  });

  it("answers a sensor's hourly means of the last 24 hours, the current hour last, from the rollups", async () => {
    const trend: AirTrend = await airTrend(
      t.app.db,
      f.scope,
      { deviceId: f.device.air, zoneId: undefined, range: '24h' },
      NOW,
    );
    expect(trend.sensorCount).toBe(1);
    expect(trend.points).toHaveLength(24);
    expect(trend.points.at(-1)).toMatchObject({ t: '2026-11-21T04:00:00.000Z', temperature: 30 });
    expect(trend.points.at(-4)).toMatchObject({ t: '2026-11-21T01:00:00.000Z', co2: 800 });
    expect(trend.points.filter((p) => p.co2 !== null)).toHaveLength(1);
  });

  it('answers 168 hours for 7 days, and a zone weighs every reading of its sensors alike', async () => {
    const week = await airTrend(
      t.app.db,
      f.scope,
      { deviceId: f.device.air, zoneId: undefined, range: '7d' },
      NOW,
    );
    expect(week.points).toHaveLength(168);
    expect(week.points.filter((p) => p.co2 !== null).map((p) => p.co2)).toEqual([1200, 800]);
    const zone = await airTrend(
      t.app.db,
      f.scope,
      { deviceId: undefined, zoneId: f.zone.air, range: '24h' },
      NOW,
    );
    expect(zone.sensorCount).toBe(2);
    // (29 + 31 + 26) / 3
    expect(zone.points.at(-1)?.temperature).toBe(28.667);
    const empty = await airTrend(
      t.app.db,
      f.scope,
      { deviceId: undefined, zoneId: f.zone.empty, range: '24h' },
      NOW,
    );
    expect(empty.sensorCount).toBe(0);
    expect(empty.points.every((p) => p.co2 === null && p.temperature === null)).toBe(true);
  });

  it("says 'Air device not found' for a device that is no air sensor; asks for exactly one of device and zone", async () => {
    const pir = await manager('GET', `/sbuilding/board/air/trend?deviceId=${f.device.busyPir}`);
    expect(pir.statusCode).toBe(404);
    expect(pir.json().msg).toBe('Air device not found');
    expect((await manager('GET', '/sbuilding/board/air/trend?range=24h')).statusCode).toBe(400);
    const both = await manager(
      'GET',
      `/sbuilding/board/air/trend?deviceId=${f.device.air}&zoneId=${f.zone.air}`,
    );
    expect(both.statusCode).toBe(400);
    const ok = await manager('GET', `/sbuilding/board/air/trend?zoneId=${f.zone.air}&range=7d`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.points).toHaveLength(168);
    expect((await stranger('GET', `/sbuilding/board/air/trend?zoneId=${f.zone.air}`)).statusCode).toBe(404);
  });
});
