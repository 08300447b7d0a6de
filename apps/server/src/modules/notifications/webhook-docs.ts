import { z } from 'zod';
import { WEBHOOK_SIGNATURE_HEADER, webhookMessageSchema } from '@sbuilding/shared';

/** The component name of the webhook body in the OpenAPI document. */
export const WEBHOOK_SCHEMA_NAME = 'WebhookNotification';

/** The call that registers a webhook; the document hangs the callback on it (OpenAPI 3.0 has no `webhooks`). */
const CHANNEL_CREATE = { path: '/sbuilding/notification/channel', method: 'post' };

export const WEBHOOK_SIGNATURE_DOC =
  `When the channel has a secret, \`${WEBHOOK_SIGNATURE_HEADER}: sha256=<hex>\` carries the HMAC-SHA256 of ` +
  'the raw request body bytes keyed with that secret. Compute it over the body exactly as received (before ' +
  'parsing the JSON), compare in constant time, and refuse a mismatch. `X-Sbuilding-Delivery` is the ' +
  'delivery id: a retried delivery repeats it, so receivers de-duplicate on it. Answer 2xx within 5 s; ' +
  'anything else is retried (5 attempts, 2, 4, 8, 16 s apart). Redirects are not followed.';

type Json = Record<string, unknown>;

function isJson(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function child(parent: Json, key: string): Json {
  const existing = parent[key];
  if (isJson(existing)) return existing;
  const created: Json = {};
  parent[key] = created;
  return created;
}

/**
 * OpenAPI 3.0 (3.0.3's clarification): `nullable` does not widen an `enum`, so a nullable enum must list
 * null itself, or validators refuse null (a scene run's `level`, a test message's).
 */
function nullableEnums(schema: unknown): void {
  if (Array.isArray(schema)) {
    for (const item of schema) nullableEnums(item);
    return;
  }
  if (!isJson(schema)) return;
  const values: unknown = schema.enum;
  if (schema.nullable === true && Array.isArray(values) && !values.includes(null)) {
    schema.enum = [...values, null];
  }
  for (const value of Object.values(schema)) nullableEnums(value);
}

/**
 * Describes the notifications sbuilding sends to integrators in the OpenAPI document: the body as the
 * component `WebhookNotification`, and a callback on the channel-creating call with its headers and the
 * HMAC signature. `webhook-docs.test.ts` checks real deliveries against the same schema.
 */
export function describeWebhooks(document: Json): void {
  const jsonSchema: Json = { ...z.toJSONSchema(webhookMessageSchema, { target: 'openapi-3.0' }) };
  delete jsonSchema.$schema;
  nullableEnums(jsonSchema);
  child(child(document, 'components'), 'schemas')[WEBHOOK_SCHEMA_NAME] = jsonSchema;
  const pathItem = child(document, 'paths')[CHANNEL_CREATE.path];
  if (!isJson(pathItem)) return;
  const operation = pathItem[CHANNEL_CREATE.method];
  if (!isJson(operation)) return;
  const header = (name: string, description: string, required: boolean) => ({
    name,
    in: 'header',
    required,
    description,
    schema: { type: 'string' },
  });
  operation.callbacks = {
    alertNotification: {
      '{$request.body#/url}': {
        post: {
          operationId: 'webhookAlertNotification',
          summary:
            'What a webhook channel receives when an alert is raised, resolved or handled, a scene runs, or a work order is created, assigned, overdue or resolved',
          description: WEBHOOK_SIGNATURE_DOC,
          parameters: [
            header(
              'X-Sbuilding-Event',
              "raised, resolved, processed, sceneRun, workOrderCreated, workOrderAssigned, workOrderOverdue, workOrderResolved or test (as the body's `event`)",
              true,
            ),
            header('X-Sbuilding-Delivery', 'The delivery id (absent for a test message)', false),
            header(
              WEBHOOK_SIGNATURE_HEADER,
              'sha256=<hex HMAC-SHA256 of the raw body> (channels with a secret)',
              false,
            ),
          ],
          requestBody: {
            required: true,
            content: {
              'application/json': { schema: { $ref: `#/components/schemas/${WEBHOOK_SCHEMA_NAME}` } },
            },
          },
          responses: {
            '2XX': { description: 'Received; anything else is retried' },
          },
        },
      },
    },
  };
}
