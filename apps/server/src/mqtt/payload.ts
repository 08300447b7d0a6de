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
] as const;
export type DropReason = (typeof DROP_REASONS)[number];

export type Parsed<T> = { ok: true; value: T } | { ok: false; reason: DropReason };

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

/** A value as stored: numbers, strings and booleans as they are; objects and arrays as JSON text. */
function toValue(value: unknown): TelemetryValue | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (value === null || value === undefined) return null;
  return JSON.stringify(value);
}

function readValues(values: Record<string, unknown>, ts: number, into: TelemetryPoint[]): DropReason | null {
  for (const [key, raw] of Object.entries(values)) {
    if (!KEY_PATTERN.test(key)) return 'badKey';
    const value = toValue(raw);
    if (value !== null) into.push({ ts, key, value });
  }
  return null;
}

function readEntry(entry: unknown, now: number, into: TelemetryPoint[]): DropReason | null {
  if (!isRecord(entry)) return 'notObject';
  if ('ts' in entry && 'values' in entry) {
    const { ts, values } = entry;
    if (typeof ts !== 'number' || !Number.isInteger(ts) || ts < MIN_TS || ts > now + MAX_CLOCK_AHEAD_MS) {
      return 'badTimestamp';
    }
    if (!isRecord(values)) return 'notObject';
    return readValues(values, ts, into);
  }
  return readValues(entry, now, into);
}

/**
 * Telemetry as ThingsBoard accepts it: `{"k":v}`, `[{"k":v}, ...]`, `{"ts":…, "values":{…}}` or an array
 * of those. Keys with null values are skipped; a payload that yields nothing is `empty`.
 */
export function readTelemetry(json: Json, now: number): Parsed<TelemetryPoint[]> {
  const points: TelemetryPoint[] = [];
  const entries = Array.isArray(json) ? json : [json];
  for (const entry of entries) {
    const problem = readEntry(entry, now, points);
    if (problem) return { ok: false, reason: problem };
  }
  if (points.length === 0) return { ok: false, reason: 'empty' };
  return { ok: true, value: points };
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
  for (const [key, raw] of Object.entries(json.value)) {
    if (!KEY_PATTERN.test(key)) return { ok: false, reason: 'badKey' };
    const value = toValue(raw);
    if (value !== null) attributes[key] = value;
  }
  if (Object.keys(attributes).length === 0) return { ok: false, reason: 'empty' };
  return { ok: true, value: attributes };
}

/**
 * Gateway telemetry: `{"Device A": [<telemetry>], "Device B": {...}}`, each device's part in any of the
 * device formats. Answers the points per device name.
 */
export function parseGatewayTelemetry(payload: Buffer, now: number): Parsed<Map<string, TelemetryPoint[]>> {
  const json = parseJson(payload);
  if (!json.ok) return json;
  if (!isRecord(json.value)) return { ok: false, reason: 'notObject' };
  const byDevice = new Map<string, TelemetryPoint[]>();
  for (const [name, part] of Object.entries(json.value)) {
    if (part === null || part === undefined) return { ok: false, reason: 'notObject' };
    const points = readTelemetry(part, now);
    if (!points.ok) return points;
    byDevice.set(name, points.value);
  }
  if (byDevice.size === 0) return { ok: false, reason: 'empty' };
  return { ok: true, value: byDevice };
}

/** `v1/gateway/connect` and `/disconnect`: `{"device": "Device A"}`. */
export function parseGatewayDevice(payload: Buffer): Parsed<string> {
  const json = parseJson(payload);
  if (!json.ok) return json;
  if (!isRecord(json.value) || typeof json.value.device !== 'string' || json.value.device === '') {
    return { ok: false, reason: 'notObject' };
  }
  return { ok: true, value: json.value.device };
}
