import { z } from 'zod';
import { pagingSchema } from '../envelope.js';
import { COMMAND_METHODS, MODEL_IDS } from '../devices/types.js';
import { idSchema, optionalFilter, timestampSchema } from './fields.js';

/** Where an action came from (spec section 3, terminal sources). */
export const TERMINAL_SOURCES = [
  'admin',
  'app',
  'miniProgram',
  'gateway',
  'play',
  'k10',
  'control',
  'lsPanel',
  'remote',
  'selfPowerButton',
] as const;
export type TerminalSource = (typeof TERMINAL_SOURCES)[number];

export function isTerminalSource(value: string): value is TerminalSource {
  return TERMINAL_SOURCES.some((t) => t === value);
}

/** How long the server waits for a device's reply to a command. */
export const COMMAND_TIMEOUT_MS = 5_000;

/**
 * POST /sbuilding/dev-rpccmd/sendCmd: a command of the device catalogue to one device or to every device of
 * a group. The parameters are checked against each target's model (a wrong one answers on `params.<name>`).
 */
export const sendCmdBodySchema = z
  .object({
    deviceId: idSchema.optional(),
    groupId: idSchema.optional(),
    method: z.enum(COMMAND_METHODS, { error: 'invalid' }),
    params: z.record(z.string(), z.unknown(), { error: 'invalid' }).optional().default({}),
    terminal: z.enum(TERMINAL_SOURCES, { error: 'invalid' }).optional().default('admin'),
  })
  .refine((body) => (body.deviceId === undefined) !== (body.groupId === undefined), {
    message: 'selectTarget',
    path: ['deviceId'],
  });
export type SendCmdBody = z.input<typeof sendCmdBodySchema>;

export const COMMAND_RESULTS = ['success', 'failed', 'unreachable', 'timeout', 'refused'] as const;
export type CommandResult = (typeof COMMAND_RESULTS)[number];

export const commandOutcomeSchema = z.object({
  deviceId: z.number().int(),
  deviceName: z.string(),
  result: z.enum(COMMAND_RESULTS),
  /** The spec section 8 message for this device, in the request's language. */
  message: z.string(),
  /** From the call to the device's reply; null when nothing was sent. */
  latencyMs: z.number().int().nullable(),
  /**
   * When this device's command was sent (or refused): each outcome its own, the moment its control-log
   * line carries, not its batch's.
   */
  time: timestampSchema,
});
export type CommandOutcome = z.infer<typeof commandOutcomeSchema>;

export const sendCmdResultSchema = z.object({ results: z.array(commandOutcomeSchema) });
export type SendCmdResult = z.infer<typeof sendCmdResultSchema>;

/** POST /sbuilding/control-log/getList: the control log, newest first. */
export const controlLogListBodySchema = pagingSchema.extend({
  projectId: idSchema,
  deviceId: z
    .union([z.literal(''), z.null(), idSchema])
    .optional()
    .transform((v) => (v === '' || v === null ? undefined : v)),
  terminal: optionalFilter(z.enum(TERMINAL_SOURCES, { error: 'invalid' })),
  result: optionalFilter(z.enum(COMMAND_RESULTS, { error: 'invalid' })),
  /** ISO timestamps bounding the entry time. */
  from: optionalFilter(z.iso.datetime({ offset: true, error: 'invalid' })),
  to: optionalFilter(z.iso.datetime({ offset: true, error: 'invalid' })),
});
export type ControlLogListBody = z.input<typeof controlLogListBodySchema>;
export type ControlLogFilter = z.infer<typeof controlLogListBodySchema>;

export const controlLogEntrySchema = z.object({
  id: z.number().int(),
  time: timestampSchema,
  userName: z.string(),
  terminal: z.enum(TERMINAL_SOURCES),
  deviceId: z.number().int().nullable(),
  deviceName: z.string(),
  model: z.enum(MODEL_IDS).nullable(),
  groupId: z.number().int().nullable(),
  groupName: z.string().nullable(),
  method: z.string(),
  params: z.record(z.string(), z.unknown()),
  result: z.enum(COMMAND_RESULTS),
  latencyMs: z.number().int().nullable(),
});
export type ControlLogEntry = z.infer<typeof controlLogEntrySchema>;
