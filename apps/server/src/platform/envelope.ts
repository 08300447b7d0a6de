import type { FastifyRequest } from 'fastify';
import type { Envelope } from '@sbuilding/shared';
import { translate } from './i18n/index.js';

/** A 200 envelope with the success message in the request's language. */
export function ok<T>(request: FastifyRequest, data: T): Envelope<T> {
  return { code: 200, msg: translate(request.lang, 'common.success'), data };
}
