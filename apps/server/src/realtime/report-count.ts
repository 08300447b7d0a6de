import type { Db } from '../platform/db/client.js';
import type { Scope } from '../platform/tenancy.js';

/**
 * The navbar badge: alerts awaiting handling that the user may see. Alerts arrive with issue 7; until then
 * nothing awaits handling, and the count is 0 because there is nothing to count, not because it is unknown.
 */
export async function reportCount(_db: Db, _scope: Scope): Promise<number> {
  return 0;
}
