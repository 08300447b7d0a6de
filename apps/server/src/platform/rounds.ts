import type { FastifyBaseLogger } from 'fastify';

export interface RoundsOptions {
  /** Time between two rounds started by the timer. */
  everyMs: number;
  /** Whether rounds may run yet (the server started: its database and broker are up). */
  ready: () => boolean;
  log: FastifyBaseLogger;
  /** How a failed round is logged ('work orders: round'). */
  name: string;
  /** Whether start() runs a round at once rather than after the first interval. */
  roundAtStart?: boolean;
}

/**
 * Rounds of background work on a timer, on every node (the work-order, energy-report and fault-detection
 * runners): one round at a time (a tick during a round runs after it), none before the server is ready or
 * after stop(), which waits for the round in progress. A failed round is logged and the next tick tries again;
 * the work itself decides, in the database, which node does what.
 */
export class Rounds {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private isStopped = false;

  constructor(
    private readonly round: () => Promise<void>,
    private readonly options: RoundsOptions,
  ) {}

  /** Whether stop() was called: a long round checks it between its steps. */
  get stopped(): boolean {
    return this.isStopped;
  }

  start(): void {
    if (this.timer || this.isStopped) return;
    this.timer = setInterval(() => void this.tick(), this.options.everyMs);
    this.timer.unref();
    if (this.options.roundAtStart) void this.tick();
  }

  async stop(): Promise<void> {
    this.isStopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** One round now (resolves when it is done; tests call it after moving the clock). */
  tick(): Promise<void> {
    if (this.isStopped || !this.options.ready()) return Promise.resolve();
    if (this.running) return this.running.then(() => this.tick());
    const round = this.round()
      .catch((error: unknown) => this.options.log.error({ err: error }, this.options.name))
      .finally(() => {
        this.running = null;
      });
    this.running = round;
    return round;
  }
}
