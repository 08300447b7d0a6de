import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { natsServerInstalled, startNatsServer, freePort, type NatsServer } from '../../test/nats-server.js';
import { z } from 'zod';
import { BusError, topic, type Bus, type Endpoint } from './bus.js';
import { LocalBus } from './local-bus.js';
import { connectNatsBus, NatsBus, NatsUnreachableError } from './nats-bus.js';

const EVENTS = topic('test.events', z.object({ n: z.number(), tags: z.array(z.string()).optional() }));
const AFTER = topic('test.after', z.object({ back: z.boolean() }));
function endpoint<Q, A>(subject: string, question: z.ZodType<Q>, answer: z.ZodType<A>): Endpoint<Q, A> {
  return { subject, parseRequest: (v) => question.parse(v), parseReply: (v) => answer.parse(v) };
}
const ECHO = endpoint('test.echo', z.object({ n: z.number() }), z.object({ twice: z.number() }));
const NOBODY = endpoint('test.nobody', z.object({}), z.null());
const SLOW = endpoint('test.slow', z.object({}), z.null());
const PING = endpoint('test.ping', z.object({}), z.literal('pong'));

/** The contract both buses keep: what the server relies on, whichever runs. */
function contract(name: string, makeBuses: () => Promise<[Bus, Bus]>) {
  describe(name, () => {
    let a: Bus;
    let b: Bus;
    beforeAll(async () => {
      [a, b] = await makeBuses();
    });
    afterAll(async () => {
      await a.close();
      if (b !== a) await b.close();
    });

    it('delivers a publish to every subscriber, the publishing node included, until it unsubscribes', async () => {
      const seenA: unknown[] = [];
      const seenB: unknown[] = [];
      const offA = a.subscribe(EVENTS, (p) => seenA.push(p));
      const offB = b.subscribe(EVENTS, (p) => seenB.push(p));
      await settle(a, b);
      a.publish(EVENTS, { n: 1, tags: ['x'] });
      await expect.poll(() => [seenA, seenB]).toEqual([[{ n: 1, tags: ['x'] }], [{ n: 1, tags: ['x'] }]]);
      offB();
      await settle(a, b);
      a.publish(EVENTS, { n: 2 });
      await expect.poll(() => seenA.length).toBe(2);
      expect(seenB).toHaveLength(1);
      offA();
    });

    it('answers a request from the responder, wherever it is, and rejects what the responder throws', async () => {
      const off = b.respond(ECHO, ({ n }) => {
        if (n < 0) throw new Error('negative');
        return { twice: n * 2 };
      });
      await settle(a, b);
      await expect(a.request(ECHO, { n: 21 }, { timeoutMs: 5_000 })).resolves.toEqual({ twice: 42 });
      await expect(a.request(ECHO, { n: -1 }, { timeoutMs: 5_000 })).rejects.toMatchObject({
        code: 'failed',
      });
      off();
    });

    it('says at once that nobody responds on a subject', async () => {
      const started = Date.now();
      const error = await a.request(NOBODY, {}, { timeoutMs: 20_000 }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(BusError);
      expect((error as BusError).code).toBe('no-responders');
      // Far below the timeout: the caller is not kept waiting for a device connected nowhere.
      expect(Date.now() - started).toBeLessThan(10_000);
    });

    it('times out when the responder does not answer in time', async () => {
      const off = b.respond(SLOW, () => new Promise<null>(() => {}));
      await settle(a, b);
      await expect(a.request(SLOW, {}, { timeoutMs: 200 })).rejects.toMatchObject({ code: 'timeout' });
      off();
    });

    it('reports itself connected, with a node id of its own', () => {
      expect(a.status()).toEqual({ connected: true, reason: '' });
      expect(a.nodeId).toMatch(/^.+-\d+-[0-9a-f]{6}$/);
    });
  });
}

/**
 * A subscription made on one connection reaches the server before a publish of another connection only
 * once both have flushed: a round trip through the server on each (a request to itself would do too).
 */
async function settle(a: Bus, b: Bus): Promise<void> {
  for (const bus of [a, b]) if (bus instanceof NatsBus) await bus.flush();
}

contract('LocalBus', () => {
  const bus = new LocalBus();
  return Promise.resolve([bus, bus]);
});

describe.runIf(natsServerInstalled)('NatsBus against nats-server', () => {
  let server: NatsServer;
  beforeAll(async () => {
    server = await startNatsServer();
  });
  afterAll(async () => {
    await server.stop();
  });

  contract('two nodes', async () => [
    await connectNatsBus({ url: server.url }),
    await connectNatsBus({ url: `nats://127.0.0.1:1,${server.url}` }),
  ]);

  it('refuses to start when no server answers, naming NATS_URL', async () => {
    const port = await freePort();
    const error = await connectNatsBus({ url: `nats://127.0.0.1:${port}`, connectTimeoutMs: 1_000 }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(NatsUnreachableError);
    expect((error as Error).message).toMatch(/^NATS_URL: /);
  });

  it('says why while NATS is away, fails requests at once, and carries on when it is back', async () => {
    const a = await connectNatsBus({ url: server.url });
    const b = await connectNatsBus({ url: server.url });
    try {
      const seen: unknown[] = [];
      b.subscribe(AFTER, (p) => seen.push(p));
      b.respond(PING, () => 'pong' as const);
      await b.flush();
      await expect(a.request(PING, {}, { timeoutMs: 5_000 })).resolves.toBe('pong');

      await server.stop();
      await expect.poll(() => a.status().connected).toBe(false);
      expect(a.status().reason).toMatch(/NATS connection lost/);
      await expect(a.request(PING, {}, { timeoutMs: 5_000 })).rejects.toMatchObject({
        code: 'unavailable',
      });

      await server.start();
      // Both clients reconnect on their own and restore their subscriptions.
      await expect
        .poll(() => [a.status().connected, b.status().connected], { timeout: 20_000 })
        .toEqual([true, true]);
      await b.flush();
      await expect(a.request(PING, {}, { timeoutMs: 5_000 })).resolves.toBe('pong');
      a.publish(AFTER, { back: true });
      await expect.poll(() => seen).toEqual([{ back: true }]);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
