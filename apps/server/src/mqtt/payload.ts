/**
 * Parsing of ThingsBoard-format payloads. Nothing here throws: a payload that cannot be read answers a
 * reason, which the broker counts and logs before dropping the message.
 */

export type TelemetryValue = number | string | boolean;

export interface TelemetryPoint {
  /** Milliseconds since the epoch: the device's own `ts`, or the arrival time. */
  ts: number;
  key: string;
  value: TelemetryValue;
}

export const DROP_REASONS = [
  'notJson',
  'notObject',
  'badTimestamp',
  'badKey',
  'empty',
  'tooLarge',
  'unknownDevice',
  /** U+0000 in a value or a device name: PostgreSQL stores neither in text nor in jsonb. */
  'nul',
] as const;
export type DropReason = (typeof DROP_REASONS)[number];

/**
 * A read payload. `refused` names the values left out because they hold U+0000 (`key`, or `device.key` and
 * `device` for a gateway's), the rest of the message being kept; the caller logs them.
 */
export type Parsed<T> = { ok: true; value: T; refused?: string[] } | { ok: false; reason: DropReason };

/** Largest payload read (ThingsBoard's default limit is 64 KiB too). */
export const MAX_PAYLOAD_BYTES = 64 * 1024;
/** Keys are short names: letters, digits, `_ . -`, as ThingsBoard's clients send them. */
const KEY_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/;
/** A device clock more than this far ahead of ours is wrong; far past values are backfill and allowed. */
const MAX_CLOCK_AHEAD_MS = 24 * 3600_000;
/** 2000-01-01: anything earlier is a device without a set clock. */
const MIN_TS = 946_684_800_000;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function parseJson(payload: Buffer): Parsed<Json> {
  if (payload.length > MAX_PAYLOAD_BYTES) return { ok: false, reason: 'tooLarge' };
  try {
    const value: Json = JSON.parse(payload.toString('utf8'));
    return { ok: true, value };
  } catch {
    return { ok: false, reason: 'notJson' };
  }
}

/** Whether a value holds U+0000 anywhere (in a string, an object's key or a nested value). */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || holdsNul(item, depth + 1));
}

/** A name as a log line shows it: U+0000 and other control characters escaped, visible. */
export function visibleName(name: string): string {
  return JSON.stringify(name).slice(1, -1);
}

/** A value as stored: numbers, strings and booleans as they are; objects and arrays as JSON text. */
function toValue(value: unknown): TelemetryValue | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (value === null || value === undefined) return null;
  return JSON.stringify(value);
}

function readValues(
  values: Record<string, unknown>,
  ts: number,
  into: TelemetryPoint[],
  refused: string[],
): DropReason | null {
  for (const [key, raw] of Object.entries(values)) {
    if (!KEY_PATTERN.test(key)) return 'badKey';
    if (holdsNul(raw)) {
      refused.push(key);
      continue;
    }
    const value = toValue(raw);
    if (value !== null) into.push({ ts, key, value });
  }
  return null;
}

function readEntry(
  entry: unknown,
  now: number,
  into: TelemetryPoint[],
  refused: string[],
): DropReason | null {
  if (!isRecord(entry)) return 'notObject';
  if ('ts' in entry && 'values' in entry) {
    const { ts, values } = entry;
    if (typeof ts !== 'number' || !Number.isInteger(ts) || ts < MIN_TS || ts > now + MAX_CLOCK_AHEAD_MS) {
      return 'badTimestamp';
    }
    if (!isRecord(values)) return 'notObject';
    return readValues(values, ts, into, refused);
  }
  return readValues(entry, now, into, refused);
}

/**
 * Telemetry as ThingsBoard accepts it: `{"k":v}`, `[{"k":v}, ...]`, `{"ts":…, "values":{…}}` or an array
 * of those. Keys with null values are skipped, values holding U+0000 refused; a payload that yields
 * nothing is `empty` (`nul` when it held only refused values).
 */
export function readTelemetry(json: Json, now: number): Parsed<TelemetryPoint[]> {
  const points: TelemetryPoint[] = [];
  const refused: string[] = [];
  const entries = Array.isArray(json) ? json : [json];
  for (const entry of entries) {
    const problem = readEntry(entry, now, points, refused);
    if (problem) return { ok: false, reason: problem };
  }
  if (points.length === 0) return { ok: false, reason: refused.length > 0 ? 'nul' : 'empty' };
  return refused.length > 0 ? { ok: true, value: points, refused } : { ok: true, value: points };
}

export function parseTelemetry(payload: Buffer, now: number): Parsed<TelemetryPoint[]> {
  const json = parseJson(payload);
  return json.ok ? readTelemetry(json.value, now) : json;
}

/** Client attributes: a flat object of key → value. */
export function parseAttributes(payload: Buffer): Parsed<Record<string, TelemetryValue>> {
  const json = parseJson(payload);
  if (!json.ok) return json;
  if (!isRecord(json.value)) return { ok: false, reason: 'notObject' };
  const attributes: Record<string, TelemetryValue> = {};
  const refused: string[] = [];
  for (const [key, raw] of Object.entries(json.value)) {
    if (!KEY_PATTERN.test(key)) return { ok: false, reason: 'badKey' };
    if (holdsNul(raw)) {
      refused.push(key);
      continue;
    }
    const value = toValue(raw);
    if (value !== null) attributes[key] = value;
  }
  if (Object.keys(attributes).length === 0)
    return { ok: false, reason: refused.length > 0 ? 'nul' : 'empty' };
  return refused.length > 0 ? { ok: true, value: attributes, refused } : { ok: true, value: attributes };
}

/**
 * Gateway telemetry: `{"Device A": [<telemetry>], "Device B": {...}}`, each device's part in any of the
 * device formats. Answers the points per device name. A device named with U+0000 is refused (no device is
 * named so) and the others kept; so are a device's values holding it (refused as `device.key`).
 */
export function parseGatewayTelemetry(payload: Buffer, now: number): Parsed<Map<string, TelemetryPoint[]>> {
  const json = parseJson(payload);
  if (!json.ok) return json;
  if (!isRecord(json.value)) return { ok: false, reason: 'notObject' };
  const byDevice = new Map<string, TelemetryPoint[]>();
  const refused: string[] = [];
  for (const [name, part] of Object.entries(json.value)) {
    if (part === null || part === undefined) return { ok: false, reason: 'notObject' };
    if (name.includes('\u0000')) {
      refused.push(visibleName(name));
      continue;
    }
    const points = readTelemetry(part, now);
    if (!points.ok && points.reason === 'nul') {
      refused.push(`${name}.*`);
      continue;
    }
    if (!points.ok) return points;
    byDevice.set(name, points.value);
    for (const key of points.refused ?? []) refused.push(`${name}.${key}`);
  }
  if (byDevice.size === 0) return { ok: false, reason: refused.length > 0 ? 'nul' : 'empty' };
  return refused.length > 0 ? { ok: true, value: byDevice, refused } : { ok: true, value: byDevice };
}

/** `v1/gateway/connect` and `/disconnect`: `{"device": "Device A"}`. */
export function parseGatewayDevice(payload: Buffer): Parsed<string> {
  const json = parseJson(payload);
  if (!json.ok) return json;
  if (!isRecord(json.value) || typeof json.value.device !== 'string' || json.value.device === '') {
    return { ok: false, reason: 'notObject' };
  }
  if (json.value.device.includes('\u0000')) return { ok: false, reason: 'nul' };
  return { ok: true, value: json.value.device };
}
