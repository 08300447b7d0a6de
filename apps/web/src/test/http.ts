import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { http } from '@/lib/http';

export type Reply = { status: number; body: unknown } | Error;
/** A function may answer later (a promise): a request still under way, e.g. to cancel it meanwhile. */
export type Handler = Reply | ((config: InternalAxiosRequestConfig) => Reply | Promise<Reply>);

/** Every request the fake server received, in order. */
export const seen: InternalAxiosRequestConfig[] = [];

/** A response envelope with its HTTP status equal to the code, as the server sends it. */
export function envelope(code: number, data: unknown = null, msg = ''): Reply {
  return { status: code, body: { code, msg, data } };
}

/**
 * Answers the console's requests through axios' adapter seam, by URL. Paths without a handler answer
 * 404, like a server that does not have the call.
 */
export function serve(routes: Record<string, Handler>): void {
  seen.length = 0;
  const adapter: AxiosAdapter = async (config) => {
    seen.push(config);
    const handler = routes[config.url ?? ''];
    const reply = typeof handler === 'function' ? await handler(config) : (handler ?? envelope(404));
    if (reply instanceof Error) throw reply;
    const response: AxiosResponse = {
      data: reply.body,
      status: reply.status,
      statusText: '',
      headers: {},
      config,
    };
    return response;
  };
  http.defaults.adapter = adapter;
}

/** The JSON body a request sent. */
export function bodyOf(config: InternalAxiosRequestConfig | undefined): unknown {
  return typeof config?.data === 'string' ? JSON.parse(config.data) : config?.data;
}
