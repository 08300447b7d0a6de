import type { PowerState } from '@sbuilding/shared';

/* How the rules read a device's values: numbers, switches and texts as sent, its power state, a median. */

export const num = (v: unknown): number | null => {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return null;
};
export const bool = (v: unknown): boolean | null =>
  typeof v === 'boolean' ? v : v === 1 ? true : v === 0 ? false : null;
export const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

export function powerState(values: Record<string, unknown>): PowerState {
  return {
    onOff: bool(values.onOff),
    lightnessLevel: num(values.lightnessLevel),
    workMode: str(values.workMode),
    fanSpeed: str(values.fanSpeed),
    targetTemp: num(values.targetTemp),
    roomTemp: num(values.roomTemp),
  };
}

export type Reading = string | number | boolean | null;
export function readingsOf(
  values: Record<string, unknown>,
  keys: readonly string[],
): Record<string, Reading> {
  const out: Record<string, Reading> = {};
  for (const key of keys) {
    const v = values[key];
    if (v === undefined) continue;
    out[key] = typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? v : null;
  }
  return out;
}

export const round1 = (w: number) => Math.round(w * 10) / 10;
export const LIGHT_KEYS = ['onOff', 'lightnessLevel'] as const;
export const AC_KEYS = ['onOff', 'workMode', 'targetTemp', 'fanSpeed', 'roomTemp'] as const;
export const COOLING = new Set(['cool', 'wet']);
export const HEATING = new Set(['hot']);

export const SENSOR_CATEGORIES = new Set(['thSensor', 'airSensor']);

/** The middle value (the mean of the two middle ones for an even count); 0 for none. */
export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};
