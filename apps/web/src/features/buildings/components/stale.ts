import { RequestError } from '@/lib/request';

/**
 * A save refused because someone else saved first (409). The request client has shown the server's
 * message and the list reloads; the form closes so the next edit starts from the fresh row.
 */
export function isStaleCopy(error: unknown): boolean {
  return error instanceof RequestError && error.code === 409;
}
