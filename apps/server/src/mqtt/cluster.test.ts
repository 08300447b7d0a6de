import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt, { type MqttClient } from 'mqtt';
import { createTestApp, type TestApp } from '../test/app.js';
import { insertDevice, type TestDevice } from '../test/devices.js';
import { plainBroker, type PlainBroker } from '../test/plain-broker.js';
import { TelemetryWriter } from '../modules/telemetry/writer.js';
import { LocalBus } from '../platform/cluster/index.js';
import { DeviceDirectory } from './directory.js';
import { startExternalLink, type ExternalLink } from './external.js';
import { exchange, relayReplies, RPC_REPLY } from './cluster.js';

/**
 * Two server processes behind one external broker (Mosquitto at TEST_MQTT_URL, or aedes started here),
 * sharing one bus as two cluster nodes would share NATS: the broker's shared subscription hands a device's
 * RPC reply to either of them, and the reply must still reach the one that sent the command.
 */
let t: TestApp;
let broker: PlainBroker;
let sensor: TestDevice;
const links: ExternalLink[] = [];
const clients: MqttClient[] = [];
const unique = () => crypto.randomBytes(5).toString('hex');

beforeAll(async () => {
  t = await createTestApp({ captchaEnabled: false });
  sensor = await insertDevice(t.app.db, { model: 'gw4g', name: 'Cluster external device' });
  broker = await plainBroker();
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true)));
  for (const link of links) {
    await link.close();
    for (const clientId of link.clientIds) {
      const forget = await mqtt.connectAsync(broker.url, { clientId, clean: true, reconnectPeriod: 0 });
      await forget.endAsync();
    }
  }
  await broker.close();
  await t.close();
});

async function link(root: string, group: string): Promise<ExternalLink> {
  const started = await startExternalLink({
    url: broker.url,
    secret: 'test-secret',
    log: t.app.log,
    directory: new DeviceDirectory(t.app.db),
    writer: new TelemetryWriter(t.app.db),
    offlineMinutes: 5,
    clientId: `sbuilding-cluster-test-${unique()}`,
    connections: 4,
    group,
    topicRoot: root,
    reconnectMs: 50,
  });
  links.push(started);
  return started;
}

describe('commands behind an external broker, two nodes', () => {
  it('brings every reply back to the node that sent the command, whichever node the broker gave it to', async () => {
    const root = `t${unique()}`;
    const group = `g${unique()}`;
    const bus = new LocalBus();
    const first = await link(root, group);
    const second = await link(root, group);
    relayReplies(bus, first);
    relayReplies(bus, second);
    const relayed: number[] = [];
    bus.subscribe(RPC_REPLY, ({ requestId }) => relayed.push(requestId));
    const device = await mqtt.connectAsync(broker.url, {
      clientId: `device-${unique()}`,
      reconnectPeriod: 0,
    });
    clients.push(device);
    const prefix = `${root}/${sensor.accessToken}/`;
    device.on('message', (topic, payload) => {
      const { params } = JSON.parse(payload.toString()) as { params: Record<string, unknown> };
      // Callback style: a reply still in flight when the test ends is no unhandled rejection.
      device.publish(
        topic.replace('/request/', '/response/'),
        JSON.stringify({ success: true, params }),
        { qos: 1 },
        () => undefined,
      );
    });
    await device.subscribeAsync(`${prefix}v1/devices/me/rpc/request/+`, { qos: 1 });
    const commands = Array.from({ length: 12 }, (_, i) =>
      exchange(
        first,
        {
          viaId: sensor.id,
          gateway: false,
          targetId: sensor.id,
          targetName: sensor.name,
          method: 'reboot',
          params: { n: i },
        },
        5_000,
      ),
    );
    const outcomes = await Promise.all(commands);
    expect(outcomes).toEqual(
      Array.from({ length: 12 }, (_, i) => ({ ok: true, data: { success: true, params: { n: i } } })),
    );
    // The broker did hand replies to the other node: the relay is what brought them back.
    expect(relayed.length).toBeGreaterThan(0);
  });
});
