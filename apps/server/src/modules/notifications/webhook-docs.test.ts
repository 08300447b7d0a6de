import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Ajv } from 'ajv';
import { createTestApp, type TestApp } from '../../test/app.js';
import { insertDevice } from '../../test/devices.js';
import { demoProjectId } from '../../test/device-import.js';
import { as } from '../../test/tenants.js';
import { DeviceDirectory } from '../../mqtt/directory.js';
import { devices } from '../devices/tables.js';

/**
 * Contract test of the webhook notifications: what a receiver really gets is valid against the
 * `WebhookNotification` schema of the served OpenAPI document, and its signature checks out the way the
 * document's callback tells receivers to check it.
 */

interface Received {
  url: string;
  headers: http.IncomingHttpHeaders;
  raw: Buffer;
}
const received: Received[] = [];
const receiver = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    received.push({ url: req.url ?? '', headers: req.headers, raw: Buffer.concat(chunks) });
    res.writeHead(204).end();
  });
});

const SECRET = 'integrator-shared-secret';
let t: TestApp;
let manager: ReturnType<typeof as>;
let projectId: number;
let directory: DeviceDirectory;
let validate: (body: unknown) => boolean;
let callbackDoc: { description: string; parameters: { name: string }[] };

/** What the document tells a receiver to do: HMAC-SHA256 of the raw body with the secret, compared in constant time. */
function signatureValid(raw: Buffer, header: string | string[] | undefined): boolean {
  const expected = Buffer.from(`sha256=${crypto.createHmac('sha256', SECRET).update(raw).digest('hex')}`);
  const got = Buffer.from(String(header ?? ''));
  return got.length === expected.length && crypto.timingSafeEqual(got, expected);
}

async function waitForDelivery(count: number): Promise<Received> {
  await expect
    .poll(async () => {
      await t.app.alertDetector.idle();
      await t.app.notifications.idle();
      return hook().length;
    })
    .toBeGreaterThanOrEqual(count);
  return hook()[count - 1]!;
}

/** What the integrator's channel (signed, every event) received, in order. */
const hook = () => received.filter((r) => r.url === '/hook');

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  t = await createTestApp({ captchaEnabled: false });
  const token = await t.login('manager', 'manager123');
  manager = as(t, token);
  projectId = await demoProjectId(t, token);
  directory = new DeviceDirectory(t.app.db, t.app.alertDetector.onPresence);
  const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
  const ajv = new Ajv({ strict: false });
  const check = ajv.compile(doc.components.schemas.WebhookNotification);
  validate = (body) => {
    const ok = check(body);
    if (!ok) throw new Error(JSON.stringify(check.errors));
    return ok;
  };
  callbackDoc =
    doc.paths['/sbuilding/notification/channel'].post.callbacks.alertNotification['{$request.body#/url}']
      .post;
  const channel = await manager('POST', '/sbuilding/notification/channel', {
    projectId,
    name: 'Integrator',
    kind: 'webhook',
    levels: ['urgent', 'secondary', 'general', 'complete'],
    events: ['raised', 'resolved', 'processed', 'sceneRun'],
    url,
    secret: SECRET,
  });
  expect(channel.statusCode, channel.body).toBe(200);
  // A channel that does not follow scene runs: it must hear the alerts only.
  const alertsOnly = await manager('POST', '/sbuilding/notification/channel', {
    projectId,
    name: 'Alerts only',
    kind: 'webhook',
    levels: ['urgent', 'secondary', 'general', 'complete'],
    events: ['raised'],
    url: url.replace('/hook', '/alerts-only'),
  });
  expect(alertsOnly.statusCode, alertsOnly.body).toBe(200);
});

