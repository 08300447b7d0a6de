import { FAN_SPEEDS, HVAC_MODES, type AcBoard, type AcState } from '@sbuilding/shared';

/** The state with the AC keys of a reading (or of a command the unit took) laid over it. */
export function withAcReading(state: AcState, values: Readonly<Record<string, unknown>>): AcState {
  const next = { ...state };
  const onOff = values.onOff;
  if (typeof onOff === 'boolean') next.onOff = onOff;
  else if (typeof onOff === 'number') next.onOff = onOff !== 0;
  const mode = HVAC_MODES.find((m) => m === values.workMode);
  if (mode) next.workMode = mode;
  const fan = FAN_SPEEDS.find((f) => f === values.fanSpeed);
  if (fan) next.fanSpeed = fan;
  for (const key of ['targetTemp', 'roomTemp'] as const) {
    const v = values[key];
    if (typeof v === 'number' && Number.isFinite(v)) next[key] = v;
  }
  return next;
}

/** The board with readings applied: state, online (a reading means online) and the count running. */
export function applyAcReadings(
  board: AcBoard,
  readings: ReadonlyMap<number, Readonly<Record<string, unknown>>>,
): AcBoard {
  let changed = false;
  const units = board.units.map((u) => {
    const values = readings.get(u.id);
    if (!values) return u;
    changed = true;
    return { ...u, online: true, state: withAcReading(u.state, values) };
  });
  if (!changed) return board;
  return { ...board, units, running: units.filter((u) => u.state.onOff === true).length };
}
