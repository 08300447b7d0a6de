import axios from 'axios';
import { HTTP_TIMEOUT_MS } from '@sbuilding/shared';
import { getToken } from './auth-token';
import { requestLang } from './i18n';
import { toQueryString } from './query-string';

/**
 * The raw axios instance behind the request client (spec section 7): same-origin base, JSON, the
 * timeout of section 9, the `Lang` header and the Bearer token. Features use `request.ts`, never this.
 * Every HTTP status resolves here: the server mirrors the envelope code in the status, and the envelope
 * (not the status) decides what the user sees.
 */
export const http = axios.create({
  baseURL: '',
  timeout: HTTP_TIMEOUT_MS,
  headers: { 'Content-Type': 'application/json;charset=utf-8' },
  paramsSerializer: { serialize: (params) => toQueryString(params) },
  validateStatus: () => true,
});

http.interceptors.request.use((config) => {
  // `isToken: false` is an instruction to this client, not a header for the server.
  const withToken = config.headers.get('isToken') !== false;
  config.headers.delete('isToken');
  config.headers.set('Lang', requestLang());
  const token = getToken();
  if (withToken && token) config.headers.set('Authorization', `Bearer ${token}`);
  return config;
});
