import { z } from 'zod';
import { optionalText, requiredText } from '../schemas/fields.js';
import { isDeviceCode, isMacAddress, isServerAddr } from './formats.js';
import { DEVICE_MODELS } from './models.js';
import { COMMAND_METHODS, type CommandMethod, type DeviceField, type ModelId } from './types.js';

/**
 * Zod schemas derived from the catalogue; no field is listed a second time. Messages are validation keys,
 * so the server's 400 answers and the console's form messages read them like the other shared schemas.
 */

const isBlank = (input: unknown) => input === undefined || input === null || input === '';
const requiredOrInvalid = (issue: { input?: unknown }) => (isBlank(issue.input) ? 'required' : 'invalid');

function formatted(check: (value: string) => boolean, message: 'serverAddr' | 'macAddress' | 'deviceCode') {
  return z.string({ error: requiredOrInvalid }).trim().min(1, 'required').refine(check, message);
}

/** The schema of one value, as if required; `fieldSchema` makes it optional. */
function valueSchema(field: DeviceField): z.ZodType {
  switch (field.kind) {
    case 'text':
      return field.required ? requiredText(field.max) : optionalText(field.max);
    case 'int':
      return z
        .number({ error: requiredOrInvalid })
        .int('invalid')
        .min(field.min, field.message)
        .max(field.max, field.message);
    case 'decimal':
      return z
        .number({ error: requiredOrInvalid })
        .min(field.min, field.message)
        .max(field.max, field.message);
    case 'enum': {
      const refused = field.refused ?? [];
      const accepted = field.values.filter((v) => !refused.some((r) => r.value === v));
      return z.string({ error: requiredOrInvalid }).superRefine((value, ctx) => {
        const refusal = refused.find((r) => r.value === value);
        if (refusal) ctx.addIssue({ code: 'custom', message: refusal.message });
        else if (!accepted.includes(value)) ctx.addIssue({ code: 'custom', message: 'invalid' });
      });
    }
    case 'boolean':
      return z.boolean({ error: requiredOrInvalid });
    case 'serverAddr':
      return formatted(isServerAddr, 'serverAddr');
    case 'mac':
      return formatted(isMacAddress, 'macAddress');
    case 'code12':
      return formatted(isDeviceCode, 'deviceCode');
    case 'deviceRef':
      // Not idSchema: that one coerces path strings, and a coerced absent id would read 'invalid'.
      return z.number({ error: requiredOrInvalid }).int('invalid').positive('invalid');
  }
}

function fieldSchema(field: DeviceField): z.ZodType {
  const schema = valueSchema(field);
  // Optional text already defaults to ''; other optional values may be absent or null.
  if (field.required || field.kind === 'text') return schema;
  return schema.nullish();
}

/** An object of `fields`; unknown keys are refused so a misspelt parameter is not silently ignored. */
export function schemaOfFields(fields: readonly DeviceField[]) {
  const shape: Record<string, z.ZodType> = {};
  for (const field of fields) shape[field.name] = fieldSchema(field);
  return z.strictObject(shape, { error: 'invalid' });
}

/**
 * Each schema below is built once per model (and method) and kept: the catalogue never changes while the
 * program runs, and zod compiles a schema on its first use, which cost a command more than sending it.
 */
function once<A extends string, R>(build: (key: A) => R): (key: A) => R {
  const built = new Map<A, R>();
  return (key) => {
    const known = built.get(key);
    if (known !== undefined) return known;
    const schema = build(key);
    built.set(key, schema);
    return schema;
  };
}

/** Body of the model's create call (create-ac20, create-cc10, 4G-device/create-*, device/save). */
export const createSchemaFor = once((modelId: ModelId) =>
  schemaOfFields(DEVICE_MODELS[modelId].createFields),
);

/** Body of the model's dev-client-attr save call; every attribute is optional, present ones are checked. */
export const attributesSchemaFor = once((modelId: ModelId) =>
  schemaOfFields(DEVICE_MODELS[modelId].attributes),
);

const commandSchemasOf = once((modelId: ModelId) => {
  const byMethod = new Map<CommandMethod, ReturnType<typeof schemaOfFields>>();
  for (const command of DEVICE_MODELS[modelId].commands) {
    byMethod.set(command.method, schemaOfFields(command.params));
  }
  return byMethod;
});

/** Parameters of `method` on the model, or null when the model does not accept that command. */
export function commandSchemaFor(modelId: ModelId, method: CommandMethod) {
  return commandSchemasOf(modelId).get(method) ?? null;
}

export function supportsCommand(modelId: ModelId, method: CommandMethod): boolean {
  return DEVICE_MODELS[modelId].commands.some((c) => c.method === method);
}

/**
 * A command body `{ method, params }` for a device of the model (dev-rpccmd/sendCmd): a method the model
 * lacks is refused on `method`, a bad parameter on `params.<name>`, so the console marks the right control.
 */
export const commandRequestSchemaFor = once((modelId: ModelId) =>
  z
    .object({
      method: z.enum(COMMAND_METHODS, { error: requiredOrInvalid }),
      params: z.record(z.string(), z.unknown(), { error: 'invalid' }).optional().default({}),
    })
    .transform((body, ctx) => {
      const schema = commandSchemaFor(modelId, body.method);
      if (!schema) {
        ctx.addIssue({ code: 'custom', path: ['method'], message: 'invalid' });
        return z.NEVER;
      }
      const parsed = schema.safeParse(body.params);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          ctx.addIssue({ code: 'custom', path: ['params', ...issue.path], message: issue.message });
        }
        return z.NEVER;
      }
      return { method: body.method, params: parsed.data };
    }),
);
