import axios, { type AxiosRequestConfig, type AxiosResponse } from 'axios';
import type { z } from 'zod';
import type { Envelope } from '@sbuilding/shared';
import { feedback } from './feedback';
import { http } from './http';
import { i18n } from './i18n';
import { logOut, pageNavigation } from './logout';
import { isMiniProgram, miniProgramHome } from './storage';

export { toQueryString } from './query-string';

export interface RequestConfig<T = unknown> extends AxiosRequestConfig {
  /**
   * Suppress every notice (toast, notification, 401 dialog): the caller shows the error itself. 'except-expired'
   * keeps the one notice a caller cannot give, the expired login's dialog (a batch of downloads that reports
   * its own failures).
   */
  silent?: Silence;
  /** Validate `data` of the envelope; a mismatch rejects like a server error. */
  schema?: z.ZodType<T>;
}

export type Silence = boolean | 'except-expired';

export type RequestErrorKind = 'envelope' | 'timeout' | 'network' | 'canceled';

/** Every rejection of the request client. `code` is the envelope code, or null when none arrived. */
export class RequestError extends Error {
  override readonly name = 'RequestError';
  constructor(
    message: string,
    readonly kind: RequestErrorKind,
    readonly code: number | null,
  ) {
    super(message);
  }
}

const TABLE_CODES = ['401', '403', '404'] as const;

/**
 * The text shown for a failed envelope: spec section 8's message table for 401, 403 and 404; for any
 * other code the server's msg (already in the user's language), or the table's default without one.
 */
export function envelopeMessage(code: number, serverMsg: string | undefined): string {
  // Spec section 8: the table's entry for the code first, the server's msg when the table has none.
  const entry = TABLE_CODES.find((c) => c === String(code));
  if (entry) return i18n.t(`request.errors.${entry}`);
  return serverMsg || i18n.t('request.errors.default');
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return typeof value === 'object' && value !== null && 'code' in value && typeof value.code === 'number';
}

let reloginDialogOpen = false;

/** One 'System Tips' dialog however many requests fail with 401 at once (spec section 8). */
function showReloginDialog(): void {
  if (reloginDialogOpen) return;
  reloginDialogOpen = true;
  feedback().modal.confirm({
    title: i18n.t('request.systemTips'),
    content: i18n.t('request.expired'),
    okText: i18n.t('request.logInAgain'),
    cancelText: i18n.t('request.cancel'),
    onOk: async () => {
      const miniProgram = isMiniProgram();
      await logOut();
      // The dialog stays "open" until the page goes away, so no second one can appear meanwhile.
      if (miniProgram) pageNavigation.assign(miniProgramHome());
      else pageNavigation.reload();
    },
    onCancel: () => {
      reloginDialogOpen = false;
    },
  });
}

/** For tests: forget an open dialog between cases. */
export function resetRequestState(): void {
  reloginDialogOpen = false;
}

function sentToken(response: AxiosResponse): boolean {
  return Boolean(response.config.headers.get('Authorization'));
}

function fail(response: AxiosResponse, code: number, serverMsg: string | undefined, silent: Silence): never {
  const message = envelopeMessage(code, serverMsg);
  // A 401 to a request that carried no token (e.g. a wrong password) is not an expired login.
  if (code === 401 && sentToken(response)) {
    if (silent !== true) showReloginDialog();
    throw new RequestError(message, 'envelope', code);
  }
  if (!silent) {
    if (code === 500) feedback().message.error(message);
    else feedback().notification.error({ title: message });
  }
  throw new RequestError(message, 'envelope', code);
}

function networkFailure(error: unknown, config: RequestConfig<unknown>): never {
  const where = `${config.method ?? 'get'} ${config.url ?? ''}`;
  if (axios.isCancel(error)) throw new RequestError('canceled', 'canceled', null);
  const timeout = axios.isAxiosError(error) && ['ECONNABORTED', 'ETIMEDOUT'].includes(error.code ?? '');
  const message = i18n.t(timeout ? 'request.timeout' : 'request.network');
  console.error(`[request] ${where} failed:`, error);
  // One toast per kind: a burst of failing requests (or a retry) updates it instead of stacking more.
  if (!config.silent)
    feedback().message.error({ content: message, key: `request-${timeout ? 'timeout' : 'network'}` });
  throw new RequestError(message, timeout ? 'timeout' : 'network', null);
}

/** The one request client: resolves with the envelope's `data` when its code is 200. */
export async function request<T>(config: RequestConfig<T>): Promise<T> {
  const { silent = false, schema, ...axiosConfig } = config;
  let response: AxiosResponse<Envelope<T>>;
  try {
    response = await http.request<Envelope<T>>(axiosConfig);
  } catch (error) {
    return networkFailure(error, config);
  }
  const body: unknown = response.data;
  if (!isEnvelope(body)) {
    // A proxy error page or the SPA's index.html: not an answer of the API.
    return fail(response, response.status < 300 ? 500 : response.status, undefined, silent);
  }
  const { code, msg, data } = response.data;
  if (code !== 200) return fail(response, code, msg, silent);
  if (!schema) return data;
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  console.error(`[request] ${axiosConfig.url ?? ''}: unexpected response`, parsed.error.issues);
  return fail(response, 500, undefined, silent);
}

type Config<T> = Omit<RequestConfig<T>, 'url' | 'method' | 'data'>;

/** The text of a blob; FileReader, since not every environment has Blob.text (jsdom). */
function blobText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(blob);
  });
}

/**
 * A file the API answers as bytes (a QR code, an export). A refusal arrives as a JSON envelope in place
 * of the file and rejects with the same notices and RequestError as `request`.
 */
export async function getBlob(url: string, config: Omit<Config<Blob>, 'schema'> = {}): Promise<Blob> {
  const { silent = false, ...axiosConfig } = config;
  let response: AxiosResponse<Blob>;
  try {
    response = await http.request<Blob>({ ...axiosConfig, url, method: 'get', responseType: 'blob' });
  } catch (error) {
    return networkFailure(error, { ...config, url, method: 'get' });
  }
  if (response.status === 200) return response.data;
  let body: unknown;
  try {
    body = JSON.parse(await blobText(response.data));
  } catch {
    body = undefined;
  }
  if (isEnvelope(body)) return fail(response, body.code, body.msg, silent);
  return fail(response, response.status, undefined, silent);
}

/** A multipart upload of one file part named `file`; the answer is an envelope like any other call. */
export function upload<T>(url: string, file: Blob, config: Config<T> = {}): Promise<T> {
  const form = new FormData();
  form.append('file', file);
  // The JSON default would make axios serialize the form as JSON; the browser sets the boundary.
  return request<T>({
    ...config,
    url,
    method: 'post',
    data: form,
    headers: { ...config.headers, 'Content-Type': 'multipart/form-data' },
  });
}

export function get<T>(url: string, config: Config<T> = {}): Promise<T> {
  return request<T>({ ...config, url, method: 'get' });
}

export function post<T>(url: string, data?: unknown, config: Config<T> = {}): Promise<T> {
  return request<T>({ ...config, url, method: 'post', data });
}

export function put<T>(url: string, data?: unknown, config: Config<T> = {}): Promise<T> {
  return request<T>({ ...config, url, method: 'put', data });
}

export function del<T>(url: string, config: Config<T> = {}): Promise<T> {
  return request<T>({ ...config, url, method: 'delete' });
}
