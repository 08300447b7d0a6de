import type { FastifyDynamicSwaggerOptions, SwaggerTransform } from '@fastify/swagger';
import { createJsonSchemaTransformObject, jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { sample } from 'openapi-sampler';
import { accessRule, APP_VERSION } from '@sbuilding/shared';
import { isPublicAccess, type RouteAccess } from './access.js';
import { errorEnvelopeSchema } from './openapi.js';
import { translate } from './i18n/index.js';
import type { MessageKey } from './i18n/messages.js';

/** Names of the two ways to authenticate; both travel as `Authorization: Bearer …`. */
export const SECURITY_SESSION = 'session';
export const SECURITY_API_KEY = 'apiKey';

/** What every documented error status means, and the message key the envelope carries for it. */
const ERROR_DOCS = {
  400: ['Invalid request: the message names the field', 'validation.invalid'],
  401: ['No valid session token or API key', 'error.unauthorized'],
  403: ['The role, permission or API key scope does not allow this', 'error.forbidden'],
  404: ['Not found, or outside the caller’s tenant or the key’s projects', 'error.notFound'],
  409: ['Changed by someone else meanwhile, or still in use', 'error.conflict'],
  429: ['Too many requests (per API key, or sign-in lockout); see Retry-After', 'error.tooManyRequests'],
  503: ['Not ready, or a device did not answer', 'error.notReady'],
} as const satisfies Record<number, readonly [string, MessageKey]>;

type ErrorStatus = keyof typeof ERROR_DOCS;

function isErrorStatus(status: number): status is ErrorStatus {
  return status in ERROR_DOCS;
}

type Json = Record<string, unknown>;

function isJson(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Per status, the error envelope with its description: it becomes the response's description. */
const describedErrors = new Map<ErrorStatus, z.ZodType>();
for (const [status, [description]] of Object.entries(ERROR_DOCS)) {
  const code = Number(status);
  if (isErrorStatus(code)) describedErrors.set(code, errorEnvelopeSchema.describe(description));
}

/**
 * A stable operationId from method and path: `POST /sbuilding/project/getList` → `postProjectGetList`,
 * `DELETE /sbuilding/api-key/del/:id` → `deleteApiKeyDelById`. Generators name their functions after it;
 * deriving it keeps every route documented without each module having to remember one (a route's own
 * `schema.operationId` wins).
 */
export function operationIdOf(method: string, url: string): string {
  const words: string[] = [method.toLowerCase()];
  const params: string[] = [];
  for (const segment of url.split('/')) {
    if (segment === '' || segment === 'sbuilding') continue;
    const param = /^[:{]([^}]+)}?$/.exec(segment);
    if (param?.[1]) params.push(param[1]);
    else words.push(...segment.split(/[^A-Za-z0-9]+/).filter(Boolean));
  }
  if (params.length > 0) words.push('by', ...params.flatMap((p, i) => (i > 0 ? ['and', p] : [p])));
  return words.map((w, i) => (i === 0 ? w : w.charAt(0).toUpperCase() + w.slice(1))).join('');
}

/** Who may call a route, said in its description, from its access declaration (platform/access.ts). */
function accessNote(access: RouteAccess | undefined): string | undefined {
  if (!access || isPublicAccess(access)) return undefined;
  const rule = accessRule(access.action);
  const who = [
    rule.roles ? `roles ${rule.roles.join(', ')}` : undefined,
    rule.permissions ? `permission ${rule.permissions.join(', ')}` : undefined,
  ].filter(Boolean);
  const keys = rule.sessionOnly
    ? 'API keys: not allowed (a signed-in session only).'
    : rule.mode === 'read'
      ? 'API keys: read-only keys may call it.'
      : 'API keys: needs a read-write key (a read-only key gets 403).';
  const limited =
    !rule.sessionOnly && (rule.level === 'tenant' || (rule.level === 'platform' && rule.mode === 'write'))
      ? ' Not for a key limited to some projects.'
      : '';
  return `Access: \`${access.action}\`${who.length > 0 ? ` (${who.join('; ')})` : ''}. ${keys}${limited}`;
}

/** The declaration as an extension of the operation, for tools (the authorization matrix reads it). */
function accessExtension(access: RouteAccess | undefined): Json | undefined {
  if (!access) return undefined;
  if (isPublicAccess(access)) return { public: access.public };
  const rule = accessRule(access.action);
  return {
    action: access.action,
    mode: rule.mode,
    level: rule.level,
    ...(access.on ? { on: access.on } : {}),
  };
}

/**
 * The per-route transform: fills in what every operation must say (operationId, the error answers every
 * route of its kind can give, how to authenticate) and then lets fastify-type-provider-zod turn the zod
 * schemas into JSON schema.
 */
const routeTransform: SwaggerTransform = (input) => {
  const { route, url, schema } = input;
  const access = route.config?.access;
  const isPublic = access !== undefined && isPublicAccess(access);
  const sessionOnly =
    access !== undefined && !isPublicAccess(access) && accessRule(access.action).sessionOnly;
  const method = Array.isArray(route.method) ? String(route.method[0]) : String(route.method);
  const response: Record<string, unknown> = isJson(schema.response) ? { ...schema.response } : {};
  const add = (status: ErrorStatus) => {
    const current = response[status];
    // A route's own error schema is the same envelope; ours carries the description.
    if (current === undefined || current === errorEnvelopeSchema)
      response[status] = describedErrors.get(status);
  };
  if (schema.body || schema.querystring || schema.params) add(400);
  if (!isPublic) {
    add(401);
    // A read-only key, a role or permission check, or the key's project list can refuse any protected route.
    add(403);
    add(429);
  }
  for (const status of Object.keys(response).map(Number)) if (isErrorStatus(status)) add(status);
  const security =
    schema.security ?? (isPublic ? [] : sessionOnly ? [{ [SECURITY_SESSION]: [] }] : undefined);
  const keyNote = accessNote(access);
  const extension = accessExtension(access);
  return jsonSchemaTransform({
    ...input,
    schema: {
      ...schema,
      operationId: schema.operationId ?? operationIdOf(method, url),
      ...(keyNote
        ? { description: schema.description ? `${schema.description}\n\n${keyNote}` : keyNote }
        : {}),
      response,
      ...(security ? { security } : {}),
      ...(extension ? { 'x-access': extension } : {}),
    },
  });
};

/**
 * Examples for every body that has none: the error envelopes carry their real English message, other
 * bodies a sample built from their schema (openapi-sampler, Redoc's sampler), preferring the `example`s
 * written into the zod schemas with `.meta({ example })`.
 */
function addExamples(document: Json): void {
  const paths = isJson(document.paths) ? document.paths : {};
  const mediaOf = (holder: unknown): Json | undefined => {
    if (!isJson(holder) || !isJson(holder.content)) return undefined;
    const media = holder.content['application/json'];
    return isJson(media) ? media : undefined;
  };
  const fill = (media: Json | undefined, status?: number) => {
    if (!media || media.example !== undefined || !isJson(media.schema)) return;
    if (status !== undefined && isErrorStatus(status)) {
      media.example = {
        code: status,
        msg: translate('EN', ERROR_DOCS[status][1], { data: 'pageSize' }),
        data: null,
      };
      return;
    }
    const example = tidy(sample(media.schema, { quiet: true, maxSampleDepth: 4 }, document));
    // A success answer's envelope says what a real one says.
    if (status !== undefined && isJson(example) && 'code' in example && 'msg' in example) {
      example.code = status;
      example.msg = translate('EN', 'common.success');
    }
    media.example = example;
  };
  for (const item of Object.values(paths)) {
    if (!isJson(item)) continue;
    for (const operation of Object.values(item)) {
      if (!isJson(operation)) continue;
      fill(mediaOf(operation.requestBody));
      const responses = isJson(operation.responses) ? operation.responses : {};
      for (const [status, answer] of Object.entries(responses)) {
        const code = Number(status);
        if (isJson(answer) && answer.description === 'Default Response') {
          answer.description = isErrorStatus(code)
            ? ERROR_DOCS[code][0]
            : 'Success: the envelope with its data';
        }
        fill(mediaOf(answer), Number(status));
      }
    }
  }
}

/**
 * The sampler starts integers at their minimum, which zod sets to -(2^53-1) for `.int()`: an id of 1
 * reads better and is still valid.
 */
function tidy(value: unknown): unknown {
  if (typeof value === 'number') return Math.abs(value) >= Number.MAX_SAFE_INTEGER ? 1 : value;
  if (Array.isArray(value)) return value.map(tidy);
  if (isJson(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, tidy(v)]));
  return value;
}

