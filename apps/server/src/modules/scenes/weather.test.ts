import { describe, expect, it } from 'vitest';
import { OpenMeteoProvider, simulatedWeather } from './weather.js';

describe('the offline weather provider', () => {
  const beijing = { latitude: 39.9, longitude: 116.4 };

  it('is the same for the same instant and place', () => {
    const at = new Date('2026-07-20T06:00:00Z');
    expect(simulatedWeather(at, beijing)).toEqual(simulatedWeather(at, beijing));
  });

  it('is plausible: summer warmer than winter, the afternoon warmer than the night, within the forecast', () => {
    const summerAfternoon = simulatedWeather(new Date('2026-07-20T07:00:00Z'), beijing); // 15:00 local solar
    const summerNight = simulatedWeather(new Date('2026-07-19T19:00:00Z'), beijing); // 03:00
    const winterAfternoon = simulatedWeather(new Date('2026-01-20T07:00:00Z'), beijing);
    expect(summerAfternoon.temperature).toBeGreaterThan(winterAfternoon.temperature + 15);
    expect(summerAfternoon.temperature).toBeGreaterThan(summerNight.temperature);
    for (const w of [summerAfternoon, summerNight, winterAfternoon]) {
      expect(w.temperature).toBeGreaterThanOrEqual(w.forecastLow - 0.1);
      expect(w.temperature).toBeLessThanOrEqual(w.forecastHigh + 0.1);
      expect(w.humidity).toBeGreaterThanOrEqual(20);
      expect(w.humidity).toBeLessThanOrEqual(95);
      expect(w.pm25).toBeGreaterThan(0);
    }
  });

  it('has the seasons the other way round south of the equator', () => {
    const sydney = { latitude: -33.9, longitude: 151.2 };
    const jan = simulatedWeather(new Date('2026-01-20T05:00:00Z'), sydney);
    const jul = simulatedWeather(new Date('2026-07-20T05:00:00Z'), sydney);
    expect(jan.temperature).toBeGreaterThan(jul.temperature);
  });
});

describe('the Open-Meteo provider', () => {
  const place = { latitude: 31.23, longitude: 121.47 };
  const answers: Record<string, unknown> = {
    forecast: {
      current: { temperature_2m: 18.4, relative_humidity_2m: 71 },
      daily: { temperature_2m_min: [14.1], temperature_2m_max: [21.9] },
    },
    air: { current: { pm2_5: 35.2 } },
  };
  function fakeFetch(fail: () => boolean) {
    const calls: string[] = [];
    const fn = async (url: string) => {
      calls.push(url);
      if (fail()) throw new Error('network down');
      const body = url.includes('air-quality') ? answers.air : answers.forecast;
      return { ok: true, status: 200, json: async () => body };
    };
    return { fn, calls };
  }
  const t0 = new Date('2026-03-16T02:00:00Z');
  const later = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);

  it('reads the current weather, PM2.5 and the day forecast', async () => {
    const { fn, calls } = fakeFetch(() => false);
    const report = await new OpenMeteoProvider(fn).weatherAt(t0, place);
    expect(report).toEqual({
      temperature: 18.4,
      humidity: 71,
      pm25: 35.2,
      forecastLow: 14.1,
      forecastHigh: 21.9,
      at: t0,
    });
    expect(calls.some((u) => u.includes('latitude=31.23') && u.includes('longitude=121.47'))).toBe(true);
  });

  it('asks at most once per refresh interval and place', async () => {
    const { fn, calls } = fakeFetch(() => false);
    const provider = new OpenMeteoProvider(fn, { refreshMs: 10 * 60_000 });
    await provider.weatherAt(t0, place);
    await provider.weatherAt(later(5), place);
    expect(calls).toHaveLength(2);
    await provider.weatherAt(later(11), place);
    expect(calls).toHaveLength(4);
  });

  it('keeps the last values with their own time when a call fails; knows nothing before the first', async () => {
    let down = true;
    const errors: unknown[] = [];
    const { fn } = fakeFetch(() => down);
    const provider = new OpenMeteoProvider(fn, { refreshMs: 60_000, log: (e) => errors.push(e) });
    expect(await provider.weatherAt(t0, place)).toBeNull();
    down = false;
    expect((await provider.weatherAt(later(1), place))?.at).toEqual(later(1));
    down = true;
    const stale = await provider.weatherAt(later(30), place);
    expect(stale).toMatchObject({ temperature: 18.4, at: later(1) });
    expect(errors).toHaveLength(2);
  });

  it('treats an incomplete answer as a failure', async () => {
    const fn = async () => ({ ok: true, status: 200, json: async () => ({ current: {} }) });
    expect(await new OpenMeteoProvider(fn).weatherAt(t0, place)).toBeNull();
  });
});
