import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Log } from './log.js';
import type { Reading } from './modbus.js';

/** A reading waiting in the queue; `id` orders them within this process. */
export interface QueuedReading extends Reading {
  id: number;
}

/** Rewrite the file once this many lines of it are sent and they are over half of it. */
const COMPACT_AFTER = 1_024;

function isReading(value: unknown): value is Reading {
  if (typeof value !== 'object' || value === null) return false;
  const r: Partial<Record<keyof Reading, unknown>> = value;
  return (
    typeof r.device === 'string' &&
    typeof r.ts === 'number' &&
    typeof r.values === 'object' &&
    r.values !== null
  );
}

/**
 * Readings on their way to the platform, on disk so that neither an unreachable platform nor a restart
 * loses them: `readings.jsonl` (a header line with the file's id, then one reading a line, appended) and
 * `readings.head` (the file's id and how many of its readings were sent). At most `max` readings are kept;
 * past that the oldest are dropped and counted in the log. Everything goes through here, so readings reach
 * the platform in the order they were taken.
 */
export class DiskQueue {
  private entries: QueuedReading[] = [];
  private nextId = 1;
  private fileId = '';
  /** Readings in the file, and how many of them are gone (sent or dropped). */
  private lines = 0;
  private head = 0;
  private writes: Promise<void> = Promise.resolve();
  /** Readings dropped because the queue was full, since start. */
  dropped = 0;

  private constructor(
    private readonly dir: string,
    private readonly max: number,
    private readonly log: Log,
  ) {}

  private get file(): string {
    return path.join(this.dir, 'readings.jsonl');
  }

  private get headFile(): string {
    return path.join(this.dir, 'readings.head');
  }

  /** Opens the queue in `dir` (made if missing), with the readings a previous run left unsent. */
  static async open(dir: string, max: number, log: Log): Promise<DiskQueue> {
    const queue = new DiskQueue(dir, max, log);
    await fs.promises.mkdir(dir, { recursive: true });
    const left = await queue.readLeft();
    for (const reading of left) queue.entries.push({ ...reading, id: queue.nextId++ });
    queue.trim();
    if (left.length > 0) log('info', 'queued readings from the last run', { readings: queue.entries.length });
    await queue.enqueue(queue.rewrite());
    return queue;
  }

  get size(): number {
    return this.entries.length;
  }

  /** The oldest `n` readings, still queued. */
  peek(n: number): readonly QueuedReading[] {
    return this.entries.slice(0, n);
  }

  /** Appends a reading (on disk before the promise resolves). */
  push(reading: Reading): Promise<void> {
    const entry: QueuedReading = { ...reading, id: this.nextId++ };
    this.entries.push(entry);
    const line = `${JSON.stringify({ device: entry.device, ts: entry.ts, values: entry.values })}\n`;
    this.lines += 1;
    const head = this.trim() ? this.writeHead() : null;
    return this.enqueue(async () => {
      await fs.promises.appendFile(this.file, line);
      if (head) await head();
    });
  }

  /** Forgets the readings up to `id` (they reached the platform). */
  consumeThrough(id: number): Promise<void> {
    let removed = 0;
    while (this.entries[0] && this.entries[0].id <= id) {
      this.entries.shift();
      removed += 1;
    }
    if (removed === 0) return this.writes;
    this.head += removed;
    const compact = this.head >= COMPACT_AFTER && this.head * 2 >= this.lines;
    return this.enqueue(compact ? this.rewrite() : this.writeHead());
  }

  /** Resolves once everything pushed or consumed so far is on disk. */
  flushed(): Promise<void> {
    return this.writes;
  }

  /** Drops the oldest readings over `max`; whether any went. */
  private trim(): boolean {
    const over = this.entries.length - this.max;
    if (over <= 0) return false;
    this.entries.splice(0, over);
    this.head += over;
    this.dropped += over;
    this.log('warn', 'queue full: oldest readings dropped', {
      dropped: over,
      droppedSinceStart: this.dropped,
      max: this.max,
    });
    return true;
  }

  /**
   * Runs `work` after the writes before it. The state each write puts on disk is taken when it is asked
   * for (rewrite, writeHead), so a write waiting in line never sees what came after it.
   */
  private enqueue(work: () => Promise<void>): Promise<void> {
    const next = this.writes.then(work);
    // One failed write must not stop the ones after it; it is logged and the caller sees it.
    this.writes = next.catch((error: unknown) =>
      this.log('error', 'queue write failed', { dir: this.dir, error: String(error) }),
    );
    return next;
  }

  private async readLeft(): Promise<Reading[]> {
    let text: string;
    try {
      text = await fs.promises.readFile(this.file, 'utf8');
    } catch {
      return [];
    }
    const [header, ...rows] = text.split('\n');
    let id = '';
    try {
      const parsed: unknown = JSON.parse(header ?? '');
      if (
        typeof parsed === 'object' &&
        parsed !== null &&
        'queue' in parsed &&
        typeof parsed.queue === 'string'
      )
        id = parsed.queue;
    } catch {
      // No header: a file of another program; nothing in it is ours.
      return [];
    }
    let sent = 0;
    try {
      const [headId, count] = (await fs.promises.readFile(this.headFile, 'utf8')).trim().split(' ');
      // A head of another file (the rewrite stopped between its two renames) counts nothing as sent.
      if (headId === id) sent = Number(count) || 0;
    } catch {
      sent = 0;
    }
    const left: Reading[] = [];
    for (const row of rows.slice(sent)) {
      if (!row) continue;
      try {
        const parsed: unknown = JSON.parse(row);
        if (isReading(parsed)) left.push(parsed);
      } catch {
        // The last line of a run that stopped mid-write.
      }
    }
    return left;
  }

  /** A fresh file of the queued readings under a new id, then its head; each by a rename. */
  private rewrite(): () => Promise<void> {
    const id = crypto.randomUUID();
    const body = [JSON.stringify({ queue: id })]
      .concat(this.entries.map((e) => JSON.stringify({ device: e.device, ts: e.ts, values: e.values })))
      .join('\n');
    this.fileId = id;
    this.lines = this.entries.length;
    this.head = 0;
    const head = this.writeHead();
    return async () => {
      await fs.promises.writeFile(`${this.file}.tmp`, `${body}\n`);
      await fs.promises.rename(`${this.file}.tmp`, this.file);
      await head();
    };
  }

  private writeHead(): () => Promise<void> {
    const text = `${this.fileId} ${this.head}\n`;
    return async () => {
      await fs.promises.writeFile(`${this.headFile}.tmp`, text);
      await fs.promises.rename(`${this.headFile}.tmp`, this.headFile);
    };
  }
}
