import { TOPICS } from '@sbuilding/shared';
import { connectFleet } from './fleet.js';
import type { DeviceLink, Log } from './link.js';
import { Window } from './pool.js';
import type { Value } from './types.js';

export interface BackfillOptions {
  apiUrl: string;
  token: string;
  mqttUrl: string;
  /** Days of history ending now. */
  days: number;
  /** Simulated minutes between two readings of a device; 15 by default. */
  stepMinutes?: number;
  /**
   * The most recent days written in full (every device, every `stepMinutes`); the days before them are
   * coarse: every device is still stepped, so the meters measure what the building did, but only the energy
   * counters (`energy`, `energy1`…) are reported, every `coarseStepMinutes`. All `days` are full by default. A year in full is hours of
   * writing on the embedded database; the boards only look that far back for energy.
   */
  detailDays?: number;
  /** Simulated minutes between two readings in the coarse days; 60 by default. */
  coarseStepMinutes?: number;
  /** Stops the backfill (at the next step) when aborted, e.g. by a server shutting down. */
  signal?: AbortSignal;
  /** QoS 1 publishes awaiting their PUBACK at once; 256 by default. */
  window?: number;
  /**
   * Answer commands meanwhile (applied to the devices being stepped), as the first start does while no live
   * simulator runs; by default the history only publishes (a live simulator may be answering beside it).
   */
  answerCommands?: boolean;
  /** The history's end, ms since the epoch; now by default (tests fix it). */
  now?: number;
  log?: Log;
  random?: () => number;
}

export interface BackfillResult {
  devices: number;
  /** Readings (key-value pairs) written. */
  points: number;
  messages: number;
  failedMessages: number;
  seconds: number;
  /** False when the signal stopped it before the end. */
  complete: boolean;
}

const DAY_MS = 86_400_000;

/** Payloads stay well under the broker's 64 KiB limit. */
const MAX_PAYLOAD_CHARS = 48_000;

interface Entry {
  ts: number;
  values: Record<string, Value>;
}

const ENERGY_KEY = /^energy\d*$/;

function energyOnly(values: Record<string, Value>): Record<string, Value> {
  return Object.fromEntries(Object.entries(values).filter(([key]) => ENERGY_KEY.test(key)));
}

/** The history one link has not sent yet: its own readings and its children's, by name. */
class Batch {
  own: Entry[] = [];
  children = new Map<string, Entry[]>();
  chars = 0;
  add(name: string | null, entry: Entry): void {
    this.chars += JSON.stringify(entry).length + 4;
    if (name === null) this.own.push(entry);
    else {
      const list = this.children.get(name);
      if (list) list.push(entry);
      else this.children.set(name, [entry]);
    }
  }
}

/**
 * When the history's readings are taken: at the end of every step, the steps aligned to whole steps of the
 * clock (whole hours for hourly steps), and once more at `end` for the part of the step already past.
 *
 * The server counts a counter's increment in the hour of the reading that ends it (telemetry rollups), which
 * is right for live readings 15 s apart but not for hourly ones: a reading at 10:23 carried 09:23-10:23 into
 * the 10:00 hour, and on the hour the server started the live readings then added 10:23-11:00 on top (18.4
 * kWh where its neighbours had 12.5). So each step's reading is taken at its last millisecond (10:59:59.999
 * for 10:00-11:00), inside the hour it measured, and the last one at `end`, from which the live simulator
 * carries the meters on.
 */
export function* readingTimes(
  start: number,
  end: number,
  detailStart: number,
  coarseStepMs: number,
  stepMs: number,
): Generator<number> {
  const stepAfter = (boundary: number) => (boundary + coarseStepMs <= detailStart ? coarseStepMs : stepMs);
  const first = stepAfter(start);
  let boundary = Math.floor(start / first) * first + first;
  let last = -Infinity;
  while (boundary <= end) {
    last = boundary - 1;
    yield last;
    boundary += stepAfter(boundary);
  }
  if (end > last) yield end;
}

/**
 * Writes `days` of history with device timestamps (`{ts, values}` payloads, batched up to ~48 KB), as
 * fast as the broker acknowledges them: QoS 1 with a window of publishes awaiting their PUBACK (the server
 * sends it once the readings are committed). Meant for a fresh database before the live simulator starts:
 * the simulator then reads the last readings and carries on from them (energy keeps rising).
 */
export async function backfill(options: BackfillOptions): Promise<BackfillResult> {
  const started = performance.now();
  const log = options.log ?? (() => undefined);
  const stepMs = (options.stepMinutes ?? 15) * 60_000;
  const counters = { messagesSent: 0, commandsAnswered: 0 };
  const fleet = await connectFleet({
    ...options,
    log,
    counters,
    answerCommands: options.answerCommands ?? false,
    clientIdPrefix: 'sim-backfill-',
  });
  const window = new Window(options.window ?? 256);
  let failedMessages = 0;
  let points = 0;
  const onError = (error: unknown) => {
    failedMessages += 1;
    log('warn', 'backfill publish failed', { error: String(error) });
  };
  const batches = new Map<DeviceLink, Batch>(fleet.links.map((link) => [link, new Batch()]));

  async function flush(link: DeviceLink, batch: Batch): Promise<void> {
    if (batch.own.length > 0) {
      const own = batch.own;
      await window.submit(() => link.publish(TOPICS.telemetry, own), onError);
    }
    if (batch.children.size > 0) {
      const children = Object.fromEntries(batch.children);
      await window.submit(() => link.publish(TOPICS.gatewayTelemetry, children), onError);
    }
    batches.set(link, new Batch());
  }

  const end = options.now ?? Date.now();
  const start = end - options.days * DAY_MS;
  const detailStart = end - Math.min(options.days, options.detailDays ?? options.days) * DAY_MS;
  const coarseStepMs = (options.coarseStepMinutes ?? 60) * 60_000;
  let day = 0;
  const progressEvery = Math.max(1, Math.round(options.days / 10));
  let complete = true;
  try {
    for (const ts of readingTimes(start, end, detailStart, coarseStepMs, stepMs)) {
      if (options.signal?.aborted) {
        complete = false;
        break;
      }
      const coarse = ts < detailStart;
      for (const link of fleet.links) {
        const batch = batches.get(link) ?? new Batch();
        for (const device of [link.options.self, ...link.children]) {
          fleet.world.step(device, ts);
          const all = device.telemetry();
          device.changed = false;
          const values = coarse ? energyOnly(all) : all;
          const count = Object.keys(values).length;
          if (count === 0) continue;
          points += count;
          batch.add(device === link.options.self ? null : device.info.name, { ts, values });
        }
        if (batch.chars > MAX_PAYLOAD_CHARS) await flush(link, batch);
      }
      const elapsedDays = Math.floor((ts - start) / DAY_MS);
      // About ten progress lines whatever the length.
      if (elapsedDays > day && elapsedDays % progressEvery === 0) {
        day = elapsedDays;
        log('info', 'backfill progress', { day, of: options.days, messages: counters.messagesSent });
      }
    }
    for (const [link, batch] of batches) await flush(link, batch);
    await window.drain();
  } finally {
    await Promise.all(fleet.links.map((link) => link.close()));
  }
  const result = {
    devices: fleet.world.devices.size,
    points,
    messages: counters.messagesSent,
    failedMessages,
    seconds: Math.round((performance.now() - started) / 100) / 10,
    complete,
  };
  log('info', 'backfill done', { ...result });
  return result;
}
