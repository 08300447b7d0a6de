import ModbusSerial from 'modbus-serial';
import { decodeRegisters, encodeRegisters, wordsOf } from './codec.js';
import type { DeviceConfig, ModbusTable, PointConfig, ProfileConfig } from './config.js';
import type { Log } from './log.js';

// A CommonJS module: its `default` is the client class both at run time and in its types.
const ModbusRTU = ModbusSerial.default;
type ModbusRTU = InstanceType<typeof ModbusRTU>;

export type PointValue = number | boolean;

/** A field device's values at one time. */
export interface Reading {
  device: string;
  ts: number;
  values: Record<string, PointValue>;
}

/** Points of one table read with one request: contiguous addresses, gaps of a few registers allowed. */
interface Block {
  table: ModbusTable;
  start: number;
  count: number;
  points: [string, PointConfig][];
}

/** Largest read of one request (the protocol allows 125 registers and 2,000 bits). */
const MAX_SPAN: Record<ModbusTable, number> = { holding: 120, input: 120, coil: 2000, discrete: 2000 };
/** Unused addresses read over rather than starting another request. */
const MAX_GAP = 8;

function widthOf(point: PointConfig): number {
  return point.table === 'coil' || point.table === 'discrete' ? 1 : wordsOf(point.type);
}

/** The requests that read `points`: per table by address, neighbours merged. */
export function planBlocks(points: Record<string, PointConfig>): Block[] {
  const sorted = Object.entries(points).sort(
    ([, a], [, b]) => a.table.localeCompare(b.table) || a.address - b.address,
  );
  const blocks: Block[] = [];
  for (const entry of sorted) {
    const [, point] = entry;
    const end = point.address + widthOf(point);
    const last = blocks.at(-1);
    if (
      last &&
      last.table === point.table &&
      point.address <= last.start + last.count + MAX_GAP &&
      end - last.start <= MAX_SPAN[point.table]
    ) {
      last.count = Math.max(last.count, end - last.start);
      last.points.push(entry);
    } else
      blocks.push({ table: point.table, start: point.address, count: end - point.address, points: [entry] });
  }
  return blocks;
}

/** The device answered with a Modbus exception (it is there, the request was wrong). */
function isException(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'modbusCode' in error;
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === 'object' && error !== null && 'message' in error) return String(error.message);
  return String(error);
}

export interface FieldDeviceEvents {
  onReading(reading: Reading): void;
  /** The device started or stopped answering (the first poll's outcome included). */
  onState(device: FieldDevice, answering: boolean): void;
  log: Log;
}

/**
 * One Modbus TCP field device: polls its profile's points on its interval and runs its commands as writes.
 * Requests to it go one at a time (a poll waits for a command's write and read-back, and the other way).
 */
