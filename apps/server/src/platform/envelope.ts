import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Envelope } from '@sbuilding/shared';
import { translate } from './i18n/index.js';

/** A 200 envelope with the success message in the request's language. */
export function ok<T>(request: FastifyRequest, data: T): Envelope<T> {
  return { code: 200, msg: translate(request.lang, 'common.success'), data };
}

/**
 * The same 200 envelope around data already serialized (a shared board answer, validated against its schema
 * once when it was made): sent as a string, so it is not serialized and validated again for every viewer.
 */
export function okJson(request: FastifyRequest, reply: FastifyReply, dataJson: string): FastifyReply {
  const msg = JSON.stringify(translate(request.lang, 'common.success'));
  return reply.type('application/json; charset=utf-8').send(`{"code":200,"msg":${msg},"data":${dataJson}}`);
}
