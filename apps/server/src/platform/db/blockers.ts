import { sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { AppError, type MessagePart } from '../errors.js';
import type { MessageKey } from '../i18n/index.js';
import { isForeignKeyViolation } from './errors.js';
import { rowsOf } from './rows.js';

/** What still refers to a row: a table and how many of its rows. */
export interface Blocker {
  readonly table: string;
  readonly count: number;
}

/** How each kind of blocking row is named in a 409 ("devices (3)"); others by their table's name. */
const PART_KEYS: Readonly<Record<string, MessageKey>> = {
  buildings: 'part.buildings',
  floors: 'part.floors',
  zones: 'part.zones',
  devices: 'part.devices',
  device_groups: 'part.device_groups',
  device_marks: 'part.device_marks',
  scenes: 'part.scenes',
  noon_naps: 'part.noon_naps',
  ac_automations: 'part.ac_automations',
  notification_channels: 'part.notification_channels',
  maintenance_plans: 'part.maintenance_plans',
};

/**
 * Every table that refers to `table` without cascading (RESTRICT or NO ACTION), with the referring column:
 * read from the database's own foreign keys, so a table added later blocks, and is named, for free.
 */
export async function restrictingReferences(
  db: Db,
  table: string,
): Promise<{ table: string; column: string }[]> {
  const result = await db.execute(sql`
    select c.conrelid::regclass::text as table_name, a.attname as column_name
    from pg_constraint c
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
    where c.contype = 'f' and c.confrelid = ${table}::regclass and c.confdeltype in ('r', 'a')
    order by 1`);
  return rowsOf(result).map((row) => ({ table: String(row.table_name), column: String(row.column_name) }));
}

/** What still refers to the row `id` of `table`, kind by kind (the tables in `skip` left out). */
export async function blockersOf(
  db: Db,
  table: string,
  id: number,
  skip: ReadonlySet<string> = new Set(),
): Promise<Blocker[]> {
  const blockers: Blocker[] = [];
  for (const reference of await restrictingReferences(db, table)) {
    if (skip.has(reference.table)) continue;
    const result = await db.execute(
      sql`select count(*)::int as n from ${sql.identifier(reference.table)} where ${sql.identifier(reference.column)} = ${id}`,
    );
    const n = Number(rowsOf(result)[0]?.n ?? 0);
    if (n > 0) blockers.push({ table: reference.table, count: n });
  }
  return blockers;
}

/** The 409 that names what blocks a deletion, each kind in the request's language (`{parts}` of `key`). */
export function blockedError(key: MessageKey, blockers: readonly Blocker[]): AppError {
  const parts: MessagePart[] = blockers.map(({ table, count }) => ({
    key: PART_KEYS[table] ?? 'part.other',
    params: { table, count },
  }));
  return new AppError(409, key, {}, {}, null, { parts });
}

/** The table a foreign-key violation names (the row that still refers), or 'other'. */
export function violatingTable(error: unknown): string {
  const table: unknown = error instanceof Error ? Reflect.get(error.cause ?? error, 'table') : undefined;
  return typeof table === 'string' ? table : 'other';
}

/**
 * Runs a deletion of the row `id` of `table`; when the database refuses it for rows that still refer to it,
 * answers 409 `key` naming each kind and how many (counted after the refusal, so a deletion that succeeds
 * pays nothing for it).
 */
export async function deleteOrNameBlockers(
  db: Db,
  target: { table: string; id: number; key: MessageKey },
  remove: () => Promise<unknown>,
): Promise<void> {
  try {
    await remove();
  } catch (error) {
    if (!isForeignKeyViolation(error)) throw error;
    const blockers = await blockersOf(db, target.table, target.id);
    throw blockedError(
      target.key,
      blockers.length > 0 ? blockers : [{ table: violatingTable(error), count: 1 }],
    );
  }
}
