import { z } from 'zod';
import { connect } from '@nats-io/transport-node';
import {
  errors as natsErrors,
  type Msg,
  type NatsConnection,
  type Subscription,
} from '@nats-io/transport-node';
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

/** Every subject of the seam lives under this prefix, so a NATS cluster can be shared with other users. */
const PREFIX = 'sbuilding.';

/** How a responder's answer travels: its value, or why it failed. */
const envelopeSchema = z.union([
  z.object({ ok: z.literal(true), value: z.unknown() }),
  z.object({ ok: z.literal(false), error: z.string() }),
]);
type Envelope = z.infer<typeof envelopeSchema>;

export interface NatsBusOptions {
  /** NATS_URL: one server or a comma-separated list (nats://host:4222,nats://other:4222). */
  url: string;
  log?: BusLog;
  nodeId?: string;
  /** How long to try the servers at start before giving up (milliseconds). */
  connectTimeoutMs?: number;
}

/** No NATS server of NATS_URL answered at start: the process stops with this message. */
export class NatsUnreachableError extends Error {}

/** The servers of a NATS_URL value, in order. */
export function natsServers(url: string): string[] {
  return url
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/**
 * Connects to NATS (the client reconnects on its own for ever after; while it is away status() says so,
 * requests fail at once with 'unavailable' and publishes are buffered by the client up to its limit).
 * Rejects with a message naming NATS_URL when no server answers.
 */
export async function connectNatsBus(options: NatsBusOptions): Promise<NatsBus> {
  const log = options.log ?? silentLog;
  const nodeId = options.nodeId ?? newNodeId();
  let connection: NatsConnection;
  try {
    connection = await connect({
      servers: natsServers(options.url),
      name: `sbuilding-${nodeId}`,
      timeout: options.connectTimeoutMs ?? 5_000,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 500,
      // A lost server is noticed within a few seconds, not minutes.
      pingInterval: 5_000,
      maxPingOut: 2,
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new NatsUnreachableError(`NATS_URL: no NATS server answers at ${options.url} (${reason})`, {
      cause: error,
    });
  }
  return new NatsBus(connection, nodeId, log);
}

export class NatsBus implements Bus {
  readonly kind = 'nats' as const;
  private state: BusStatus = { connected: true, reason: '' };
  private readonly subscriptions = new Set<Subscription>();

  constructor(
    private readonly connection: NatsConnection,
    readonly nodeId: string,
    private readonly log: BusLog,
  ) {
    void this.watch();
  }

  private async watch(): Promise<void> {
    for await (const event of this.connection.status()) {
      switch (event.type) {
        case 'disconnect':
          this.state = { connected: false, reason: `NATS connection lost (${event.server})` };
          this.log.warn({ server: event.server }, 'NATS connection lost; reconnecting');
          break;
        case 'reconnect':
          this.state = { connected: true, reason: '' };
          this.log.info({ server: event.server }, 'NATS connection back');
          break;
        case 'close':
          this.state = { connected: false, reason: 'NATS connection closed' };
          break;
        default:
          break;
      }
    }
  }

  publish<T>({ subject }: Topic<T>, payload: T): void {
    try {
      this.connection.publish(PREFIX + subject, JSON.stringify(payload ?? null));
    } catch (error) {
      // Closed or over the reconnect buffer: live events are not worth more than a log line.
      this.log.warn({ err: error, subject }, 'bus publish dropped');
    }
  }

  subscribe<T>(topic: Topic<T>, handler: (payload: T) => void): () => void {
    const subject = topic.subject;
    const subscription = this.connection.subscribe(PREFIX + subject, {
      callback: (error, msg) => {
        if (error) return this.log.error({ err: error, subject }, 'bus subscription failed');
        try {
          handler(topic.parse(msg.json()));
        } catch (failure) {
          this.log.error({ err: failure, subject }, 'bus subscriber failed');
        }
      },
    });
    return this.track(subscription);
  }

  async request<Q, A>(
    endpoint: Endpoint<Q, A>,
    payload: Q,
    { timeoutMs }: { timeoutMs: number },
  ): Promise<A> {
    const subject = endpoint.subject;
    if (!this.state.connected) throw new BusError('unavailable', this.state.reason);
    let reply: Msg;
    try {
      reply = await this.connection.request(PREFIX + subject, JSON.stringify(payload ?? null), {
        timeout: timeoutMs,
      });
    } catch (error) {
      if (error instanceof natsErrors.RequestError && error.isNoResponders()) {
        throw new BusError('no-responders', `no responder on ${subject}`);
      }
      if (error instanceof natsErrors.TimeoutError) {
        // A timeout while NATS is away is the bus's fault, not the responder's.
        if (!this.state.connected) throw new BusError('unavailable', this.state.reason);
        throw new BusError('timeout', `no answer on ${subject}`);
      }
      if (error instanceof natsErrors.NoRespondersError) {
        throw new BusError('no-responders', `no responder on ${subject}`);
      }
      throw new BusError('unavailable', error instanceof Error ? error.message : String(error));
    }
    const envelope = envelopeSchema.parse(reply.json());
    if (!envelope.ok) throw new BusError('failed', envelope.error);
    return endpoint.parseReply(envelope.value);
  }

  respond<Q, A>(endpoint: Endpoint<Q, A>, handler: (payload: Q) => Promise<A> | A): () => void {
    const subject = endpoint.subject;
    const subscription = this.connection.subscribe(PREFIX + subject, {
      callback: (error, msg) => {
        if (error) return this.log.error({ err: error, subject }, 'bus responder failed');
        void Promise.resolve()
          .then(() => handler(endpoint.parseRequest(msg.json())))
          .then(
            (value): Envelope => ({ ok: true, value: value ?? null }),
            (failure: unknown): Envelope => ({
              ok: false,
              error: failure instanceof Error ? failure.message : String(failure),
            }),
          )
          .then((envelope) => {
            if (msg.reply) msg.respond(JSON.stringify(envelope));
          })
          .catch((failure: unknown) => this.log.warn({ err: failure, subject }, 'bus reply dropped'));
      },
    });
    return this.track(subscription);
  }

  private track(subscription: Subscription): () => void {
    this.subscriptions.add(subscription);
    return () => {
      if (!this.subscriptions.delete(subscription)) return;
      if (!this.connection.isClosed()) subscription.unsubscribe();
    };
  }

  status(): BusStatus {
    return this.state;
  }

  /** Resolves once the server has seen everything sent so far (subscriptions included). */
  async flush(): Promise<void> {
    await this.connection.flush();
  }

  async close(): Promise<void> {
    this.subscriptions.clear();
    if (this.connection.isClosed()) return;
    // Draining needs the server; without it there is nothing left to hand over.
    if (!this.state.connected) return this.connection.close();
    await this.connection.drain().catch(() => this.connection.close());
  }
}
