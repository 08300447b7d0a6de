import crypto from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, NATS_SERVER_BIN } from '../../apps/server/src/test/nats-server.js';
import { killed, ROOT, startCluster, stopCluster, tempDir, type Node } from './support.js';

/**
 * Faults of the cluster `npm run cluster` starts: three NATS servers routed together from deploy/nats.conf
 * (the template the launcher fills), three server nodes on one fresh PostgreSQL database. Devices connect
 * to the nodes' MQTT ports directly (not through HAProxy): the test chooses which node each device is on,
 * and where it goes when that node dies, as HAProxy's leastconn would.
 */
/** The NATS servers this file starts (the nodes are support.ts's). */
const natsProcesses: ChildProcess[] = [];

interface NatsNode {
  url: string;
  /** How many clients (server nodes) it has now, from its monitoring port. */
  clients(): Promise<number>;
  stop(): Promise<void>;
  start(): Promise<void>;
}

/** Three nats-servers with routes to each other and JetStream, from deploy/nats.conf. */
async function startNatsCluster(): Promise<NatsNode[]> {
  const template = fs.readFileSync(path.join(ROOT, 'deploy/nats.conf'), 'utf8');
  const clientPorts = [await freePort(), await freePort(), await freePort()];
  const routePorts = [await freePort(), await freePort(), await freePort()];
  const monitorPorts = [await freePort(), await freePort(), await freePort()];
  const dir = tempDir();
  const routes = routePorts.map((p) => `    nats-route://127.0.0.1:${p}`).join('\n');
  return Promise.all(
    clientPorts.map(async (clientPort, i) => {
      const conf = path.join(dir, `nats${i + 1}.conf`);
      const values: Record<string, string> = {
        NAME: `nats${i + 1}`,
        HOST: '127.0.0.1',
        CLIENT_PORT: String(clientPort),
        CLUSTER_PORT: String(routePorts[i]),
        MONITOR_PORT: String(monitorPorts[i]),
        STORE_DIR: path.join(dir, `nats${i + 1}`),
        ROUTES: routes,
      };
      fs.writeFileSync(
        conf,
        template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key]!),
      );
      let child: ChildProcess | null = null;
      const start = async () => {
        const started = spawn(NATS_SERVER_BIN, ['-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
        natsProcesses.push(started);
        child = started;
        await new Promise<void>((resolve, reject) => {
          let log = '';
          started.stderr?.on('data', (chunk: Buffer) => {
            log += chunk.toString('utf8');
            if (log.includes('Server is ready')) resolve();
          });
          started.once('exit', (code) => reject(new Error(`nats-server exited (${code}): ${log}`)));
        });
      };
      await start();
      return {
        url: `nats://127.0.0.1:${clientPort}`,
        clients: async () =>
          (
            (await (await fetch(`http://127.0.0.1:${monitorPorts[i]}/varz`)).json()) as {
              connections: number;
            }
          ).connections,
        start,
        stop: async () => {
          if (child) await killed(child);
          child = null;
        },
      };
    }),
  );
}

async function reboot(node: Node, token: string, deviceId: number) {
  const res = await fetch(`${node.url}/sbuilding/dev-rpccmd/sendCmd`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, lang: 'EN', 'content-type': 'application/json' },
    body: JSON.stringify({ deviceId, method: 'reboot', params: {} }),
  });
  return { status: res.status, msg: ((await res.json()) as { msg: string }).msg };
}

/**
 * A gateway that reports a sequence number in every reading (QoS 1, its own timestamp per reading), answers
 * its commands, and, when its node goes away, connects to the next node in `nodes` and sends again every
 * reading the old node had not acknowledged (same timestamp and number: a redelivery).
 */
class Device {
  client: MqttClient | null = null;
  node: number;
  sent = 0;
  readonly acked = new Set<number>();
  /** Readings sent on the current connection and not acknowledged yet. */
  private unacked = new Map<number, string>();
  reconnects = 0;
  private moving: Promise<void> | null = null;
  private closed = false;
  readonly base = Date.now() - 3_600_000;

  constructor(
    readonly id: number,
    readonly token: string,
    readonly nodes: () => Node[],
    node: number,
  ) {
    this.node = node;
  }

  async connect(): Promise<void> {
    const node = this.nodes()[this.node]!;
    const client = await mqtt.connectAsync(node.mqttUrl, {
      username: this.token,
      clientId: `fault-${this.id}-${crypto.randomUUID()}`,
      reconnectPeriod: 0,
    });
    this.client = client;
    client.on('message', (topic) => {
      const requestId = topic.slice('v1/devices/me/rpc/request/'.length);
      client.publish(`v1/devices/me/rpc/response/${requestId}`, JSON.stringify({ success: true }));
    });
    await client.subscribeAsync('v1/devices/me/rpc/request/+', { qos: 1 });
    client.once('close', () => {
      if (!this.closed) this.moving ??= this.move().finally(() => (this.moving = null));
    });
    // Whatever the previous node had not acknowledged goes again.
    const again = [...this.unacked];
    this.unacked.clear();
    for (const [seq, payload] of again) this.send(seq, payload);
  }

  /** Its node died: on to the next live one, as the balancer would send it. */
  private async move(): Promise<void> {
    this.client?.end(true);
    this.reconnects += 1;
    for (;;) {
      this.node = (this.node + 1) % this.nodes().length;
      try {
        await this.connect();
        return;
      } catch {
        // That one is down too: the next.
      }
    }
  }

