import { describe, expect, it } from 'vitest';
import {
  airBand,
  airReadingsOf,
  airTrendQuerySchema,
  DEFAULT_AIR_THRESHOLDS,
  worstBand,
  zoneAirValues,
  airValues,
} from './air-board.js';
import { presenceOf } from './space-board.js';

const T = DEFAULT_AIR_THRESHOLDS;

describe('air-quality bands', () => {
  it('counts the ends of a band in it: 800 ppm is Good, 801 Moderate, 1500 Moderate, 1501 Unhealthy', () => {
    expect([800, 801, 1500, 1501].map((v) => airBand(v, T.co2))).toEqual([
      'Good',
      'Moderate',
      'Moderate',
      'Unhealthy',
    ]);
    expect([0.08, 0.09, 0.1, 0.11].map((v) => airBand(v, T.ch2o))).toEqual([
      'Good',
      'Moderate',
      'Moderate',
      'Unhealthy',
    ]);
  });

  it('bands temperature and humidity on both sides', () => {
    expect([15.9, 16, 20, 26, 30, 30.1].map((v) => airBand(v, T.temperature))).toEqual([
      'Unhealthy',
      'Moderate',
      'Good',
      'Good',
      'Moderate',
      'Unhealthy',
    ]);
    expect([29, 30, 40, 60, 70, 71].map((v) => airBand(v, T.humidity))).toEqual([
      'Unhealthy',
      'Moderate',
      'Good',
      'Good',
      'Moderate',
      'Unhealthy',
    ]);
    expect(airBand(null, T.co2)).toBeNull();
  });

  it("takes a zone's means over its online sensors and its worst band", () => {
    const sensor = (online: boolean, co2: number | null, temperature: number | null) => ({
      online,
      values: airValues({ co2, ch2o: null, temperature, humidity: null }, T),
    });
    const zone = zoneAirValues([sensor(true, 700, 22), sensor(true, null, 31), sensor(false, 3000, 40)], T);
    expect(zone.values.co2).toEqual({ value: 700, band: 'Good' });
    expect(zone.values.temperature).toEqual({ value: 26.5, band: 'Moderate' });
    expect(zone.band).toBe('Moderate');
    expect(worstBand([null, 'Good', 'Unhealthy', 'Moderate'])).toBe('Unhealthy');
  });

  it('asks the trend for exactly one of a device and a zone', () => {
    expect(airTrendQuerySchema.parse({ deviceId: '3' })).toEqual({
      deviceId: 3,
      zoneId: undefined,
      range: '24h',
    });
    expect(airTrendQuerySchema.parse({ zoneId: 4, deviceId: '', range: '7d' })).toMatchObject({
      zoneId: 4,
      range: '7d',
    });
    expect(airTrendQuerySchema.safeParse({}).success).toBe(false);
    expect(airTrendQuerySchema.safeParse({ deviceId: 1, zoneId: 2 }).success).toBe(false);
    expect(airTrendQuerySchema.safeParse({ deviceId: 1, range: '30d' }).success).toBe(false);
  });

  it('reads a PIR value as presence from 1/0 or a boolean', () => {
    expect([1, 0, true, false, 'x'].map(presenceOf)).toEqual([true, false, true, false, null]);
  });
});

describe('airReadingsOf', () => {
  it('answers the readings the sensors measure, from the catalogue, in board order', () => {
    expect(airReadingsOf(['th10'])).toEqual(['temperature', 'humidity']);
    expect(airReadingsOf(['th10', 'sair4g'])).toEqual(['co2', 'ch2o', 'temperature', 'humidity']);
    expect(airReadingsOf([])).toEqual([]);
  });
});
