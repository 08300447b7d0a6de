import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { components, operations, paths } from './schema.js';

export type { components, operations, paths };

/** Every answer's envelope: `code` equals the HTTP status, `msg` is in the request's language. */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export interface SbuildingClientOptions {
  /** The server's origin, e.g. `http://localhost:8080`. */
  baseUrl: string;
  /** An API key (`sbk_…`, made on the profile page) or a session token from POST /login. */
  token: string;
  /** Language of the answers' `msg`: EN (default) or ZH. */
  lang?: 'EN' | 'ZH';
  /** A fetch of your own (a proxy, a test's); the global one by default. */
  fetch?: typeof globalThis.fetch;
}

export type SbuildingClient = Client<paths>;

/**
 * A typed client of the sbuilding API: paths, bodies and answers are checked by TypeScript against the
 * OpenAPI document it was generated from (`npm run generate -w @sbuilding/client`).
 *
 * ```ts
 * const api = createSbuildingClient({ baseUrl: 'http://localhost:8080', token: process.env.SB_KEY! });
 * const { data } = await api.POST('/sbuilding/project/getList', { body: {} });
 * ```
 */
export function createSbuildingClient(options: SbuildingClientOptions): SbuildingClient {
  const client = createClient<paths>({
    baseUrl: options.baseUrl,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const auth: Middleware = {
    onRequest({ request }) {
      request.headers.set('Authorization', `Bearer ${options.token}`);
      request.headers.set('Lang', options.lang ?? 'EN');
      return request;
    },
  };
  client.use(auth);
  return client;
}
