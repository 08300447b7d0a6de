import { z } from 'zod';
import { AIR_BANDS, AIR_READINGS } from '../constants.js';
import { DEVICE_MODELS } from '../devices/models.js';
import { DEVICE_CATEGORIES, MODEL_IDS, type ModelId } from '../devices/types.js';
import { idSchema } from './fields.js';

/*
 * The air-quality board (/board/air, Airboard, spec section 9): every air and temperature sensor with its
 * latest CO2, CH2O, temperature and humidity, each banded Good / Moderate / Unhealthy by thresholds kept in
 * the system configuration, per-zone figures, and hourly trends (modules/boards, air.ts).
 */

export type AirBand = (typeof AIR_BANDS)[number];
export type AirReading = (typeof AIR_READINGS)[number];

/** Device categories the air board shows: air-quality sensors and temperature/humidity sensors. */
export const AIR_BOARD_CATEGORIES = ['airSensor', 'thSensor'] as const;

/** Units of the readings, as the catalogue (sair4g, th10) reports them. */
export const AIR_UNITS: Record<AirReading, string> = {
  co2: 'ppm',
  ch2o: 'mg/m³',
  temperature: '°C',
  humidity: '%RH',
};

/** Decimals shown per reading: CO2 in whole ppm, CH2O to the thousandth, the others to a tenth. */
export const AIR_DECIMALS: Record<AirReading, number> = { co2: 0, ch2o: 3, temperature: 1, humidity: 1 };

/** A reading as people read it, in `language`: '812 ppm', '0.062 mg/m³', '17.7 °C'. */
export function formatAirValue(value: number, key: AirReading, language: string): string {
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: AIR_DECIMALS[key] }).format(value);
  return `${number} ${AIR_UNITS[key]}`;
}

/**
 * The readings some sensors measure, in AIR_READINGS order, from the device catalogue (a th10 has no CO2
 * or CH2O): what a place's trend can show, and what it lacks.
 */
export function airReadingsOf(models: readonly ModelId[]): AirReading[] {
  const keys = new Set(models.flatMap((m) => DEVICE_MODELS[m].telemetry.map((t) => t.key)));
  return AIR_READINGS.filter((r) => keys.has(r));
}

/** A closed range; a null end is open (CO2 and CH2O have no lower end). */
export const airRangeSchema = z.object({
  min: z.number().nullable().default(null),
  max: z.number().nullable().default(null),
});
export type AirRange = z.infer<typeof airRangeSchema>;

/** Good inside `good`, Moderate inside `moderate`, Unhealthy outside both (ends included). */
export const airThresholdSchema = z.object({ good: airRangeSchema, moderate: airRangeSchema });
export type AirThreshold = z.infer<typeof airThresholdSchema>;

export const airThresholdsSchema = z.object({
  co2: airThresholdSchema,
  ch2o: airThresholdSchema,
  temperature: airThresholdSchema,
  humidity: airThresholdSchema,
});
export type AirThresholds = z.infer<typeof airThresholdsSchema>;

/**
 * Built-in thresholds, used until the system configuration holds others (keys `sbuilding.air.<reading>`):
 * CO2 good up to 800 ppm, moderate up to 1500; CH2O good up to 0.08 mg/m³, moderate up to 0.1 (GB/T 18883);
 * temperature good 20-26 °C, moderate 16-30; humidity good 40-60 %RH, moderate 30-70.
 */
export const DEFAULT_AIR_THRESHOLDS: AirThresholds = {
  co2: { good: { min: null, max: 800 }, moderate: { min: null, max: 1500 } },
  ch2o: { good: { min: null, max: 0.08 }, moderate: { min: null, max: 0.1 } },
  temperature: { good: { min: 20, max: 26 }, moderate: { min: 16, max: 30 } },
  humidity: { good: { min: 40, max: 60 }, moderate: { min: 30, max: 70 } },
};

function within(value: number, range: AirRange): boolean {
  return (range.min === null || value >= range.min) && (range.max === null || value <= range.max);
}

/** The band of a value; null without a value. */
export function airBand(value: number | null, threshold: AirThreshold): AirBand | null {
  if (value === null || !Number.isFinite(value)) return null;
  if (within(value, threshold.good)) return 'Good';
  if (within(value, threshold.moderate)) return 'Moderate';
  return 'Unhealthy';
}

/** The worse of the bands (null ignored). */
export function worstBand(bands: readonly (AirBand | null)[]): AirBand | null {
  let worst: AirBand | null = null;
  for (const band of bands) {
    if (band !== null && (worst === null || AIR_BANDS.indexOf(band) > AIR_BANDS.indexOf(worst))) worst = band;
  }
  return worst;
}

/** An optional id; '' and null (what consoles send for "any") mean absent. */
export const optionalIdSchema = z
  .union([z.literal(''), z.null(), idSchema])
  .optional()
  .transform((v) => (v === '' || v === null ? undefined : v));

/** GET /sbuilding/board/air?projectId=1[&buildingId=2] */
export const airBoardQuerySchema = z.object({ projectId: idSchema, buildingId: optionalIdSchema });
export type AirBoardQueryInput = z.input<typeof airBoardQuerySchema>;
export type AirBoardQuery = z.infer<typeof airBoardQuerySchema>;

