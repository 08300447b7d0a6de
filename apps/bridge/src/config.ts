import fs from 'node:fs';
import path from 'node:path';
import { DEVICE_MODELS, MODEL_IDS } from '@sbuilding/shared';
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Document } from 'yaml';
import { z } from 'zod';

/** A telemetry key the platform stores (apps/server/src/mqtt/payload.ts refuses any other). */
const KEY_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/;

export const MODBUS_TABLES = ['holding', 'input', 'coil', 'discrete'] as const;
export type ModbusTable = (typeof MODBUS_TABLES)[number];
export const DATA_TYPES = ['int16', 'uint16', 'int32', 'uint32', 'float32'] as const;
export type DataType = (typeof DATA_TYPES)[number];

const finite = z.number().refine(Number.isFinite, 'must be a finite number');

/**
 * One value of a field device: where it lives (table, address), how its registers read (data type, word
 * order: `big` puts the high word first) and how the raw number becomes the reading (raw × scale + offset).
 */
const pointSchema = z
  .object({
    table: z.enum(MODBUS_TABLES),
    address: z.number().int().min(0).max(65535),
    type: z.enum(DATA_TYPES).default('uint16'),
    wordOrder: z.enum(['big', 'little']).default('big'),
    scale: finite.refine((s) => s !== 0, 'must not be 0').default(1),
    offset: finite.default(0),
  })
  .strict();
export type PointConfig = z.infer<typeof pointSchema>;

/** A write of a command: the point written, with the command's parameter or a fixed value. */
const writeSchema = z
  .object({
    point: z.string(),
    param: z.string().optional(),
    value: z.union([z.number(), z.boolean()]).optional(),
  })
  .strict()
  .refine((w) => (w.param === undefined) !== (w.value === undefined), 'needs exactly one of param and value');
export type WriteConfig = z.infer<typeof writeSchema>;

const profileSchema = z
  .object({
    /** The catalogue model the field devices of this profile are registered as. */
    model: z.enum(MODEL_IDS),
    pollSeconds: z.number().positive().max(86_400).default(5),
    points: z.record(z.string().regex(KEY_PATTERN, 'a key is 1-64 of A-Z a-z 0-9 _ . -'), pointSchema),
    /** Commands of the model: each a list of writes, read back afterwards. */
    commands: z.record(z.string(), z.array(writeSchema).min(1)).default({}),
  })
  .strict();
export type ProfileConfig = z.infer<typeof profileSchema>;

const deviceSchema = z
  .object({
    /** The name the device is registered under behind the bridge's gateway. */
    name: z.string().min(1).max(64),
    profile: z.string(),
    host: z.string().min(1),
    port: z.number().int().min(1).max(65535).default(502),
    unit: z.number().int().min(0).max(255).default(1),
    /** Overrides the profile's poll interval. */
    pollSeconds: z.number().positive().max(86_400).optional(),
    timeoutMs: z.number().int().min(50).max(60_000).default(2_000),
  })
  .strict();
export type DeviceConfig = z.infer<typeof deviceSchema>;

export const configSchema = z
  .object({
    platform: z
      .object({
        /** The platform's MQTT URL: mqtt://host:1883, or mqtts:// for TLS. */
        url: z
          .string()
          .regex(/^(mqtts?|tcp|ssl|wss?):\/\/./, 'must be an mqtt://, mqtts://, ws:// or wss:// URL'),
        /** The access token of the bridge's gateway device (its credentials in the console). */
        token: z.string().min(1).max(128),
        /** A CA certificate file for mqtts:// with a private CA (relative to this file). */
        ca: z.string().optional(),
        reconnectSeconds: z.number().positive().max(300).default(5),
      })
      .strict(),
    queue: z
      .object({
        /** Where readings wait while the platform cannot be reached (relative to this file). */
        dir: z.string().default('bridge-queue'),
        /** Readings kept at most (one reading: a device's values at one time); the oldest go first. */
        maxReadings: z.number().int().min(1).max(10_000_000).default(100_000),
      })
      .strict()
      .default({ dir: 'bridge-queue', maxReadings: 100_000 }),
    profiles: z.record(z.string(), profileSchema),
    devices: z.array(deviceSchema),
  })
  .strict()
  .superRefine((config, ctx) => {
    const names = new Set<string>();
    config.devices.forEach((device, i) => {
      if (names.has(device.name))
        ctx.addIssue({
          code: 'custom',
          path: ['devices', i, 'name'],
          message: `a second device named "${device.name}"`,
        });
      names.add(device.name);
      if (!(device.profile in config.profiles))
        ctx.addIssue({
          code: 'custom',
          path: ['devices', i, 'profile'],
          message: `no profile "${device.profile}" (profiles: ${Object.keys(config.profiles).join(', ') || 'none'})`,
        });
    });
    for (const [profileName, profile] of Object.entries(config.profiles)) {
      const model = DEVICE_MODELS[profile.model];
      for (const [method, writes] of Object.entries(profile.commands)) {
        const command = model.commands.find((c) => c.method === method);
        if (!command) {
          ctx.addIssue({
            code: 'custom',
            path: ['profiles', profileName, 'commands', method],
            message: `model ${model.id} has no command ${method} (it has: ${model.commands.map((c) => c.method).join(', ') || 'none'})`,
          });
          continue;
        }
        writes.forEach((write, i) => {
          const at = ['profiles', profileName, 'commands', method, i];
          const point = profile.points[write.point];
          if (!point)
            ctx.addIssue({
              code: 'custom',
              path: [...at, 'point'],
              message: `no point "${write.point}" in this profile`,
            });
          else if (point.table === 'input' || point.table === 'discrete')
            ctx.addIssue({
              code: 'custom',
              path: [...at, 'point'],
              message: `point "${write.point}" is a read-only ${point.table === 'input' ? 'input register' : 'discrete input'}`,
            });
          if (write.param !== undefined && !command.params.some((p) => p.name === write.param))
            ctx.addIssue({
              code: 'custom',
              path: [...at, 'param'],
              message: `${method} has no parameter ${write.param} (it has: ${command.params.map((p) => p.name).join(', ') || 'none'})`,
            });
        });
      }
    }
  });
