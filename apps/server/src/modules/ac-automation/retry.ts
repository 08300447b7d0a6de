import type { SceneCommandResult } from '@sbuilding/shared';
import type { acAutomations } from './tables.js';

type Row = typeof acAutomations.$inferSelect;

/**
 * A change some AC did not take (it timed out, refused, failed) is tried again after this long: such a unit
 * is connected and would likely answer the same at every tick, so no storm of commands and log lines.
 */
export const RETRY_AFTER_MS = 10 * 60_000;

/** The units a change could not reach at all: not connected, so nothing was sent to them. */
export function unreachedUnits(results: readonly SceneCommandResult[]): number[] {
  return [...new Set(results.filter((r) => r.result === 'unreachable').map((r) => r.deviceId))];
}

/**
 * Whether a pending retry is due: its time has come, or a unit the change could not reach has been heard from
 * since the attempt (it connected, its gateway announced it, it reported). A unit that was not connected yet
 * (the server had just started, the simulator or a gateway was still connecting: 12 to 30 of the demo's ACs at
 * the first start) then gets the change at the next pass or reading, not ten minutes later; one that stays
 * away waits RETRY_AFTER_MS, as before. `heardAt`: when each unit was last heard from (ms).
 */
export function retryDue(row: Row, now: Date, heardAt: ReadonlyMap<number, number>): boolean {
  if (row.retryAt === null) return false;
  if (row.retryAt <= now) return true;
  const triedAt = row.lastAppliedAt?.getTime() ?? Number.POSITIVE_INFINITY;
  return (row.lastDesired?.unreached ?? []).some((id) => (heardAt.get(id) ?? 0) > triedAt);
}

/** The units whose report makes a config's pending retry due (their index is kept by the runner). */
export function awaitedUnits(row: Row): number[] {
  return row.retryAt === null ? [] : (row.lastDesired?.unreached ?? []);
}