export const airValueSchema = z.object({
  value: z.number().nullable(),
  band: z.enum(AIR_BANDS).nullable(),
});
export type AirValue = z.infer<typeof airValueSchema>;

export const airValuesSchema = z.object({
  co2: airValueSchema,
  ch2o: airValueSchema,
  temperature: airValueSchema,
  humidity: airValueSchema,
});
export type AirValues = z.infer<typeof airValuesSchema>;

export const airSensorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  model: z.enum(MODEL_IDS),
  category: z.enum(DEVICE_CATEGORIES),
  buildingId: z.number().int(),
  buildingName: z.string(),
  floorId: z.number().int().nullable(),
  floorName: z.string().nullable(),
  zoneId: z.number().int().nullable(),
  zoneName: z.string().nullable(),
  online: z.boolean(),
  /** When the latest of its readings arrived; null when it never reported. */
  lastReport: z.string().nullable(),
  values: airValuesSchema,
});
export type AirSensor = z.infer<typeof airSensorSchema>;

export const airZoneSchema = z.object({
  zoneId: z.number().int(),
  zoneName: z.string(),
  floorId: z.number().int(),
  floorName: z.string(),
  buildingId: z.number().int(),
  buildingName: z.string(),
  /** Sensors placed in the zone; 0 is 'Air device not found'. */
  sensorIds: z.array(z.number().int()),
  /** The mean of the zone's online sensors' latest values, banded. */
  values: airValuesSchema,
  /** The worst band of the zone's values. */
  band: z.enum(AIR_BANDS).nullable(),
});
export type AirZone = z.infer<typeof airZoneSchema>;

export const airBoardSchema = z.object({
  thresholds: airThresholdsSchema,
  sensors: z.array(airSensorSchema),
  /** Every zone of the project (or building), with or without a sensor. */
  zones: z.array(airZoneSchema),
  online: z.number().int(),
  total: z.number().int(),
});
export type AirBoard = z.infer<typeof airBoardSchema>;

/** The readings of one sensor, banded. */
export function airValues(
  readings: Readonly<Record<AirReading, number | null>>,
  thresholds: AirThresholds,
): AirValues {
  const value = (key: AirReading) => ({
    value: readings[key],
    band: airBand(readings[key], thresholds[key]),
  });
  return {
    co2: value('co2'),
    ch2o: value('ch2o'),
    temperature: value('temperature'),
    humidity: value('humidity'),
  };
}

/** A zone's values: the mean of its online sensors' values (each reading of the sensors that have it). */
export function zoneAirValues(
  sensors: readonly Pick<AirSensor, 'online' | 'values'>[],
  thresholds: AirThresholds,
): { values: AirValues; band: AirBand | null } {
  const online = sensors.filter((s) => s.online);
  const mean = (key: AirReading): number | null => {
    const got = online.map((s) => s.values[key].value).filter((v): v is number => v !== null);
    if (got.length === 0) return null;
    return Math.round((got.reduce((a, b) => a + b, 0) / got.length) * 1000) / 1000;
  };
  const values = airValues(
    { co2: mean('co2'), ch2o: mean('ch2o'), temperature: mean('temperature'), humidity: mean('humidity') },
    thresholds,
  );
  return { values, band: worstBand(AIR_READINGS.map((key) => values[key].band)) };
}

export const AIR_TREND_RANGES = ['24h', '7d'] as const;
export type AirTrendRange = (typeof AIR_TREND_RANGES)[number];

/** GET /sbuilding/board/air/trend?deviceId=3&range=24h, or zoneId= instead of deviceId (exactly one). */
export const airTrendQuerySchema = z
  .object({
    deviceId: optionalIdSchema,
    zoneId: optionalIdSchema,
    range: z.enum(AIR_TREND_RANGES, { error: 'invalid' }).default('24h'),
  })
  .superRefine((query, ctx) => {
    if ((query.deviceId === undefined) === (query.zoneId === undefined)) {
      ctx.addIssue({ code: 'custom', message: 'selectOne', path: ['deviceId'] });
    }
  });
export type AirTrendQueryInput = z.input<typeof airTrendQuerySchema>;
export type AirTrendQuery = z.infer<typeof airTrendQuerySchema>;

/** One hour: the mean of each reading over the hour (over the zone's sensors), null where none came. */
export const airTrendPointSchema = z.object({
  t: z.string(),
  co2: z.number().nullable(),
  ch2o: z.number().nullable(),
  temperature: z.number().nullable(),
  humidity: z.number().nullable(),
});
export type AirTrendPoint = z.infer<typeof airTrendPointSchema>;

export const airTrendSchema = z.object({
  range: z.enum(AIR_TREND_RANGES),
  deviceId: z.number().int().nullable(),
  zoneId: z.number().int().nullable(),
  /** Sensors the trend is made of (0: a zone without one, 'Air device not found'). */
  sensorCount: z.number().int(),
  /** Every hour of the range, oldest first: 24 or 168 points. */
  points: z.array(airTrendPointSchema),
});
export type AirTrend = z.infer<typeof airTrendSchema>;
