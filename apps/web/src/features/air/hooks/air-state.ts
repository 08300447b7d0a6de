import {
  AIR_READINGS,
  airValues,
  zoneAirValues,
  type AirBoard,
  type AirReading,
  type AirSensor,
} from '@sbuilding/shared';

function numberOf(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** A sensor with the air keys of a reading laid over it, banded by the board's thresholds. */
function withReading(
  sensor: AirSensor,
  values: Readonly<Record<string, unknown>>,
  board: AirBoard,
): AirSensor {
  const pick = (key: AirReading) => numberOf(values[key]) ?? sensor.values[key].value;
  const readings = {
    co2: pick('co2'),
    ch2o: pick('ch2o'),
    temperature: pick('temperature'),
    humidity: pick('humidity'),
  };
  const ts = typeof values.ts === 'string' ? values.ts : sensor.lastReport;
  return { ...sensor, online: true, lastReport: ts, values: airValues(readings, board.thresholds) };
}

/**
 * The board with readings applied: a reading means the sensor is online; its values are banded again and
 * the zones holding it recomputed (means of their online sensors, worst band).
 */
export function applyAirReadings(
  board: AirBoard,
  readings: ReadonlyMap<number, Readonly<Record<string, unknown>>>,
): AirBoard {
  let changed = false;
  const sensors = board.sensors.map((s) => {
    const values = readings.get(s.id);
    if (!values || !AIR_READINGS.some((key) => numberOf(values[key]) !== null)) return s;
    changed = true;
    return withReading(s, values, board);
  });
  if (!changed) return board;
  const byId = new Map(sensors.map((s) => [s.id, s]));
  const zones = board.zones.map((z) => {
    if (!z.sensorIds.some((id) => readings.has(id))) return z;
    const here = z.sensorIds.map((id) => byId.get(id)).filter((s): s is AirSensor => s !== undefined);
    return { ...z, ...zoneAirValues(here, board.thresholds) };
  });
  return { ...board, sensors, zones, online: sensors.filter((s) => s.online).length };
}
