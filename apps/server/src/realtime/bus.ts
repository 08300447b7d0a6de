import { EventEmitter } from 'node:events';
import type { TelemetryRow } from '../modules/telemetry/index.js';

/** The readings of one device committed together: the newest value of each key. */
export interface DeviceUpdate {
  deviceId: number;
  /** Milliseconds since the epoch of the newest reading. */
  ts: number;
  values: Record<string, number | string | boolean>;
}

/**
 * Readings older than this when they arrive are history (a backfill, a gateway emptying its buffer): stored
 * and rolled up, but not news. Rules, scene triggers and the live views act on the present only; a CO2 peak
 * of last March must not raise an alert or switch lights today.
 */
export const LIVE_WINDOW_MS = 15 * 60_000;

/**
 * Telemetry as it arrives, device by device, for whoever shows it live (the socket). Fed by the telemetry
 * writer as it queues rows, not after their commit: the operator sees a light answer within a blink, and
 * what is shown is what the device reported (were the commit lost, the device would send it again).
 * In-process, this node's readings only; the socket layer relays them to every node (platform/cluster).
 */
export class TelemetryBus {
  private readonly emitter = new EventEmitter();

  /** The clock "live" is measured against (milliseconds); tests on a virtual clock set their own. */
  clock: () => number;

  constructor(clock: () => number = Date.now) {
    this.clock = clock;
    // One listener per socket hub, not per socket: the default limit of 10 is plenty, but do not warn.
    this.emitter.setMaxListeners(0);
  }

  publish(rows: readonly TelemetryRow[]): void {
    // Nobody listening (a server without socket, rules or scenes): nothing to gather.
    if (this.emitter.listenerCount('update') === 0) return;
    const liveSince = this.clock() - LIVE_WINDOW_MS;
    const [first] = rows;
    // One device's message, all of it recent and in order: the usual case, gathered without a map.
    if (first && rows.every((row) => row.deviceId === first.deviceId && row.ts === first.ts)) {
      if (first.ts < liveSince) return;
      const values: DeviceUpdate['values'] = {};
      for (const row of rows) values[row.key] = row.value;
      this.emitter.emit('update', { deviceId: first.deviceId, ts: first.ts, values });
      return;
    }
    const byDevice = new Map<number, DeviceUpdate>();
    for (const row of rows) {
      if (row.ts < liveSince) continue;
      const update = byDevice.get(row.deviceId) ?? { deviceId: row.deviceId, ts: row.ts, values: {} };
      // Rows of a batch may arrive out of order: the newest value of each key wins.
      if (row.ts >= update.ts || !(row.key in update.values)) update.values[row.key] = row.value;
      update.ts = Math.max(update.ts, row.ts);
      byDevice.set(row.deviceId, update);
    }
    for (const update of byDevice.values()) this.emitter.emit('update', update);
  }

  onUpdate(listener: (update: DeviceUpdate) => void): () => void {
    this.emitter.on('update', listener);
    return () => this.emitter.off('update', listener);
  }
}
