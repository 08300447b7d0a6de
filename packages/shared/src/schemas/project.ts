import { z } from 'zod';
import { pagingSchema } from '../envelope.js';
import {
  optionalFilter,
  optionalText,
  requiredEnum,
  requiredText,
  timestampSchema,
  versionSchema,
} from './fields.js';

/** Project statuses of spec section 3; transitions between them are free (spec section 4 shows none). */
export const PROJECT_STATUSES = ['new', 'deploying', 'accepting', 'done'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

/** The time zone a project's calendar and work times are read in when none is given. */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

/**
 * An IANA time zone name the runtime knows ('Asia/Shanghai', 'Europe/Berlin', 'UTC'). Fixed offsets
 * such as '+08:00' are refused: they ignore daylight saving, which a building's schedule must follow.
 */
export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z_]*(\/[A-Za-z0-9_+-]+)*$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const projectFields = {
  projectName: requiredText(100),
  status: requiredEnum(PROJECT_STATUSES),
  address: requiredText(200),
  description: optionalText(500),
  timeZone: z
    .string({ error: 'invalid' })
    .trim()
    .refine(isTimeZone, 'invalid')
    .optional()
    .default(DEFAULT_TIME_ZONE),
};

/**
 * PUT /sbuilding/project/create. Spec section 5: name, status and address required. `tenantId` is read
 * only from a platform administrator (who belongs to no tenant); anyone else creates in their own tenant.
 */
export const projectCreateBodySchema = z.object({
  ...projectFields,
  tenantId: z.number({ error: 'invalid' }).int('invalid').positive('invalid').optional(),
});
export type ProjectCreateBody = z.infer<typeof projectCreateBodySchema>;

/** POST /sbuilding/project/save/{id}: the same fields plus the version the client read. */
export const projectSaveBodySchema = z.object({ ...projectFields, version: versionSchema });
export type ProjectSaveBody = z.infer<typeof projectSaveBodySchema>;

/** The console's project form (create and edit share it). */
export const projectFormSchema = z.object(projectFields);

/** POST /sbuilding/project/getList filter body (spec section 3: pageNum, pageSize, projectName, status). */
export const projectListBodySchema = pagingSchema.extend({
  projectName: optionalFilter(z.string().trim().max(100, 'tooLong')),
  status: optionalFilter(z.enum(PROJECT_STATUSES, { error: 'invalid' })),
});
/** What the console sends. */
export type ProjectListBody = z.input<typeof projectListBodySchema>;
/** What the server works with once defaults are applied. */
export type ProjectListFilter = z.infer<typeof projectListBodySchema>;

export const projectSchema = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  projectName: z.string(),
  status: z.enum(PROJECT_STATUSES),
  address: z.string(),
  description: z.string(),
  timeZone: z.string(),
  version: z.number().int(),
  createTime: timestampSchema,
  updateTime: timestampSchema,
});
export type Project = z.infer<typeof projectSchema>;
