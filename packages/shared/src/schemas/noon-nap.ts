import { z } from 'zod';
import { BYTE_RANGE } from '../constants.js';
import { idSchema, requiredEnum, requiredText, timestampSchema, versionSchema } from './fields.js';
import { sceneRunSchema } from './scene.js';
import { workTimeSchema } from './calendar.js';

/*
 * Noon naps (/noonNap, spec section 2, 5): a scene bound to the project's NAP work time. At the start the
 * lights of the chosen zones dim and their ACs go to sleep; at the end what they were is put back. The
 * server runs them with the scene scheduler and logs them in the scheduling log (apps/server/src/modules/
 * scenes/README.md "Noon nap").
 */

/**
 * What the ACs of the zones do during the nap. The catalogue's AC (ac20) has no sleep mode of its own
 * (its work modes are auto, cool, hot, wet, wind): `sleep` is the closest it takes, low fan and the set
 * point moved by `sleepOffset` towards the room (up when cooling, down when heating). `off` switches them
 * off; `keep` leaves them alone.
 */
export const NOON_NAP_AC_ACTIONS = ['sleep', 'off', 'keep'] as const;
export type NoonNapAcAction = (typeof NOON_NAP_AC_ACTIONS)[number];

/** Degrees the set point moves in sleep, at most. */
export const NOON_NAP_SLEEP_OFFSET_MAX = 4;
export const NOON_NAP_ZONES_MAX = 100;

const isBlank = (input: unknown) => input === undefined || input === null || input === '';
const requiredOrInvalid = (issue: { input?: unknown }) => (isBlank(issue.input) ? 'required' : 'invalid');

const noonNapFields = {
  name: requiredText(64),
  enabled: z.boolean({ error: 'invalid' }).optional().default(true),
  /** The project's NAP work time whose window it follows; absent: the project's first NAP work time. */
  workTimeId: idSchema.nullish().transform((v) => v ?? null),
  /** The zones whose lights and ACs nap. */
  zoneIds: z
    .array(idSchema, { error: requiredOrInvalid })
    .min(1, 'required')
    .max(NOON_NAP_ZONES_MAX, 'tooLong')
    .transform((ids) => [...new Set(ids)]),
  /** The brightness lights on at the start dim to (0-255; 0 switches them off); dimmer ones are left. */
  dimLevel: z
    .number({ error: requiredOrInvalid })
    .int('invalid')
    .min(BYTE_RANGE.min, 'byteRange')
    .max(BYTE_RANGE.max, 'byteRange'),
  acAction: requiredEnum(NOON_NAP_AC_ACTIONS),
  /** Degrees the set point moves in sleep (0-4). */
  sleepOffset: z
    .number({ error: 'invalid' })
    .int('invalid')
    .min(0, 'nonNegative')
    .max(NOON_NAP_SLEEP_OFFSET_MAX, 'outOfRange')
    .optional()
    .default(2),
};

/** PUT /sbuilding/noonNap/create: refused when the project has no NAP work time (spec section 5). */
export const noonNapCreateBodySchema = z.object({ projectId: idSchema, ...noonNapFields });
export type NoonNapCreateBody = z.input<typeof noonNapCreateBodySchema>;
export type NoonNapDefinition = z.infer<typeof noonNapCreateBodySchema>;

/** POST /sbuilding/noonNap/save/{id}. */
export const noonNapSaveBodySchema = z.object({ ...noonNapFields, version: versionSchema });
export type NoonNapSaveBody = z.input<typeof noonNapSaveBodySchema>;

/** POST /sbuilding/noonNap/getList and GET /sbuilding/noonNap/options. */
export const noonNapProjectSchema = z.object({ projectId: idSchema });

export const noonNapSchema = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  projectId: z.number().int(),
  name: z.string(),
  enabled: z.boolean(),
  workTimeId: z.number().int().nullable(),
  /** The NAP window now (from the work time); null when its work time is gone or no longer NAP. */
  window: z.object({ name: z.string(), startTime: z.string(), endTime: z.string() }).nullable(),
  zones: z.array(z.object({ id: z.number().int(), name: z.string() })),
  dimLevel: z.number().int(),
  acAction: z.enum(NOON_NAP_AC_ACTIONS),
  sleepOffset: z.number().int(),
  /** Whether the nap is on now: states were saved at its start and are put back at its end. */
  napping: z.boolean(),
  lastRun: sceneRunSchema.omit({ commands: true, detail: true }).nullable(),
  version: z.number().int(),
  createTime: timestampSchema,
  updateTime: timestampSchema,
});
export type NoonNap = z.infer<typeof noonNapSchema>;

/** What the form chooses from: the project's NAP work times and zones (with their floor and building). */
export const noonNapOptionsSchema = z.object({
  napWorkTimes: z.array(workTimeSchema),
  zones: z.array(
    z.object({ id: z.number().int(), name: z.string(), floorName: z.string(), buildingName: z.string() }),
  ),
});
export type NoonNapOptions = z.infer<typeof noonNapOptionsSchema>;
