import type { BoardLight, LightBoard, LightState } from '@sbuilding/shared';

const BOOL_KEYS = ['onOff', 'left', 'mid', 'right'] as const;
const NUM_KEYS = ['lightnessLevel', 'colorTemp'] as const;

function asBool(v: unknown): boolean | undefined {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v !== 0;
  return undefined;
}

/** The state with the light keys of a reading (or of a command the device took) laid over it. */
export function withLightReading(state: LightState, values: Readonly<Record<string, unknown>>): LightState {
  const next = { ...state };
  for (const key of BOOL_KEYS) {
    const v = asBool(values[key]);
    if (v !== undefined) next[key] = v;
  }
  for (const key of NUM_KEYS) {
    const v = values[key];
    if (typeof v === 'number' && Number.isFinite(v)) next[key] = v;
  }
  return next;
}

/**
 * The board with a reading of some of its devices applied: their state, online (a reading means the
 * device is online) and the counts of lights on, recomputed from the devices so they always agree.
 */
export function applyLightReadings(
  board: LightBoard,
  readings: ReadonlyMap<number, Readonly<Record<string, unknown>>>,
): LightBoard {
  let changed = false;
  const devices: BoardLight[] = board.devices.map((d) => {
    const values = readings.get(d.id);
    if (!values) return d;
    changed = true;
    return { ...d, online: true, state: withLightReading(d.state, values) };
  });
  if (!changed) return board;
  const lights = devices.filter((d) => d.category === 'light');
  const on = (list: readonly BoardLight[]) => list.filter((d) => d.state.onOff === true).length;
  return {
    ...board,
    devices,
    lightsOn: on(lights),
    floors: board.floors.map((f) => ({ ...f, lightsOn: on(lights.filter((d) => d.floorId === f.floorId)) })),
  };
}

/** Whether the light (not a panel) is on: the same rule as the counts of lights on (dimmed to 0 is still on). */
export function isLit(d: BoardLight): boolean {
  return d.state.onOff === true;
}

/** A panel's pressed buttons count as on. */
export function panelOn(d: BoardLight): boolean {
  return d.state.left === true || d.state.mid === true || d.state.right === true;
}

/** The buttons a wall panel has, by its panel type; a panel of unknown type shows all three. */
const PANEL_BUTTONS: Readonly<Record<string, readonly ('left' | 'mid' | 'right')[]>> = {
  single: ['left'],
  double: ['left', 'right'],
  three: ['left', 'mid', 'right'],
};

export function panelButtons(d: BoardLight): readonly ('left' | 'mid' | 'right')[] {
  return (d.panelType ? PANEL_BUTTONS[d.panelType] : undefined) ?? ['left', 'mid', 'right'];
}
