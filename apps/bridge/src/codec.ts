import type { DataType, PointConfig } from './config.js';

/** Registers (16-bit words) a value of `type` takes. */
export function wordsOf(type: DataType): 1 | 2 {
  return type === 'int16' || type === 'uint16' ? 1 : 2;
}

/** Drops the binary noise of decimal scaling (215 × 0.1 = 21.500000000000004). */
function tidy(value: number): number {
  return Number(value.toPrecision(12));
}

/** The reading of a register point from its words (raw × scale + offset). */
export function decodeRegisters(point: PointConfig, words: readonly number[]): number {
  const [first = 0, second = 0] = words;
  let raw: number;
  if (point.type === 'uint16') raw = first;
  else if (point.type === 'int16') raw = first > 0x7fff ? first - 0x10000 : first;
  else {
    const [high, low] = point.wordOrder === 'big' ? [first, second] : [second, first];
    const buffer = Buffer.alloc(4);
    buffer.writeUInt16BE(high, 0);
    buffer.writeUInt16BE(low, 2);
    if (point.type === 'int32') raw = buffer.readInt32BE(0);
    else if (point.type === 'uint32') raw = buffer.readUInt32BE(0);
    // A float32 holds about 7 significant digits; more would be noise.
    else raw = Number(buffer.readFloatBE(0).toPrecision(7));
  }
  return tidy(raw * point.scale + point.offset);
}

const RANGES: Record<Exclude<DataType, 'float32'>, [number, number]> = {
  int16: [-0x8000, 0x7fff],
  uint16: [0, 0xffff],
  int32: [-0x80000000, 0x7fffffff],
  uint32: [0, 0xffffffff],
};

/** The words that make `value` read back as `value` (the inverse of decodeRegisters); throws when out of range. */
export function encodeRegisters(point: PointConfig, value: number): number[] {
  const raw = (value - point.offset) / point.scale;
  const buffer = Buffer.alloc(4);
  if (point.type === 'float32') buffer.writeFloatBE(raw, 0);
  else {
    const whole = Math.round(raw);
    const [min, max] = RANGES[point.type];
    if (!Number.isFinite(whole) || whole < min || whole > max)
      throw new RangeError(`${value} does not fit a ${point.type} register (raw ${whole})`);
    if (point.type === 'uint16') return [whole];
    if (point.type === 'int16') return [whole < 0 ? whole + 0x10000 : whole];
    if (point.type === 'int32') buffer.writeInt32BE(whole, 0);
    else buffer.writeUInt32BE(whole, 0);
  }
  const high = buffer.readUInt16BE(0);
  const low = buffer.readUInt16BE(2);
  return point.wordOrder === 'big' ? [high, low] : [low, high];
}
