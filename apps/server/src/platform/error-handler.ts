import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { Lang } from '@sbuilding/shared';
import { AppError } from './errors.js';
import { fieldLabel, langOf, translate } from './i18n/index.js';
import { ZodType } from 'zod';
import { RequestValidationError, validationMessage, type ValidationContext } from './validate.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's language, from the `Lang` header. */
    lang: Lang;
  }
}

/** An application error's message in `lang`, its field-name params worded as the fields' labels. */
export function appErrorMessage(lang: Lang, error: AppError): string {
  const labels = Object.fromEntries(
    Object.entries(error.fieldParams).map(([k, names]) => [
      k,
      names.map((n) => fieldLabel(lang, n)).join(lang === 'ZH' ? '、' : ', '),
    ]),
  );
  const lists = Object.fromEntries(
    Object.entries(error.messageParams).map(([k, parts]) => [
      k,
      parts.map((part) => translate(lang, part.key, part.params)).join(lang === 'ZH' ? '、' : ', '),
    ]),
  );
  return translate(lang, error.key, { ...error.params, ...labels, ...lists });
}

/** The schema and value of the request part whose validation failed (body, querystring, params). */
function routeInput(request: FastifyRequest, part: string | undefined): ValidationContext {
  const schemas = request.routeOptions.schema;
  const parts: Record<string, [unknown, unknown]> = {
    body: [schemas?.body, request.body],
    querystring: [schemas?.querystring, request.query],
    params: [schemas?.params, request.params],
  };
  const found = part ? parts[part] : undefined;
  if (!found) return {};
  const [schema, input] = found;
  return { schema: schema instanceof ZodType ? schema : undefined, input };
}

/** A byte count as people read it: 1 MiB, 10 MiB, 512 KiB. */
function sizeText(bytes: number | undefined): string {
  if (!bytes) return '';
  if (bytes >= 1024 * 1024) return `${+(bytes / (1024 * 1024)).toFixed(1)} MiB`;
  if (bytes >= 1024) return `${+(bytes / 1024).toFixed(1)} KiB`;
  return `${bytes} B`;
}

function send(reply: FastifyReply, code: number, msg: string, data: unknown = null) {
  return reply.status(code).send({ code, msg, data });
}

/**
 * One error handler for the whole API: application errors and validation failures become envelopes in
 * the request's language; anything else is logged and answered with a generic 500 (no detail leaks).
 */
export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('lang', 'EN');
    app.addHook('onRequest', async (request) => {
      request.lang = langOf(request.headers.lang);
    });

    app.setErrorHandler(
      (
        error: FastifyError | AppError | RequestValidationError,
        request: FastifyRequest,
        reply: FastifyReply,
      ) => {
        const lang = request.lang;
        if (error instanceof AppError) {
          // 503 is a device that did not answer: an outcome, not a fault of the server.
          if (error.status >= 500 && error.status !== 503)
            request.log.error({ err: error }, 'application error');
          return send(reply, error.status, appErrorMessage(lang, error), error.data);
        }
        if (error instanceof RequestValidationError)
          return send(reply, 400, validationMessage(lang, error.issues, error.context));
        if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
          const issues = error.validation ?? [];
          return send(
            reply,
            400,
            validationMessage(lang, issues, routeInput(request, error.validationContext)),
          );
        }
        const status = error.statusCode ?? 500;
        if (status === 429) return send(reply, 429, translate(lang, 'error.tooManyRequests'));
        if (status === 404) return send(reply, 404, translate(lang, 'error.notFound'));
        if (status === 413) {
          const limit = request.routeOptions.bodyLimit ?? request.server.initialConfig.bodyLimit;
          return send(reply, 413, translate(lang, 'error.bodyTooLarge', { limit: sizeText(limit) }));
        }
        if (status === 415) return send(reply, 415, translate(lang, 'error.unsupportedMediaType'));
        if (status >= 400 && status < 500) {
          // Malformed JSON, a bad Content-Length: the request body as a whole is at fault.
          return send(reply, 400, translate(lang, 'validation.invalid', { data: fieldLabel(lang, 'body') }));
        }
        request.log.error({ err: error }, 'unexpected error');
        return send(reply, 500, translate(lang, 'error.internal'));
      },
    );
  },
  { name: 'error-handler' },
);
