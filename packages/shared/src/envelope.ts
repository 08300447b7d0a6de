import { z } from 'zod';

/** Every response is this envelope; `code` equals the HTTP status. */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** Lists are `data: {rows, total}`. */
export interface PageResult<T> {
  rows: T[];
  total: number;
}

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), msg: z.string(), data });
}

export function pageSchema<T extends z.ZodType>(row: T) {
  return z.object({ rows: z.array(row), total: z.number().int() });
}

/** Paging fields of list filters (spec section 9 defaults). */
export const pagingSchema = z.object({
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(20),
});

/** The HTTP codes the API answers with. */
export const API_CODES = [200, 400, 401, 403, 404, 409, 429, 500] as const;
