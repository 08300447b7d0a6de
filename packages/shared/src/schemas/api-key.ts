import { z } from 'zod';
import { pagingSchema } from '../envelope.js';
import { idSchema, requiredEnum, requiredText, timestampSchema } from './fields.js';

/** Every API key starts with this, so the server (and a secret scanner) recognises one. */
export const API_KEY_PREFIX = 'sbk_';

/** A key reads only (GET and list calls), or does whatever its user may. */
export const API_KEY_ACCESS = ['read', 'readWrite'] as const;
export type ApiKeyAccess = (typeof API_KEY_ACCESS)[number];

/** Expiry of a new key: 90 days unless chosen, at most a year. */
export const API_KEY_DEFAULT_DAYS = 90;
export const API_KEY_MAX_DAYS = 365;
/** Keys one user may hold at once. */
export const API_KEY_MAX_PER_USER = 20;

/** PUT /sbuilding/api-key/create */
export const apiKeyCreateBodySchema = z
  .object({
    name: requiredText(50),
    access: requiredEnum(API_KEY_ACCESS),
    /** Limits the key to these projects; empty or absent: every project its user may see. */
    projectIds: z
      .array(idSchema, { error: 'invalid' })
      .max(50, 'tooLong')
      .optional()
      .default([])
      .transform((ids) => [...new Set(ids)]),
    expiresInDays: z.coerce
      .number({ error: 'invalid' })
      .int('invalid')
      .min(1, 'invalid')
      .max(API_KEY_MAX_DAYS, 'invalid')
      .optional()
      .default(API_KEY_DEFAULT_DAYS),
    /** An administrator's key for another user of the tenant (a service account); absent: the caller's. */
    userId: idSchema.optional(),
  })
  .meta({
    example: { name: 'BMS sync', access: 'read', projectIds: [1], expiresInDays: 90 },
  });
export type ApiKeyCreateBody = z.input<typeof apiKeyCreateBodySchema>;
export type ApiKeyCreateInput = z.infer<typeof apiKeyCreateBodySchema>;

/** The answer of create: the key itself, shown this once and never again. */
export const apiKeyCreatedSchema = z
  .object({ id: z.number().int(), key: z.string() })
  .meta({ example: { id: 3, key: 'sbk_Xq3vT9aB_4Jk2m0PqLr8sTuVwXyZaBcDeFgHiJkLmNoPq' } });
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;

/** POST /sbuilding/api-key/getList: the caller's keys, or (administrators) a user's or the tenant's. */
export const apiKeyListBodySchema = pagingSchema.extend({
  userId: idSchema.optional(),
  /** Administrators: every key of the tenant (of every tenant for admin). */
  all: z.boolean({ error: 'invalid' }).optional().default(false),
});
export type ApiKeyListBody = z.input<typeof apiKeyListBodySchema>;
export type ApiKeyListFilter = z.infer<typeof apiKeyListBodySchema>;

export const apiKeySchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  userName: z.string(),
  name: z.string(),
  access: z.enum(API_KEY_ACCESS),
  /** Empty: every project of the user. */
  projectIds: z.array(z.number().int()),
  /** The key's first characters, to recognise it (`sbk_Xq3vT9aB…`). */
  prefix: z.string(),
  createTime: timestampSchema,
  expiresAt: timestampSchema,
  lastUsedAt: timestampSchema.nullable(),
  /** The address the last call came from. */
  lastUsedIp: z.string().nullable(),
  /** Who made it (an administrator, for a service account's key). */
  createdBy: z.string(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The console's form (the user is chosen by the page). */
export const apiKeyFormSchema = apiKeyCreateBodySchema.omit({ userId: true });
