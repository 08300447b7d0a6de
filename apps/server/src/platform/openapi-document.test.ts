import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import SwaggerParser from '@apidevtools/swagger-parser';
import { createTestApp, type TestApp } from '../test/app.js';
import { operationIdOf } from './openapi-document.js';

type Json = Record<string, unknown>;
interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Json[];
  requestBody?: { content: Record<string, { example?: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { example?: unknown }> }>;
  callbacks?: Json;
}

let t: TestApp;
let doc: { openapi: string; paths: Record<string, Record<string, Operation>>; components: Json };

beforeAll(async () => {
  t = await createTestApp({ captchaEnabled: false });
  const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(() => t.close());

type Answer = Operation['responses'][string];
/** A response, or the shared one its `$ref` names (components/responses). */
const resolve = (answer: Answer & { $ref?: string }): Answer => {
  if (!answer.$ref) return answer;
  const name = answer.$ref.replace('#/components/responses/', '');
  return (doc.components.responses as Record<string, Answer>)[name]!;
};

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ path, method, op })),
  );

describe('the OpenAPI document at /docs/json', () => {
  it('is valid OpenAPI 3 by @apidevtools/swagger-parser, every $ref resolving', async () => {
    expect(doc.openapi).toMatch(/^3\.0\./);
    // validate() dereferences in place: give it a copy.
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  it('gives every operation a unique operationId, a summary, a tag and its error answers', () => {
    const ids = new Set<string>();
    const missing: string[] = [];
    for (const { path, method, op } of operations()) {
      const where = `${method.toUpperCase()} ${path}`;
      if (!op.operationId || ids.has(op.operationId)) missing.push(`${where}: operationId`);
      ids.add(op.operationId ?? '');
      if (!op.summary) missing.push(`${where}: summary`);
      if (!op.tags?.length) missing.push(`${where}: tag`);
      const errors = Object.keys(op.responses).filter((s) => /^[45]\d\d$/.test(s));
      const isPublic = Array.isArray(op.security) && op.security.length === 0;
      if (!isPublic && !errors.includes('401')) missing.push(`${where}: 401`);
      if (op.requestBody && !errors.includes('400')) missing.push(`${where}: 400`);
    }
    expect(missing).toEqual([]);
    expect(operations().length).toBeGreaterThan(150);
  });

  it('has an example for every JSON body, the error envelopes with their real message', () => {
    const missing: string[] = [];
    for (const { path, method, op } of operations()) {
      const bodies = [
        ['request', op.requestBody?.content['application/json']] as const,
        ...Object.entries(op.responses).map(
          ([s, r]) => [s, resolve(r).content?.['application/json']] as const,
        ),
      ];
      for (const [which, media] of bodies) {
        if (media && media.example === undefined) missing.push(`${method} ${path} ${which}`);
      }
    }
    expect(missing).toEqual([]);
    const list = doc.paths['/sbuilding/project/getList']!.post!;
    expect(list.responses['401']).toEqual({ $ref: '#/components/responses/Error401' });
    expect(resolve(list.responses['401']!).content?.['application/json']?.example).toEqual({
      code: 401,
      msg: 'Authentication failed, cannot access system resources',
      data: null,
    });
    expect(list.responses['200']?.content?.['application/json']?.example).toMatchObject({ code: 200 });
  });

  it('emits the recursive menu tree of /getRouters as a component that refers to itself', () => {
    const schemas = doc.components.schemas as Record<string, Json>;
    const routeRecord = schemas.RouteRecord as { properties: Record<string, Json> };
    expect(routeRecord.properties.children).toEqual({
      type: 'array',
      items: { $ref: '#/components/schemas/RouteRecord' },
    });
    const answer = JSON.stringify(doc.paths['/getRouters']!.get!.responses['200']);
    expect(answer).toContain('"$ref":"#/components/schemas/RouteRecord"');
    expect(JSON.stringify(doc)).not.toContain('schema0');
  });

  it('says how to authenticate: a session token or an API key, neither on sign-in, only a session for keys', () => {
    const schemes = doc.components.securitySchemes as Record<string, Json>;
    expect(schemes.session).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    expect(schemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect((doc as unknown as { security: Json[] }).security).toEqual([{ session: [] }, { apiKey: [] }]);
    expect(doc.paths['/login']!.post!.security).toEqual([]);
    expect(doc.paths['/sbuilding/api-key/create']!.put!.security).toEqual([{ session: [] }]);
    // What a read-only key may call is in each operation's description.
    expect(JSON.stringify(doc.paths['/sbuilding/project/getList']!.post)).toContain(
      'read-only keys may call it',
    );
    expect(JSON.stringify(doc.paths['/sbuilding/project/create']!.put)).toContain('needs a read-write key');
    expect(
      doc.paths['/sbuilding/api-key/create']!.put!.responses['200']?.content?.['application/json']?.example,
    ).toMatchObject({ code: 200, data: { id: 3, key: expect.stringMatching(/^sbk_/) } });
  });

  it('describes the webhook notification body and its signature as a callback of channel creation', () => {
    const callback = doc.paths['/sbuilding/notification/channel']!.post!.callbacks as Json;
    const post = (callback.alertNotification as Record<string, Record<string, Json>>)['{$request.body#/url}']!
      .post!;
    expect(post.description).toContain('HMAC-SHA256');
    expect(JSON.stringify(post.requestBody)).toContain('#/components/schemas/WebhookNotification');
    expect((doc.components.schemas as Json).WebhookNotification).toMatchObject({ type: 'object' });
  });
});

describe('operationIdOf', () => {
  it('names an operation by method and path, its parameters after "by"', () => {
    expect(operationIdOf('POST', '/sbuilding/project/getList')).toBe('postProjectGetList');
    expect(operationIdOf('DELETE', '/sbuilding/api-key/del/:id')).toBe('deleteApiKeyDelById');
    expect(operationIdOf('GET', '/system/config/configKey/{key}')).toBe('getSystemConfigConfigKeyByKey');
  });
});
