import { BusError, newNodeId, silentLog, type Bus, type BusLog, type BusStatus } from './bus.js';

/**
 * The default bus: this process only. Publishing calls the subscribers at once, in order; a request
 * calls the responder directly. Nothing to install, nothing to connect.
 */
export class LocalBus implements Bus {
  readonly kind = 'local' as const;
  readonly nodeId: string;
  private readonly subscribers = new Map<string, Set<(payload: unknown) => void>>();
  private readonly responders = new Map<string, (payload: unknown) => Promise<unknown> | unknown>();
  private closed = false;

  constructor(
    private readonly log: BusLog = silentLog,
    nodeId = newNodeId(),
  ) {
    this.nodeId = nodeId;
  }

  publish(subject: string, payload: unknown): void {
    const handlers = this.subscribers.get(subject);
    if (!handlers || this.closed) return;
    for (const handler of [...handlers]) {
      try {
        handler(payload);
      } catch (error) {
        this.log.error({ err: error, subject }, 'bus subscriber failed');
      }
    }
  }

  subscribe(subject: string, handler: (payload: unknown) => void): () => void {
    // A wrapper per call, so subscribing the same function twice gives two subscriptions.
    const wrapped = (payload: unknown) => handler(payload);
    const handlers = this.subscribers.get(subject) ?? new Set();
    handlers.add(wrapped);
    this.subscribers.set(subject, handlers);
    return () => {
      handlers.delete(wrapped);
      if (handlers.size === 0 && this.subscribers.get(subject) === handlers) this.subscribers.delete(subject);
    };
  }

  async request(subject: string, payload: unknown, { timeoutMs }: { timeoutMs: number }): Promise<unknown> {
    if (this.closed) throw new BusError('unavailable', 'bus closed');
    const responder = this.responders.get(subject);
    if (!responder) throw new BusError('no-responders', `no responder on ${subject}`);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new BusError('timeout', `no answer on ${subject}`)), timeoutMs);
    });
    try {
      return await Promise.race([Promise.resolve().then(() => responder(payload)), timeout]);
    } catch (error) {
      if (error instanceof BusError) throw error;
      throw new BusError('failed', error instanceof Error ? error.message : String(error));
    } finally {
      clearTimeout(timer);
    }
  }

  respond(subject: string, handler: (payload: unknown) => Promise<unknown> | unknown): () => void {
    // The latest responder wins (a device reconnecting is held by its newest connection).
    this.responders.set(subject, handler);
    return () => {
      if (this.responders.get(subject) === handler) this.responders.delete(subject);
    };
  }

  status(): BusStatus {
    return this.closed ? { connected: false, reason: 'closed' } : { connected: true, reason: '' };
  }

  close(): Promise<void> {
    this.closed = true;
    this.subscribers.clear();
    this.responders.clear();
    return Promise.resolve();
  }
}
