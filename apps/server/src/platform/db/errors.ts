/**
 * PostgreSQL error codes a service turns into answers. Drizzle wraps driver errors (the PostgreSQL or
 * PGlite error is the `cause`), so the chain is walked.
 */
export const PG_UNIQUE_VIOLATION = '23505';
export const PG_FOREIGN_KEY_VIOLATION = '23503';

export function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    if ('code' in current && typeof current.code === 'string' && /^[0-9A-Z]{5}$/.test(current.code)) {
      return current.code;
    }
    current = 'cause' in current ? current.cause : undefined;
  }
  return undefined;
}

export const isUniqueViolation = (error: unknown) => pgErrorCode(error) === PG_UNIQUE_VIOLATION;
export const isForeignKeyViolation = (error: unknown) => pgErrorCode(error) === PG_FOREIGN_KEY_VIOLATION;
