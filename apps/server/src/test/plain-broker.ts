import net from 'node:net';
import { Aedes, type Client } from 'aedes';

export interface PlainBroker {
  url: string;
  /** Whether it is the real external broker of TEST_MQTT_URL rather than one started by the test. */
  external: boolean;
  close(): Promise<void>;
}

/**
 * The broker the external-broker tests talk to: Mosquitto at TEST_MQTT_URL when set (.ci/run sets it when
 * Mosquitto runs), otherwise an aedes broker started here as a plain broker, so the tests always run.
 * aedes has no shared subscriptions: this one strips `$share/{group}/` and delivers each message to one
 * connected member of the group (by the broker's message counter), as Mosquitto and EMQX do.
 */
export async function plainBroker(): Promise<PlainBroker> {
  const url = process.env.TEST_MQTT_URL;
  if (url) return { url, external: true, close: async () => {} };

  const groups = new Map<string, Client[]>();
  const groupOf = new WeakMap<Client, string>();
  const broker = await Aedes.createBroker({
    authorizeSubscribe(client, subscription, done) {
      const shared = /^\$share\/([^/]+)\/(.+)$/.exec(subscription.topic);
      if (!client || !shared?.[1] || !shared[2]) return done(null, subscription);
      const members = groups.get(shared[1]) ?? [];
      if (!members.includes(client)) members.push(client);
      groups.set(shared[1], members);
      groupOf.set(client, shared[1]);
      // In place: a persistent session stores the packet's own subscriptions, and matches by them.
      subscription.topic = shared[2];
      done(null, subscription);
    },
    authorizeForward(client, packet) {
      const group = groupOf.get(client);
      if (!group) return packet;
      const members = (groups.get(group) ?? []).filter((c) => c.connected !== false);
      const chosen = members[Number(packet.brokerCounter) % Math.max(1, members.length)];
      return chosen === client || chosen?.id === client.id ? packet : null;
    },
  });
  broker.on('clientDisconnect', (client) => {
    const group = groupOf.get(client);
    if (group)
      groups.set(
        group,
        (groups.get(group) ?? []).filter((c) => c !== client),
      );
  });
  const server = net.createServer((socket) => broker.handle(socket));
  const port = await new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    }),
  );
  return {
    url: `mqtt://127.0.0.1:${port}`,
    external: false,
    close: async () => {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
