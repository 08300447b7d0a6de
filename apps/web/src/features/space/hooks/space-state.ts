import { presenceOf, type OccupancyState, type SpaceBoard } from '@sbuilding/shared';

/**
 * The board with PIR readings applied (sensor id → its pushed values). A presence makes its zone occupied
 * now; a reading without one leaves the zone occupied only while its last presence is within the window.
 */
export function applyPresence(
  board: SpaceBoard,
  readings: ReadonlyMap<number, Readonly<Record<string, unknown>>>,
  now: number = Date.now(),
): SpaceBoard {
  let changed = false;
  const zones = board.zones.map((z) => {
    const mine = z.sensorIds
      .map((id) => readings.get(id))
      .filter((values): values is Readonly<Record<string, unknown>> => values !== undefined)
      .filter((values) => presenceOf(values.pir) !== null);
    if (mine.length === 0) return z;
    changed = true;
    const at = (values: Readonly<Record<string, unknown>>) =>
      typeof values.ts === 'string' ? values.ts : new Date(now).toISOString();
    const seen = mine.filter((values) => presenceOf(values.pir) === true).map(at);
    const lastPresence =
      [z.lastPresence, ...seen]
        .filter((ts): ts is string => ts !== null)
        .sort()
        .at(-1) ?? null;
    const lastReport =
      [z.lastReport, ...mine.map(at)]
        .filter((ts): ts is string => ts !== null)
        .sort()
        .at(-1) ?? null;
    const fresh = lastPresence !== null && Date.parse(lastPresence) >= now - board.presenceMinutes * 60_000;
    const state: OccupancyState = fresh ? 'occupied' : 'vacant';
    return { ...z, lastPresence, lastReport, state };
  });
  if (!changed) return board;
  return {
    ...board,
    zones,
    occupied: zones.filter((z) => z.state === 'occupied').length,
    vacant: zones.filter((z) => z.state === 'vacant').length,
  };
}
