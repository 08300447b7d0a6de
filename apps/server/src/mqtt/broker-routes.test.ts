import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { insertDevice, type TestDevice } from '../test/devices.js';

const SECRET = 'broker-secret-of-the-test-0123456789abcdef';

let t: TestApp;
let sensor: TestDevice;
let gateway: TestDevice;

beforeAll(async () => {
  t = await createTestApp({ captchaEnabled: false, env: { MQTT_BROKER_SECRET: SECRET } });
  sensor = await insertDevice(t.app.db, { model: 'th10', name: 'Auth sensor' });
  gateway = await insertDevice(t.app.db, { model: 'ba', name: 'Auth gateway' });
});
afterAll(async () => {
  await t.close();
});

async function ask(url: string, payload: object, secret: string | null = SECRET) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: secret === null ? {} : { 'x-broker-secret': secret },
  });
  return { status: res.statusCode, body: res.json<{ result: string; is_superuser: boolean; ok: boolean }>() };
}

describe('what an external broker asks: POST /mqtt/auth', () => {
  it('refuses a caller without the shared secret', async () => {
    expect((await ask('/mqtt/auth', { username: sensor.accessToken }, null)).status).toBe(401);
    expect((await ask('/mqtt/auth', { username: sensor.accessToken }, 'wrong')).status).toBe(401);
  });

  it('allows a device token, and denies an unknown one', async () => {
    const allowed = await ask('/mqtt/auth', { username: sensor.accessToken, clientid: 'c1' });
    expect(allowed).toEqual({
      status: 200,
      body: { result: 'allow', is_superuser: false, ok: true, error: '' },
    });
    const denied = await ask('/mqtt/auth', { username: 'not-a-token', password: '', clientid: 'c2' });
    expect(denied.body).toMatchObject({ result: 'deny', ok: false });
  });

  it("allows the server's own client as superuser with the secret as password, only with it", async () => {
    const server = await ask('/mqtt/auth', { username: 'sbuilding-server', password: SECRET, clientid: 's' });
    expect(server.body).toMatchObject({ result: 'allow', is_superuser: true });
    const guess = await ask('/mqtt/auth', { username: 'sbuilding-server', password: 'guess', clientid: 's' });
    expect(guess.body).toMatchObject({ result: 'deny', is_superuser: false });
    expect((await ask('/mqtt/superuser', { username: 'sbuilding-server' })).body.ok).toBe(true);
    expect((await ask('/mqtt/superuser', { username: sensor.accessToken })).body.ok).toBe(false);
  });
});

describe('what an external broker asks: POST /mqtt/acl', () => {
  const acl = (username: string, topic: string, action: 'publish' | 'subscribe') =>
    ask('/mqtt/acl', { username, topic, action, clientid: 'c' }).then((r) => r.body.result);

  it('lets a device use its own topics, as sent or in its namespace', async () => {
    expect(await acl(sensor.accessToken, 'v1/devices/me/telemetry', 'publish')).toBe('allow');
    expect(await acl(sensor.accessToken, `sb/${sensor.accessToken}/v1/devices/me/telemetry`, 'publish')).toBe(
      'allow',
    );
    expect(await acl(sensor.accessToken, 'v1/devices/me/rpc/response/12', 'publish')).toBe('allow');
    expect(await acl(sensor.accessToken, 'v1/devices/me/rpc/request/+', 'subscribe')).toBe('allow');
  });

  it("denies another device's namespace, the gateway API to a device, and unknown tokens", async () => {
    expect(
      await acl(sensor.accessToken, `sb/${gateway.accessToken}/v1/devices/me/telemetry`, 'publish'),
    ).toBe('deny');
    expect(await acl(sensor.accessToken, 'v1/gateway/telemetry', 'publish')).toBe('deny');
    expect(await acl(sensor.accessToken, 'v1/devices/me/rpc/request/5', 'publish')).toBe('deny');
    expect(await acl(sensor.accessToken, '#', 'subscribe')).toBe('deny');
    expect(await acl('not-a-token', 'v1/devices/me/telemetry', 'publish')).toBe('deny');
  });

  it('lets a gateway use the gateway API, and the server everything', async () => {
    expect(await acl(gateway.accessToken, 'v1/gateway/telemetry', 'publish')).toBe('allow');
    expect(await acl(gateway.accessToken, 'v1/gateway/rpc', 'subscribe')).toBe('allow');
    expect(await acl('sbuilding-server', '$share/sbuilding/sb/+/v1/devices/me/#', 'subscribe')).toBe('allow');
  });

  it("answers mosquitto-go-auth's access codes (1 read, 2 write, 4 subscribe)", async () => {
    const goAuth = (topic: string, acc: number) =>
      ask('/mqtt/acl', { username: sensor.accessToken, clientid: 'c', topic, acc }).then((r) => r.body.ok);
    expect(await goAuth('v1/devices/me/rpc/request/7', 1)).toBe(true);
    expect(await goAuth('v1/devices/me/telemetry', 2)).toBe(true);
    expect(await goAuth('v1/devices/me/telemetry', 4)).toBe(false);
    expect(await goAuth('v1/gateway/rpc', 1)).toBe(false);
  });
});
