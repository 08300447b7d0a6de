import {
  BusError,
  newNodeId,
  silentLog,
  type Bus,
  type BusLog,
  type BusStatus,
  type Endpoint,
  type Topic,
} from './bus.js';

/**
 * The default bus: this process only. Publishing calls the subscribers at once, in order; a request
 * calls the responder directly. Nothing to install, nothing to connect.
 */
export class LocalBus implements Bus {
  readonly kind = 'local' as const;
  readonly nodeId: string;
  private readonly subscribers = new Map<string, Set<(payload: unknown) => void>>();
  private readonly responders = new Map<string, (payload: unknown) => Promise<unknown>>();
  private closed = false;

  constructor(
    private readonly log: BusLog = silentLog,
    nodeId = newNodeId(),
  ) {
    this.nodeId = nodeId;
  }

  publish<T>({ subject }: Topic<T>, payload: T): void {
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

  subscribe<T>(topic: Topic<T>, handler: (payload: T) => void): () => void {
    const subject = topic.subject;
    // A wrapper per call (so subscribing the same function twice gives two subscriptions) that reads the
    // payload as a node receiving it over NATS would.
    const wrapped = (payload: unknown) => handler(topic.parse(payload));
    const handlers = this.subscribers.get(subject) ?? new Set();
    handlers.add(wrapped);
    this.subscribers.set(subject, handlers);
    return () => {
      handlers.delete(wrapped);
      if (handlers.size === 0 && this.subscribers.get(subject) === handlers) this.subscribers.delete(subject);
    };
  }

  async request<Q, A>(
    endpoint: Endpoint<Q, A>,
    payload: Q,
    { timeoutMs }: { timeoutMs: number },
  ): Promise<A> {
    const subject = endpoint.subject;
    if (this.closed) throw new BusError('unavailable', 'bus closed');
    const responder = this.responders.get(subject);
    if (!responder) throw new BusError('no-responders', `no responder on ${subject}`);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new BusError('timeout', `no answer on ${subject}`)), timeoutMs);
    });
    try {
      return endpoint.parseReply(await Promise.race([responder(payload), timeout]));
    } catch (error) {
      if (error instanceof BusError) throw error;
      throw new BusError('failed', error instanceof Error ? error.message : String(error));
    } finally {
      clearTimeout(timer);
    }
  }

  respond<Q, A>(endpoint: Endpoint<Q, A>, handler: (payload: Q) => Promise<A> | A): () => void {
    const subject = endpoint.subject;
    const wrapped = async (payload: unknown): Promise<unknown> => handler(endpoint.parseRequest(payload));
    // The latest responder wins (a device reconnecting is held by its newest connection).
    this.responders.set(subject, wrapped);
    return () => {
      if (this.responders.get(subject) === wrapped) this.responders.delete(subject);
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
