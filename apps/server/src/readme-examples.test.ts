import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt, { type MqttClient } from 'mqtt';
import { eq } from 'drizzle-orm';
import { DEVICE_MODELS } from '@sbuilding/shared';
import { createSbuildingClient, type SbuildingClientOptions } from '@sbuilding/client';
import { createTestApp, type TestApp } from './test/app.js';
import { as } from './test/tenants.js';
import { startEmbeddedBroker, type EmbeddedBroker } from './mqtt/broker.js';
import { DeviceDirectory } from './mqtt/directory.js';
import { TelemetryWriter } from './modules/telemetry/writer.js';
import { devices } from './modules/devices/tables.js';

/**
 * The README's integrator examples (section "Integrators: the API, API keys and the typed client"), run as
 * written against the demo campus: the curl lines through fetch, the TypeScript block through the generated
 * client. Each call must answer 200, and the device they name must be a demo device that has the telemetry
 * key they read and takes the command they send (issue 34: the example rebooted a light, which answered 400).
 */

const ROOT = path.resolve(import.meta.dirname, '../../..');
const README = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
const section = README.slice(README.indexOf('## Integrators'));
const shBlock = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
const tsBlock = /```ts\n([\s\S]*?)```/.exec(section)?.[1] ?? '';

interface CurlCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** The README's curl lines (continuations joined): -s, -H and -d, a quoted or bare URL. */
function curlCalls(block: string, key: string, baseUrl: string): CurlCall[] {
  const lines = block.replace(/\\\n\s*/g, ' ').split('\n');
  return lines
    .filter((line) => line.trim().startsWith('curl '))
    .map((line) => {
      const words = [...line.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)].map((m) =>
        (m[1] ?? m[2] ?? m[3] ?? '').replaceAll('$KEY', key),
      );
      const call: CurlCall = { method: 'GET', url: '', headers: {} };
      for (let i = 1; i < words.length; i += 1) {
        const word = words[i]!;
        if (word === '-s') continue;
        if (word === '-H') {
          const [name, ...value] = words[++i]!.split(':');
          call.headers[name!.trim().toLowerCase()] = value.join(':').trim();
        } else if (word === '-d') {
          call.body = words[++i];
          call.method = 'POST';
        } else {
          call.url = word.replace('http://localhost:8080', baseUrl);
        }
      }
      return call;
    });
}

let t: TestApp;
let broker: EmbeddedBroker;
let online: MqttClient;
let baseUrl: string;
let key: string;
const deviceId = Number(/"deviceId":(\d+)/.exec(shBlock)?.[1]);
const readKey = /keys=(\w+)/.exec(shBlock)?.[1] ?? '';
const method = /"method":"(\w+)"/.exec(shBlock)?.[1] ?? '';

beforeAll(async () => {
  t = await createTestApp();
  broker = await startEmbeddedBroker({
    port: 0,
    host: '127.0.0.1',
    log: t.app.log,
    directory: new DeviceDirectory(t.app.db),
    writer: new TelemetryWriter(t.app.db),
  });
  t.app.deviceChannel = broker;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;

  // The demo campus's device online as the simulator would have it: the device itself, or the gateway it
  // sits behind (a Bluetooth light's commands go through its gateway), answering every command.
  const [row] = await t.app.db.select().from(devices).where(eq(devices.id, deviceId));
  if (!row) throw new Error(`the README's device ${deviceId} is not in the demo campus`);
  const [gateway] = row.parentId
    ? await t.app.db.select().from(devices).where(eq(devices.id, row.parentId))
    : [row];
  online = mqtt.connect(`mqtt://127.0.0.1:${broker.port}`, {
    username: gateway!.accessToken,
    reconnectPeriod: 0,
  });
  await new Promise<void>((resolve, reject) => {
    online.once('connect', () => resolve());
    online.once('error', reject);
  });
  online.on('message', (topic, payload) => {
    if (topic === 'v1/gateway/rpc') {
      const request = JSON.parse(payload.toString()) as { device: string; data: { id: number } };
      const answer = { device: request.device, id: request.data.id, data: { success: true } };
      online.publish(topic, JSON.stringify(answer), { qos: 1 });
    } else {
      online.publish(topic.replace('/request/', '/response/'), JSON.stringify({ success: true }), { qos: 1 });
    }
  });
  await online.subscribeAsync(['v1/devices/me/rpc/request/+', 'v1/gateway/rpc'], { qos: 1 });

  const manager = as(t, await t.login('manager', 'manager123'));
  const made = await manager('PUT', '/sbuilding/api-key/create', { name: 'README', access: 'readWrite' });
  expect(made.statusCode, made.body).toBe(200);
  key = made.json<{ data: { key: string } }>().data.key;
});

afterAll(async () => {
  await online?.endAsync(true);
  await broker?.close();
  await t?.close();
});

describe("the README's integrator examples", () => {
  it('name a demo device that has the key they read and takes the command they send', async () => {
    const [row] = await t.app.db.select().from(devices).where(eq(devices.id, deviceId));
    const model = DEVICE_MODELS[row!.model];
    expect(model.telemetry.map((k) => k.key)).toContain(readKey);
    expect(model.commands.map((c) => c.method)).toContain(method);
    // The TypeScript block names the same device, key and command.
    expect(tsBlock).toContain(`id: ${deviceId}`);
    expect(tsBlock).toContain(`keys: '${readKey}'`);
    expect(tsBlock).toContain(`deviceId: ${deviceId}, method: '${method}'`);
  });

  it('curl: every call answers 200, and the command reaches the device', async () => {
    const calls = curlCalls(shBlock, key, baseUrl);
    expect(calls).toHaveLength(3);
    for (const call of calls) {
      const res = await fetch(call.url, { method: call.method, headers: call.headers, body: call.body });
      const body = (await res.json()) as { code: number; msg: string };
      expect([res.status, body.code], `${call.method} ${call.url}: ${JSON.stringify(body)}`).toEqual([
        200, 200,
      ]);
      if (call.url.endsWith('/sendCmd')) expect(body.msg).toBe('Setting Success !');
    }
  });

  it('TypeScript: the block runs with the generated client, every call answering 200', async () => {
    const statuses: string[] = [];
    const recording: typeof fetch = async (input, init) => {
      const res = await fetch(input, init);
      const request = input instanceof Request ? input : new Request(input, init);
      statuses.push(`${res.status} ${request.method} ${new URL(request.url).pathname}`);
      return res;
    };
    // The block as written, with its import replaced by the client it imports (pointed at this server).
    const client = (options: SbuildingClientOptions) =>
      createSbuildingClient({ ...options, baseUrl, fetch: recording });
    const source = tsBlock.replace(/^import .*$/m, '');
    const js = ts.transpileModule(source, {
      compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
    }).outputText;
    const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (
      ...args: string[]
    ) => (...values: unknown[]) => Promise<void>;
    await new AsyncFunction('createSbuildingClient', 'process', js)(client, {
      env: { SB_KEY: key },
    });
    expect(statuses).toHaveLength(4);
    expect(
      statuses.filter((s) => !s.startsWith('200 ')),
      statuses.join('\n'),
    ).toEqual([]);
  });
});