export class FieldDevice {
  /** null until the first poll. */
  answering: boolean | null = null;
  lastError: string | null = null;
  readonly blocks: Block[];
  private client: ModbusRTU | null = null;
  private chain: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    readonly config: DeviceConfig,
    readonly profile: ProfileConfig,
    private readonly events: FieldDeviceEvents,
  ) {
    this.blocks = planBlocks(profile.points);
  }

  get name(): string {
    return this.config.name;
  }

  get pollMs(): number {
    return (this.config.pollSeconds ?? this.profile.pollSeconds) * 1000;
  }

  /** Polls now and then every poll interval (counted from each poll's start) until stop(). */
  start(): void {
    const tick = () => {
      if (this.stopped) return;
      const started = Date.now();
      void this.poll().finally(() => {
        if (this.stopped) return;
        this.timer = setTimeout(tick, Math.max(0, this.pollMs - (Date.now() - started)));
      });
    };
    tick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.chain.catch(() => undefined);
    this.drop();
  }

  /** Reads every point once; the reading goes to onReading, a failure to the device's state. */
  poll(): Promise<void> {
    return this.exclusive(async () => {
      const values = await this.read(this.blocks);
      if (values) this.events.onReading({ device: this.name, ts: Date.now(), values });
    });
  }

  /**
   * Runs a command of the profile: each write with its parameter's value (or its fixed value), then reads
   * the written points back; resolves with the values read back (also handed to onReading).
   */
  execute(method: string, params: Record<string, unknown>): Promise<Record<string, PointValue>> {
    const writes = this.profile.commands[method];
    if (!writes) return Promise.reject(new Error(`${this.name} has no command ${method} in its profile`));
    return this.exclusive(async () => {
      const client = await this.connection();
      const written: Record<string, PointConfig> = {};
      try {
        for (const write of writes) {
          const point = this.profile.points[write.point];
          if (!point) throw new Error(`no point ${write.point}`);
          const value = write.param === undefined ? write.value : params[write.param];
          if (typeof value !== 'number' && typeof value !== 'boolean')
            throw new Error(`${method} needs ${write.param ?? write.point} as a number or a boolean`);
          if (point.table === 'coil') await client.writeCoil(point.address, value === true || value === 1);
          else if (point.table === 'holding') {
            const words = encodeRegisters(point, Number(value));
            if (words.length === 1) await client.writeRegister(point.address, words[0] ?? 0);
            else await client.writeRegisters(point.address, words);
          } else throw new Error(`point ${write.point} cannot be written`);
          written[write.point] = point;
        }
      } catch (error) {
        this.failed(error);
        throw error;
      }
      const values = await this.read(planBlocks(written));
      if (!values) throw new Error(`${this.name} did not answer the read-back: ${this.lastError ?? ''}`);
      this.events.onReading({ device: this.name, ts: Date.now(), values });
      return values;
    });
  }

  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const next = this.chain.then(work, work);
    this.chain = next.catch(() => undefined);
    return next;
  }

  private async connection(): Promise<ModbusRTU> {
    if (this.client?.isOpen) return this.client;
    this.drop();
    const client = new ModbusRTU();
    this.client = client;
    // A refused or silent host: the poll fails and the next one tries again.
    client.on('error', () => undefined);
    try {
      await client.connectTCP(this.config.host, { port: this.config.port, timeout: this.config.timeoutMs });
    } catch (error) {
      this.failed(error);
      throw error;
    }
    client.setID(this.config.unit);
    client.setTimeout(this.config.timeoutMs);
    return client;
  }

  /** The values of `blocks`, or null when the device did not answer (its state is updated either way). */
  private async read(blocks: readonly Block[]): Promise<Record<string, PointValue> | null> {
    let client: ModbusRTU;
    try {
      client = await this.connection();
    } catch {
      return null;
    }
    const values: Record<string, PointValue> = {};
    let exception: string | null = null;
    for (const block of blocks) {
      try {
        if (block.table === 'coil' || block.table === 'discrete') {
          const result =
            block.table === 'coil'
              ? await client.readCoils(block.start, block.count)
              : await client.readDiscreteInputs(block.start, block.count);
          for (const [key, point] of block.points)
            values[key] = result.data[point.address - block.start] === true;
        } else {
          const result =
            block.table === 'holding'
              ? await client.readHoldingRegisters(block.start, block.count)
              : await client.readInputRegisters(block.start, block.count);
          for (const [key, point] of block.points) {
            const at = point.address - block.start;
            values[key] = decodeRegisters(point, result.data.slice(at, at + wordsOf(point.type)));
          }
        }
      } catch (error) {
        // An exception answer leaves those points out; the device is still there.
        if (!isException(error)) {
          this.failed(error);
          return null;
        }
        exception = `${block.table} ${block.start}+${block.count}: ${messageOf(error)}`;
        this.events.log('warn', 'modbus exception', { device: this.name, error: exception });
      }
    }
    this.lastError = exception;
    this.setAnswering(true);
    return values;
  }

  private failed(error: unknown): void {
    if (isException(error)) {
      this.lastError = messageOf(error);
      return;
    }
    this.lastError = messageOf(error);
    this.drop();
    this.setAnswering(false);
  }

  private setAnswering(answering: boolean): void {
    const before = this.answering;
    this.answering = answering;
    if (before === answering) return;
    if (!answering)
      this.events.log('warn', 'field device not answering', { device: this.name, error: this.lastError });
    else if (before === false) this.events.log('info', 'field device answering again', { device: this.name });
    this.events.onState(this, answering);
  }

  private drop(): void {
    const client = this.client;
    this.client = null;
    if (client?.isOpen) client.close(() => undefined);
  }
}
