import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { RequestValidationError, type ValidationIssue } from './validate.js';

/** The largest JSON body the API takes (uploads have their own limit, files/README.md). */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * The path of the first string in `value` holding U+0000, or null. PostgreSQL cannot store the character
 * (text and jsonb refuse it), so it is refused as bad input before any route sees it.
 */
export function nulPath(value: unknown, path: string[] = [], depth = 0): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (depth > 64 || value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key];
    const found = nulPath(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

function refuseNul(path: string[]): never {
  const issue: ValidationIssue = {
    // A bare string body has no field: it is named as the request body.
    instancePath: path.length > 0 ? `/${path.join('/')}` : '/body',
    keyword: 'nul',
    message: 'invalid',
  };
  throw new RequestValidationError([issue]);
}

/**
 * How every request's input is read, before any route's own validation:
 * - JSON bodies: an empty one (many clients send `Content-Type: application/json` with no body) is no body;
 *   anything else through Fastify's own parser (prototype poisoning refused).
 * - A string holding U+0000 anywhere in the body, query or path answers 400 naming the field, on both
 *   databases (PostgreSQL would refuse it with a 500). This runs in preValidation, after the protected
 *   context's onRequest check of the session and the route's permission, so a caller without the
 *   permission learns nothing about the input's shape.
 */
export const bodyPlugin = fp(
  async (app: FastifyInstance) => {
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'string' },
      (request: FastifyRequest, body: string | Buffer, done) => {
        const text = typeof body === 'string' ? body : body.toString('utf8');
        if (text.trim() === '') {
          done(null, undefined);
          return;
        }
        parseJson(request, text, done);
      },
    );

    app.addHook('preValidation', async (request) => {
      const inBody = nulPath(request.body);
      if (inBody) refuseNul(inBody);
      const inQuery = nulPath(request.query);
      if (inQuery) refuseNul(inQuery);
      const inParams = nulPath(request.params);
      if (inParams) refuseNul(inParams);
    });
  },
  { name: 'body', dependencies: ['error-handler'] },
);