/**
 * The plain error answers (the envelope with `data: null`) become shared `components/responses`
 * (`Error401` …) that operations refer to: the same seven answers inline in every operation made the
 * document, and every client generated from it, several times larger. Answers with data of their own
 * (a failed group command's outcomes) stay inline.
 */
function shareErrorResponses(document: Json): void {
  const paths = isJson(document.paths) ? document.paths : {};
  const shared: Json = {};
  for (const item of Object.values(paths)) {
    if (!isJson(item)) continue;
    for (const operation of Object.values(item)) {
      if (!isJson(operation) || !isJson(operation.responses)) continue;
      for (const [status, answer] of Object.entries(operation.responses)) {
        const code = Number(status);
        if (!isErrorStatus(code) || !isJson(answer) || !isJson(answer.content)) continue;
        const media = answer.content['application/json'];
        if (!isJson(media) || !isJson(media.schema)) continue;
        const data = isJson(media.schema.properties) ? media.schema.properties.data : undefined;
        if (!isJson(data) || !isNullSchema(data)) continue;
        const name = `Error${code}`;
        shared[name] ??= {
          description: ERROR_DOCS[code][0],
          content: {
            'application/json': {
              schema: media.schema,
              example: { code, msg: translate('EN', ERROR_DOCS[code][1], { data: 'pageSize' }), data: null },
            },
          },
        };
        operation.responses[status] = { $ref: `#/components/responses/${name}` };
      }
    }
  }
  const components = isJson(document.components) ? document.components : {};
  document.components = {
    ...components,
    responses: { ...(isJson(components.responses) ? components.responses : {}), ...shared },
  };
}

