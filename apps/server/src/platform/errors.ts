import type { MessageKey } from './i18n/messages.js';

/** One message of a list a param names (what blocks a deletion: "buildings (2), devices (14)"). */
export interface MessagePart {
  key: MessageKey;
  params?: Record<string, string | number>;
}

export type AppErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 429 | 500 | 503;

/**
 * The one application error. Services throw it with an HTTP code and a message key; the error handler
 * turns it into the envelope in the request's language.
 */
export class AppError extends Error {
  constructor(
    readonly status: AppErrorStatus,
    readonly key: MessageKey,
    readonly params: Record<string, string | number> = {},
    /** Params whose value is a list of field names, answered as their labels in the request's language. */
    readonly fieldParams: Record<string, readonly string[]> = {},
    /** Answered as the envelope's data (e.g. the per-device outcomes of a failed group command). */
    readonly data: unknown = null,
    /** Params whose value is a list of messages, each said in the request's language and joined as a list. */
    readonly messageParams: Record<string, readonly MessagePart[]> = {},
  ) {
    super(key);
    this.name = 'AppError';
  }
}

export const badRequest = (key: MessageKey, params?: Record<string, string | number>) =>
  new AppError(400, key, params);
export const unauthorized = (key: MessageKey = 'error.unauthorized') => new AppError(401, key);
export const forbidden = (key: MessageKey = 'error.forbidden') => new AppError(403, key);
export const notFound = (key: MessageKey = 'error.notFound') => new AppError(404, key);
export const conflict = (key: MessageKey = 'error.conflict') => new AppError(409, key);
