import {
  AIR_READINGS,
  AIR_UNITS,
  airThresholdSchema,
  DEFAULT_AIR_THRESHOLDS,
  DEFAULT_PRESENCE_MINUTES,
  type AirReading,
  type AirThreshold,
  type AirThresholds,
} from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { getConfigValue } from '../system/index.js';
import { sysConfig } from '../system/tables.js';

/*
 * The boards' settings in the system configuration (GET/PUT /system/config): the air-quality thresholds,
 * one key per reading, and the presence window of the space board. A missing or malformed value falls
 * back to the built-in default, so a typo on the config page never breaks the board.
 */

/** `sbuilding.air.co2` … : JSON `{"good":{"min":null,"max":800},"moderate":{"min":null,"max":1500}}`. */
export const AIR_THRESHOLD_KEYS: Record<AirReading, string> = {
  co2: 'sbuilding.air.co2',
  ch2o: 'sbuilding.air.ch2o',
  temperature: 'sbuilding.air.temperature',
  humidity: 'sbuilding.air.humidity',
};

/** Minutes a PIR presence stays fresh (a whole number, 1-1440). */
export const PRESENCE_MINUTES_KEY = 'sbuilding.space.presenceMinutes';

function parseThreshold(raw: string | undefined): AirThreshold | null {
  if (raw === undefined) return null;
  try {
    const parsed = airThresholdSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The thresholds in force: configured ones, the default for a reading without a valid value. */
export async function airThresholds(db: Db): Promise<AirThresholds> {
  const entries = await Promise.all(
    AIR_READINGS.map(
      async (key) =>
        [
          key,
          parseThreshold(await getConfigValue(db, AIR_THRESHOLD_KEYS[key])) ?? DEFAULT_AIR_THRESHOLDS[key],
        ] as const,
    ),
  );
  const out: AirThresholds = { ...DEFAULT_AIR_THRESHOLDS };
  for (const [key, threshold] of entries) out[key] = threshold;
  return out;
}

/** The presence window in force, in minutes. */
export async function presenceMinutes(db: Db): Promise<number> {
  const raw = Number(await getConfigValue(db, PRESENCE_MINUTES_KEY));
  return Number.isInteger(raw) && raw >= 1 && raw <= 1440 ? raw : DEFAULT_PRESENCE_MINUTES;
}

const READING_NAMES: Record<AirReading, string> = {
  co2: 'CO2',
  ch2o: 'CH2O',
  temperature: 'Temperature',
  humidity: 'Humidity',
};

/** Built-in settings with their defaults; an existing value (edited by an administrator) is kept. */
export async function seedBoardSettings(db: Db): Promise<void> {
  await db
    .insert(sysConfig)
    .values([
      ...AIR_READINGS.map((key) => ({
        configName: `Air quality bands: ${READING_NAMES[key]} (${AIR_UNITS[key]})`,
        configKey: AIR_THRESHOLD_KEYS[key],
        configValue: JSON.stringify(DEFAULT_AIR_THRESHOLDS[key]),
        configType: 'Y',
        remark:
          'Good inside "good", Moderate inside "moderate", Unhealthy outside both; ends included, null is open',
      })),
      {
        configName: 'Space board: minutes a presence stays fresh',
        configKey: PRESENCE_MINUTES_KEY,
        configValue: String(DEFAULT_PRESENCE_MINUTES),
        configType: 'Y',
        remark: 'A zone is occupied while a PIR sensor last reported presence within this many minutes',
      },
    ])
    .onConflictDoNothing({ target: sysConfig.configKey });
}