  private send(seq: number, payload: string): void {
    const client = this.client;
    if (!client) return;
    this.unacked.set(seq, payload);
    client.publishAsync('v1/devices/me/telemetry', payload, { qos: 1 }).then(
      () => {
        if (client !== this.client) return; // acknowledged by nobody alive: ignored, sent again
        this.unacked.delete(seq);
        this.acked.add(seq);
      },
      () => undefined, // the connection went: move() sends it again
    );
  }

  /** The next reading. */
  report(): void {
    const seq = this.sent++;
    this.send(seq, JSON.stringify({ ts: this.base + seq, values: { seq } }));
  }

  pending(): number {
    return this.sent - this.acked.size;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.client?.endAsync(true).catch(() => undefined);
  }
}

let nats: NatsNode[];
let db: pg.Client;
let nodes: Node[];
let token: string;
const devices: Device[] = [];

beforeAll(async () => {
  nats = await startNatsCluster();
  ({ nodes, db, token } = await startCluster(nats.map((n) => n.url).join(',')));
}, 120_000);

afterAll(async () => {
  await Promise.all(devices.map((d) => d.close()));
  await stopCluster();
  await Promise.all(natsProcesses.map((child) => killed(child)));
});

describe('faults in a three-node cluster', () => {
  it('stops one NATS server of three: commands across nodes still answer 200', async () => {
    const { rows } = await db.query<{ id: number; token: string }>(
      `select id, access_token as token from devices
        where parent_id is null and model in ('ba', 'cc10', 'gw4g') order by id limit 1`,
    );
    const device = new Device(rows[0]!.id, rows[0]!.token, () => nodes, 0);
    devices.push(device);
    await device.connect();
    // Node 1 holds it; nodes 2 and 3 reach it through NATS.
    await expect
      .poll(async () => (await reboot(nodes[1]!, token, device.id)).status, { timeout: 10_000 })
      .toBe(200);

    // The server most nodes are connected to (each node picks one of the three at random).
    const counts = await Promise.all(nats.map((n) => n.clients()));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(3);
    const stopped = nats[counts.indexOf(Math.max(...counts))]!;
    await stopped.stop();
    // The nodes connected to it go to the other two servers; commands keep crossing nodes.
    for (const node of nodes.slice(1)) {
      await expect
        .poll(async () => (await reboot(node, token, device.id)).status, { timeout: 10_000 })
        .toBe(200);
    }
    for (const node of nodes) {
      expect((await fetch(`${node.url}/health`)).status).toBe(200);
    }
    // Steadily, not by luck: ten in a row from each of the other nodes.
    for (let i = 0; i < 10; i++) {
      expect(await reboot(nodes[1 + (i % 2)]!, token, device.id)).toEqual({
        status: 200,
        msg: 'Setting Success !',
      });
    }
    const survivors = nats.filter((n) => n !== stopped);
    expect((await Promise.all(survivors.map((n) => n.clients()))).reduce((a, b) => a + b, 0)).toBe(3);
    await stopped.start();
    await device.close();
  });

  it('kill -9 of a node under 300 QoS 1 readings/s: its devices move, 0 acknowledged readings lost, 0 duplicated, commands within 10 s', async () => {
    const { rows } = await db.query<{ id: number; token: string }>(
      `select id, access_token as token from devices
        where parent_id is null and model in ('ba', 'cc10', 'gw4g') order by id offset 1 limit 6`,
    );
    expect(rows).toHaveLength(6);
    // Two devices on each node.
    const load = rows.map((row, i) => new Device(row.id, row.token, () => nodes, i % 3));
    devices.push(...load);
    await Promise.all(load.map((d) => d.connect()));
    const victim = nodes[1]!;
    const moving = load.filter((d) => d.node === 1);

    // 300 readings/s in all: each of the six devices one every 20 ms.
    const ticker = setInterval(() => {
      for (const device of load) device.report();
    }, 20);
    try {
      const acked = () => load.reduce((sum, d) => sum + d.acked.size, 0);
      await expect.poll(acked, { timeout: 20_000 }).toBeGreaterThan(900);

      await victim.stop();
      const killedAt = Date.now();
      const survivors = [nodes[0]!, nodes[2]!];
      // Its devices reconnect to the others, and a command through a surviving node reaches one within 10 s.
      await expect
        .poll(() => moving.every((d) => d.reconnects === 1 && d.node !== 1), { timeout: 10_000 })
        .toBe(true);
      const target = moving[0]!;
      const other = survivors.find((n) => n !== nodes[target.node])!;
      await expect
        .poll(async () => (await reboot(other, token, target.id)).status, {
          timeout: Math.max(0, 10_000 - (Date.now() - killedAt)),
        })
        .toBe(200);

      // Readings keep flowing through the survivors, from the moved devices too.
      const after = moving.map((d) => d.acked.size);
      await expect
        .poll(() => moving.every((d, i) => d.acked.size > after[i]! + 100), { timeout: 20_000 })
        .toBe(true);
    } finally {
      clearInterval(ticker);
    }
    // Everything sent is acknowledged in the end (redelivered where the dead node had not acknowledged).
    await expect.poll(() => load.map((d) => d.pending()), { timeout: 20_000 }).toEqual(load.map(() => 0));

    const { rows: stored } = await db.query<{ device: number; rows: number; seqs: number }>(
      `select device_id as device, count(*)::int as rows, count(distinct num)::int as seqs
         from telemetry_raw where key = 'seq' and device_id = any($1) group by device_id order by device_id`,
      [load.map((d) => d.id)],
    );
    // One row per acknowledged reading: none lost, none twice.
    expect(stored).toEqual(
      [...load]
        .sort((a, b) => a.id - b.id)
        .map((d) => ({ device: d.id, rows: d.acked.size, seqs: d.acked.size })),
    );
  });
});