/** `z.null()` in the openapi-3.0 target: `{type: 'string', nullable: true, enum: [null]}`, or `{type: 'null'}`. */
function isNullSchema(schema: Json): boolean {
  return (
    (Array.isArray(schema.enum) && schema.enum.length === 1 && schema.enum[0] === null) ||
    schema.type === 'null'
  );
}

const componentsTransform = createJsonSchemaTransformObject({});

/** Extra pieces of the document that no route declares (the webhook payloads), merged in last. */
export type DocumentExtension = (document: Json) => void;

/**
 * The options of @fastify/swagger: an OpenAPI 3.0.3 document (the version every generator and validator
 * accepts), zod schemas registered in `z.globalRegistry` with an `id` (the recursive route tree among
 * them) emitted once under components/schemas, both ways to authenticate, and examples.
 */
export function swaggerOptions(extensions: readonly DocumentExtension[] = []): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'sbuilding API',
        version: APP_VERSION,
        description:
          'Every answer is the envelope `{code, msg, data}` (`code` equals the HTTP status; `msg` in the ' +
          'language of the `Lang` header, EN or ZH). Authenticate with `Authorization: Bearer <token>`: a ' +
          'session token from `POST /login`, or an API key (`sbk_…`) made on the profile page.',
      },
      components: {
        securitySchemes: {
          [SECURITY_SESSION]: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'A session token from POST /login (captcha, 30 minutes idle, 12 hours in all).',
          },
          [SECURITY_API_KEY]: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'sbk_<id>_<secret>',
            description:
              'An API key for machines (PUT /sbuilding/api-key/create): no captcha, no idle timeout, read-only ' +
              'or read-write, optionally limited to some projects, rate-limited per key (429).',
          },
        },
      },
      security: [{ [SECURITY_SESSION]: [] }, { [SECURITY_API_KEY]: [] }],
    },
    transform: routeTransform,
    transformObject: (documentObject) => {
      const document: Json = { ...componentsTransform(documentObject) };
      for (const extend of extensions) extend(document);
      shareErrorResponses(document);
      addExamples(document);
      return document;
    },
  };
}