afterAll(async () => {
  await t.close();
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

describe('webhook notifications against the OpenAPI document', () => {
  it('documents the headers and how to check the signature', () => {
    expect(callbackDoc.parameters.map((p) => p.name)).toEqual([
      'X-Sbuilding-Event',
      'X-Sbuilding-Delivery',
      'X-Sbuilding-Signature',
    ]);
    expect(callbackDoc.description).toMatch(
      /HMAC-SHA256 of the raw request body bytes keyed with that secret/,
    );
  });

  it('sends a device going offline (raised) and coming back (resolved) as documented, signed', async () => {
    const device = await insertDevice(t.app.db, { model: 'th10', name: 'Contract sensor' });
    await t.app.db
      .update(devices)
      .set({ online: true, lastActivityAt: new Date(Date.now() - 60_000) })
      .where(eq(devices.id, device.id));
    await directory.setOnline([device.id], false);
    const raised = await waitForDelivery(1);
    const body: unknown = JSON.parse(raised.raw.toString('utf8'));
    expect(validate(body)).toBe(true);
    expect(body).toMatchObject({
      event: 'raised',
      alert: { type: 'offline', deviceName: 'Contract sensor' },
    });
    expect(raised.headers['x-sbuilding-event']).toBe('raised');
    expect(Number(raised.headers['x-sbuilding-delivery'])).toBeGreaterThan(0);
    expect(signatureValid(raised.raw, raised.headers['x-sbuilding-signature'])).toBe(true);
    // A byte changed in transit fails the check.
    expect(
      signatureValid(
        Buffer.from(raised.raw.toString().replace('Contract', 'Kontract')),
        raised.headers['x-sbuilding-signature'],
      ),
    ).toBe(false);

    await directory.setOnline([device.id], true);
    const resolved = await waitForDelivery(2);
    const back: unknown = JSON.parse(resolved.raw.toString('utf8'));
    expect(validate(back)).toBe(true);
    expect(back).toMatchObject({ event: 'resolved', alert: { type: 'offline', status: 'processed' } });
    expect(signatureValid(resolved.raw, resolved.headers['x-sbuilding-signature'])).toBe(true);
  });

  it('sends a scene run as documented, signed, only to channels that follow scene runs', async () => {
    const light = await insertDevice(t.app.db, { model: 's2', name: 'Contract light' });
    const created = await manager('PUT', '/sbuilding/scene/create', {
      projectId,
      name: 'Contract lights off',
      triggerType: 'manual',
      category: 'light',
      targets: [{ kind: 'device', id: light.id }],
      actions: [{ method: 'setOnOff', params: { onOff: false } }],
    });
    expect(created.statusCode, created.body).toBe(200);
    const sceneId: number = created.json().data.id;
    const before = hook().length;
    const alertsOnlyBefore = received.filter((r) => r.url === '/alerts-only').length;
    const executed = await manager('POST', `/sbuilding/scene/execute/${sceneId}`);
    expect(executed.statusCode, executed.body).toBe(200);
    const run = executed.json().data as { id: number; outcome: string };

    const delivered = await waitForDelivery(before + 1);
    const body: unknown = JSON.parse(delivered.raw.toString('utf8'));
    expect(validate(body)).toBe(true);
    // No broker in this test: the light is unreachable, so the run failed; the body says which device.
    expect(body).toMatchObject({
      event: 'sceneRun',
      level: null,
      alert: null,
      project: { id: projectId },
      scene: {
        runId: run.id,
        sceneId,
        sceneName: 'Contract lights off',
        trigger: 'manual',
        outcome: run.outcome,
        userName: 'manager',
        commands: [{ deviceId: light.id, deviceName: 'Contract light', method: 'setOnOff' }],
      },
    });
    expect(delivered.headers['x-sbuilding-event']).toBe('sceneRun');
    expect(signatureValid(delivered.raw, delivered.headers['x-sbuilding-signature'])).toBe(true);
    // The delivery log lists it under the scene's name and run.
    const log = await manager('POST', '/sbuilding/notification/delivery/list', { projectId });
    expect(log.json().data.rows).toContainEqual(
      expect.objectContaining({
        event: 'sceneRun',
        alertId: null,
        sceneRunId: run.id,
        alertObject: 'Contract lights off',
        level: null,
        status: 'sent',
      }),
    );
    expect(received.filter((r) => r.url === '/alerts-only').length).toBe(alertsOnlyBefore);
  });

  it('refuses a body the document does not allow (the contract check can fail)', () => {
    expect(() =>
      validate({
        deliveryId: 1,
        event: 'exploded',
        time: 'x',
        level: null,
        project: { id: 1, name: 'x' },
        alert: null,
        scene: null,
      }),
    ).toThrow();
  });
});
