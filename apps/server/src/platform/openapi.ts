import { z } from 'zod';
import { envelopeSchema } from '@sbuilding/shared';

/** The envelope every failure answers with: `code` equals the HTTP status, `msg` says why, no data. */
export const errorEnvelopeSchema = envelopeSchema(z.null());

type ErrorStatus = 400 | 401 | 403 | 404 | 409;

/**
 * Response schemas of the failures a route can answer, so /docs lists them beside the 200 answer.
 * Every route of the protected context may answer 401 (no session); the others are per route.
 */
export function errorResponses(
  ...statuses: ErrorStatus[]
): Partial<Record<ErrorStatus, typeof errorEnvelopeSchema>> {
  const out: Partial<Record<ErrorStatus, typeof errorEnvelopeSchema>> = { 401: errorEnvelopeSchema };
  for (const status of statuses) out[status] = errorEnvelopeSchema;
  return out;
}
