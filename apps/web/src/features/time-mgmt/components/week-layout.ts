import type { SceneWeekRun } from '@sbuilding/shared';

/** Minutes a run's block covers on the grid: later runs closer than this go to a lane beside it. */
export const BLOCK_MINUTES = 50;
export const DAY_MINUTES = 24 * 60;

/** Minutes since midnight of 'HH:mm'. */
export function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

/** A run placed in a day column: its lane and how many lanes the column splits into. */
export interface PlacedRun {
  run: SceneWeekRun;
  minute: number;
  lane: number;
  lanes: number;
}

/**
 * Places one day's runs side by side where their blocks would overlap: each run takes the first lane
 * whose last block has ended; the whole column is split into as many lanes as it needed.
 */
export function placeRuns(runs: readonly SceneWeekRun[]): PlacedRun[] {
  const sorted = [...runs].sort(
    (a, b) => a.localTime.localeCompare(b.localTime) || a.name.localeCompare(b.name),
  );
  const laneEnds: number[] = [];
  const placed = sorted.map((run) => {
    const minute = minutesOf(run.localTime);
    let lane = laneEnds.findIndex((end) => end <= minute);
    if (lane === -1) lane = laneEnds.length;
    laneEnds[lane] = minute + BLOCK_MINUTES;
    return { run, minute, lane, lanes: 0 };
  });
  return placed.map((p) => ({ ...p, lanes: laneEnds.length }));
}

/** The Monday of the week holding a 'YYYY-MM-DD' date. */
export function mondayOf(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  const day = new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1));
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day.toISOString().slice(0, 10);
}

/** A 'YYYY-MM-DD' date moved by whole days. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, (d ?? 1) + days)).toISOString().slice(0, 10);
}

/** A run's stable key: a scene and a noon nap may share an id. */
export function runKey(run: SceneWeekRun): string {
  return `${run.source}-${run.sceneId}-${run.at}`;
}
