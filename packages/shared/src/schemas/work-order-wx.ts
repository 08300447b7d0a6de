import { z } from 'zod';
import { labelled } from '../i18n/field-label.js';
import { idSchema, timestampSchema } from './fields.js';
import { WORK_ORDER_STATUSES, workOrderPhotoSchema } from './work-order.js';

/*
 * An occupant's report from the mini-program (/wxProgram): a weixin customer reports a problem in one of their
 * buildings (the room, what is wrong, a photo) and follows its status. They see their own reports only.
 */

/** At most this many photos on an occupant's report. */
export const MAX_WX_REPORT_PHOTOS = 3;

/** PUT /sbuilding/wx/workorder/create */
export const wxWorkOrderCreateBodySchema = z.object({
  hallId: idSchema,
  /** The room (a zone of the building); absent when it is elsewhere (the text says where). */
  zoneId: z
    .union([z.null(), idSchema])
    .optional()
    .transform((v) => v ?? null),
  /** What is wrong, in the occupant's words. */
  description: labelled(
    z
      .string({ error: (i) => (i.input == null ? 'required' : 'invalid') })
      .trim()
      .min(1, 'required')
      .max(500, 'tooLong'),
    'problem',
  ),
  photoIds: z
    .array(z.uuid({ error: 'invalid' }), { error: 'invalid' })
    .max(MAX_WX_REPORT_PHOTOS, 'tooLong')
    .optional()
    .default([])
    .transform((v) => [...new Set(v)]),
});
export type WxWorkOrderCreateBody = z.input<typeof wxWorkOrderCreateBodySchema>;

/** GET /sbuilding/wx/workorders?hallId=…: the caller's own reports (in that building, or all of theirs). */
export const wxWorkOrderListQuerySchema = z.object({
  hallId: z
    .union([z.literal(''), idSchema])
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
});

/** An occupant's report as they follow it: what they said, where, and how far it has come. */
export const wxWorkOrderSchema = z.object({
  id: z.number().int(),
  hallId: z.number().int().nullable(),
  hallName: z.string(),
  zoneId: z.number().int().nullable(),
  zoneName: z.string(),
  description: z.string(),
  status: z.enum(WORK_ORDER_STATUSES),
  photos: z.array(workOrderPhotoSchema),
  createTime: timestampSchema,
  updateTime: timestampSchema,
  resolvedAt: timestampSchema.nullable(),
});
export type WxWorkOrder = z.infer<typeof wxWorkOrderSchema>;
