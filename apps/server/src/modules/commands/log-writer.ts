import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { systemClock, type Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import { pause } from '../../platform/pause.js';
import { controlLog } from './tables.js';

export type ControlLogRow = typeof controlLog.$inferInsert;

declare module 'fastify' {
  interface FastifyInstance {
    /** Where commands leave their control-log lines (written after the command has answered). */
    controlLog: ControlLogWriter;
  }
}

/** Most lines one insert writes. */
const MAX_BATCH = 500;

/**
 * How long lines wait for others to share their insert (milliseconds). A command a second each wrote its own
 * line: on PGlite, whose statements run in the server's thread, that was a millisecond of everyone's time per
 * command. Readers do not wait for it: `flushed()` writes at once.
 */
const GATHER_MS = 100;

/**
 * The control log's writer. A command answers as soon as its device has, and its lines are written just
 * after, many commands' lines in one insert: the operator waits for the light, not for the log. Readers in
 * this process call `flushed()` first, so a list asked for after a command always holds its line; the
 * server flushes on close, so a clean stop loses nothing.
 */
export class ControlLogWriter {
  private queue: ControlLogRow[] = [];
  private running: Promise<void> | null = null;
  /** Ends the gathering under way, if any. */
  private wake: (() => void) | null = null;

  /**
   * `db` is asked for at each write: the server's database opens after its plugins load. `clock` is the app's:
   * the log's times and automation's (a noon nap asking what was set by hand since it began) read one clock.
   */
  constructor(
    private readonly db: () => Db,
    private readonly log: FastifyBaseLogger,
    private readonly clock: Clock = systemClock,
    /** Told of every line as it is added: each is one command's outcome (GET /metrics counts them). */
    private readonly onLines: (rows: readonly ControlLogRow[]) => void = () => {},
  ) {}

  /** The time a line gets: the app's clock. */
  now(): Date {
    return this.clock.now();
  }

  /** Queues lines; a line without its time gets the moment it was added (not its insert's, shared by a batch). */
  add(rows: readonly ControlLogRow[]): void {
    if (rows.length === 0) return;
    this.onLines(rows);
    const now = this.clock.now();
    this.queue.push(...rows.map((row) => ({ ...row, createdAt: row.createdAt ?? now })));
    this.running ??= this.drain();
  }

  /** Resolves once every line added so far is written (or its failure logged). */
  async flushed(): Promise<void> {
    this.wake?.();
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    // Lines of commands answered within GATHER_MS share the insert.
    const { done, wake } = pause(GATHER_MS);
    this.wake = wake;
    await done;
    this.wake = null;
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, MAX_BATCH);
      try {
        await this.db().insert(controlLog).values(batch);
      } catch (error) {
        this.log.error({ err: error, lines: batch.length }, 'control log lines not written');
      }
    }
    this.running = null;
  }
}

export const controlLogPlugin = fp(
  async (app: FastifyInstance) => {
    // Every command of the server (console, API, scenes, automation) ends in one control-log line.
    const { outcomes, roundTripSeconds } = app.metrics.commands;
    const writer = new ControlLogWriter(
      () => app.db,
      app.log,
      app.clock,
      (rows) => {
        for (const row of rows) {
          outcomes.inc({ result: row.result, terminal: row.terminal });
          if (row.latencyMs !== null && row.latencyMs !== undefined)
            roundTripSeconds.observe(row.latencyMs / 1000);
        }
      },
    );
    app.decorate('controlLog', writer);
    app.addHook('onClose', () => writer.flushed());
  },
  { name: 'control-log', dependencies: ['database', 'metrics'] },
);
