/**
 * The rows of a raw statement (`db.execute(sql…)`), whichever driver ran it: node-postgres and PGlite answer
 * `{ rows }`, some callers pass an array already. Rows that are not objects are dropped.
 */
export function rowsOf(result: unknown): Record<string, unknown>[] {
  const rows: unknown = Array.isArray(result)
    ? result
    : result && typeof result === 'object'
      ? Reflect.get(result, 'rows')
      : [];
  return Array.isArray(rows)
    ? rows.filter((r): r is Record<string, unknown> => typeof r === 'object' && r !== null)
    : [];
}