export type BridgeConfig = z.infer<typeof configSchema>;

/** A configuration file that cannot be used: `message` names the file, the line and the reason. */
export class ConfigError extends Error {}

/** Where `node` starts in the file, if it came from it. */
function startOf(node: unknown, counter: LineCounter): { line: number; col: number } | null {
  if (!node || typeof node !== 'object' || !('range' in node) || !Array.isArray(node.range)) return null;
  const [start] = node.range;
  return typeof start === 'number' ? counter.linePos(start) : null;
}

/**
 * The line of what `at` names: a map entry's key, a list's item; for something missing, the nearest
 * entry above it that is there.
 */
function lineOf(
  doc: Document,
  counter: LineCounter,
  at: readonly PropertyKey[],
): { line: number; col: number } {
  for (let depth = at.length; depth >= 1; depth -= 1) {
    const parentPath = at.slice(0, depth - 1).map((k) => (typeof k === 'symbol' ? String(k) : k));
    const parent: unknown = parentPath.length === 0 ? doc.contents : doc.getIn(parentPath, true);
    const key = at[depth - 1];
    let found: { line: number; col: number } | null = null;
    if (isMap(parent)) {
      const pair = parent.items.find((p) => isScalar(p.key) && p.key.value === key);
      found = pair ? startOf(pair.key, counter) : null;
    } else if (isSeq(parent) && typeof key === 'number') found = startOf(parent.items[key], counter);
    if (found) return found;
  }
  return startOf(doc.contents, counter) ?? { line: 1, col: 1 };
}

function pathText(at: readonly PropertyKey[]): string {
  return at.map((k, i) => (typeof k === 'number' ? `[${k}]` : `${i === 0 ? '' : '.'}${String(k)}`)).join('');
}

/** Parses and checks a configuration's text; throws ConfigError naming `file`, the line and the reason. */
export function parseConfig(text: string, file: string): BridgeConfig {
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter, prettyErrors: false, uniqueKeys: true });
  const [syntax] = doc.errors;
  if (syntax) {
    const pos = counter.linePos(syntax.pos[0]);
    throw new ConfigError(`${file}:${pos.line}:${pos.col}: ${syntax.message.split('\n')[0]}`);
  }
  if (!isMap(doc.contents) && !isSeq(doc.contents) && doc.contents !== null && doc.contents !== undefined) {
    throw new ConfigError(`${file}:1:1: the file must be a map of platform, queue, profiles and devices`);
  }
  const result = configSchema.safeParse(doc.toJS() ?? {});
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    // An unknown key is shown where it is written, not where its map starts.
    const at =
      issue.code === 'unrecognized_keys' && issue.keys[0] ? [...issue.path, issue.keys[0]] : issue.path;
    const pos = lineOf(doc, counter, at);
    const where = issue.path.length > 0 ? `${pathText(issue.path)}: ` : '';
    return `${file}:${pos.line}:${pos.col}: ${where}${issue.message}`;
  });
  throw new ConfigError(lines.join('\n'));
}

/** Reads the file at `file`; relative paths in it (queue.dir, platform.ca) are resolved against its folder. */
export function loadConfig(file: string): BridgeConfig {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new ConfigError(
      `${file}: cannot be read (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  const config = parseConfig(text, file);
  const base = path.dirname(path.resolve(file));
  config.queue.dir = path.resolve(base, config.queue.dir);
  if (config.platform.ca) config.platform.ca = path.resolve(base, config.platform.ca);
  return config;
}
