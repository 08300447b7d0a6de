import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import type {
  ChannelTestResult,
  NotificationChannel,
  NotificationDelivery,
  SysConfig,
} from '@sbuilding/shared';
import { createTestApp, type TestApp } from '../../test/app.js';
import { readableMail } from '../../test/mail.js';
import { insertDevice } from '../../test/devices.js';
import { demoProjectId } from '../../test/device-import.js';
import { as, createTenant } from '../../test/tenants.js';
import { DeviceDirectory } from '../../mqtt/directory.js';
import { devices } from '../devices/tables.js';
import { alertHistory, alerts } from '../alerts/tables.js';
import { notificationDeliveries } from './tables.js';

/* ---------- A webhook receiver on 127.0.0.1: each path answers as a test programs it ---------- */

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

const received: Received[] = [];
/** Status codes to answer per path, in turn (the last one repeats); 'hang' never answers. */
const plans = new Map<string, (number | 'hang')[]>();
const hanging = new Set<http.ServerResponse>();

const receiver = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const path = req.url ?? '/';
    received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
    const plan = plans.get(path) ?? [200];
    const answer = plan.length > 1 ? plan.shift()! : plan[0]!;
    if (answer === 'hang') {
      hanging.add(res);
      return;
    }
    res.writeHead(answer, { 'content-type': 'text/plain' }).end('ok');
  });
});

/* ---------- An SMTP sink on 127.0.0.1 ---------- */

interface Mail {
  from: string;
  to: string[];
  data: string;
}
const mails: Mail[] = [];
/** Accepts mail only after AUTH with the configured user and password (plain text: it is 127.0.0.1). */
const smtp = new SMTPServer({
  authOptional: false,
  allowInsecureAuth: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onAuth(auth, _session, callback) {
    if (auth.username === 'mailer' && auth.password === 's3cret-pass') callback(null, { user: 'mailer' });
    else callback(new Error('bad credentials'));
  },
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      mails.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((r) => r.address),
        data: readableMail(Buffer.concat(chunks).toString('utf8')),
      });
      callback();
    });
  },
});

let base: string;
let smtpPort: number;
let t: TestApp;
let manager: ReturnType<typeof as>;
let customer: ReturnType<typeof as>;
let stranger: ReturnType<typeof as>;
let admin: ReturnType<typeof as>;
let projectId: number;
let directory: DeviceDirectory;

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;

  t = await createTestApp({ captchaEnabled: false });
  manager = as(t, await t.login('manager', 'manager123'));
  customer = as(t, await t.login('customer', 'customer123'));
  admin = as(t, await t.login('admin', 'admin123'));
  await createTenant(t, 'Other tenant', [{ username: 'otheradmin', role: 'tbAdmin' }]);
  stranger = as(t, await t.login('otheradmin', 'otheradmin123'));
  projectId = await demoProjectId(t, await t.login('manager', 'manager123'));
  directory = new DeviceDirectory(t.app.db, t.app.alertDetector.onPresence);
  Object.assign(t.app.notifications.settings, { timeoutMs: 400, backoffMs: 40, maxAttempts: 3 });
});

afterAll(async () => {
  for (const res of hanging) res.destroy();
  await t.close();
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const channelBody = (overrides: Record<string, unknown>) => ({
  projectId,
  name: 'Ops webhook',
  kind: 'webhook',
  enabled: true,
  levels: ['general'],
  events: ['raised', 'resolved'],
  url: `${base}/ok`,
  ...overrides,
});

async function createChannel(overrides: Record<string, unknown>): Promise<NotificationChannel> {
  const res = await manager('POST', '/sbuilding/notification/channel', channelBody(overrides));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: NotificationChannel }>().data;
}

async function removeChannel(id: number) {
  expect((await manager('DELETE', `/sbuilding/notification/channel/${id}`)).statusCode).toBe(200);
}

/** A device that was online and now goes offline: its general-level alert is raised. */
async function raiseAlert(name: string) {
  const device = await insertDevice(t.app.db, { model: 'th10', name });
  await t.app.db
    .update(devices)
    .set({ online: true, lastActivityAt: new Date(Date.now() - 60_000) })
    .where(eq(devices.id, device.id));
  await directory.setOnline([device.id], false);
  await t.app.alertDetector.idle();
  const [alert] = await t.app.db.select().from(alerts).where(eq(alerts.deviceId, device.id));
  if (!alert) throw new Error('no alert raised');
  return { device, alert };
}

async function deliveriesOf(channelId: number): Promise<NotificationDelivery[]> {
  const res = await manager('POST', '/sbuilding/notification/delivery/list', { projectId, channelId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { rows: NotificationDelivery[] } }>().data.rows;
}

/** The channel's deliveries once none is pending any more. */
async function settledDeliveries(channelId: number, count: number, timeoutMs?: number) {
  return waitFor(
    `${count} settled deliveries`,
    async () => {
      await t.app.notifications.idle();
      const rows = await deliveriesOf(channelId);
      return rows.length === count && rows.every((r) => r.status !== 'pending') ? rows : undefined;
    },
    timeoutMs,
  );
}

const hits = (path: string) => received.filter((r) => r.path === path);

describe('webhook deliveries', () => {
  it('POSTs the alert as JSON, signed with HMAC-SHA256 of the body, for raised and resolved', async () => {
    const channel = await createChannel({ url: `${base}/signed`, secret: 'k3y-of-the-hook' });
    expect(channel).toMatchObject({ hasSecret: true, kind: 'webhook', levels: ['general'] });
    expect(channel).not.toHaveProperty('secret');

    const { device, alert } = await raiseAlert('Signed sensor');
    const [raised] = await settledDeliveries(channel.id, 1);
    expect(raised).toMatchObject({
      status: 'sent',
      attempts: 1,
      httpStatus: 200,
      event: 'raised',
      alertId: alert.id,
    });
    expect(raised?.sentTime).not.toBeNull();

    const [hit] = hits('/signed');
    expect(hit?.headers['content-type']).toBe('application/json');
    expect(hit?.headers['x-sbuilding-event']).toBe('raised');
    const expected = `sha256=${crypto.createHmac('sha256', 'k3y-of-the-hook').update(hit!.body).digest('hex')}`;
    expect(hit?.headers['x-sbuilding-signature']).toBe(expected);
    const body = JSON.parse(hit!.body) as { time: unknown };
    expect(body).toMatchObject({
      event: 'raised',
      level: 'general',
      project: { id: projectId },
      alert: { id: alert.id, object: 'Signed sensor', status: 'alerting', type: 'offline', level: 'general' },
    });
    expect(typeof body.time).toBe('string');

    await directory.setOnline([device.id], true);
    await t.app.alertDetector.idle();
    const rows = await settledDeliveries(channel.id, 2);
    expect(rows[0]).toMatchObject({ event: 'resolved', status: 'sent' });
    expect(JSON.parse(hits('/signed')[1]!.body)).toMatchObject({
      event: 'resolved',
      alert: { status: 'processed', solution: 'backOnline' },
    });
    await removeChannel(channel.id);
  });

  it('sends no signature without a secret, and nothing for levels or events the channel does not follow', async () => {
    const plain = await createChannel({ url: `${base}/plain` });
    const urgentOnly = await createChannel({ url: `${base}/urgent-only`, levels: ['urgent'] });
    await raiseAlert('Plain sensor');
    await settledDeliveries(plain.id, 1);
    expect(hits('/plain')[0]?.headers['x-sbuilding-signature']).toBeUndefined();
    expect(await deliveriesOf(urgentOnly.id)).toHaveLength(0);
    await removeChannel(plain.id);
    await removeChannel(urgentOnly.id);
  });

  it('retries after 500 answers with backoff, then succeeds', async () => {
    plans.set('/flaky', [500, 500, 200]);
    const channel = await createChannel({ url: `${base}/flaky` });
    await raiseAlert('Flaky receiver sensor');
    const [row] = await settledDeliveries(channel.id, 1);
    expect(row).toMatchObject({ status: 'sent', attempts: 3, httpStatus: 200, lastError: '' });
    expect(hits('/flaky')).toHaveLength(3);
    await removeChannel(channel.id);
  });

  it('records the failure after the last attempt', async () => {
    plans.set('/down', [503]);
    const channel = await createChannel({ url: `${base}/down` });
    await raiseAlert('Down receiver sensor');
    const [row] = await settledDeliveries(channel.id, 1);
    expect(row).toMatchObject({ status: 'failed', attempts: 3, httpStatus: 503, lastError: 'HTTP 503' });
    expect(row?.nextAttemptTime).toBeNull();
    expect(hits('/down')).toHaveLength(3);

    const failed = await manager('POST', '/sbuilding/notification/delivery/list', {
      projectId,
      status: 'failed',
    });
    expect(failed.json<{ data: { rows: NotificationDelivery[] } }>().data.rows.map((r) => r.id)).toContain(
      row?.id,
    );
    const sent = await manager('POST', '/sbuilding/notification/delivery/list', {
      projectId,
      status: 'sent',
    });
    expect(sent.json<{ data: { rows: NotificationDelivery[] } }>().data.rows.map((r) => r.id)).not.toContain(
      row?.id,
    );
    await removeChannel(channel.id);
  });

  it('gives up on a webhook that does not answer within the timeout, without holding up detection', async () => {
    plans.set('/hang', ['hang']);
    const channel = await createChannel({ url: `${base}/hang` });
    const started = Date.now();
    const { alert } = await raiseAlert('Hanging receiver sensor');
    // Detection finished and the alert is on the board while the webhook still hangs (3 attempts of 400 ms).
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(alert.status).toBe('alerting');
    expect((await deliveriesOf(channel.id)).every((r) => r.status === 'pending')).toBe(true);
    await waitFor('the first hanging call', async () => (hits('/hang').length > 0 ? true : undefined));

    const [row] = await settledDeliveries(channel.id, 1, 8_000);
    expect(row).toMatchObject({ status: 'failed', attempts: 3, httpStatus: null });
    expect(row?.lastError).toMatch(/timeout after 400 ms/);
    await removeChannel(channel.id);
  });

  it('tells a handling (processed) to channels that follow it, and records each change once', async () => {
    const channel = await createChannel({ url: `${base}/handled`, events: ['processed'] });
    const { alert } = await raiseAlert('Handled sensor');
    const res = await manager('POST', `/sbuilding/alert/process/${alert.id}`, {
      version: alert.version,
      solution: 'repairDevice',
      date: new Date().toISOString(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await settledDeliveries(channel.id, 1);
    expect(row).toMatchObject({ event: 'processed', status: 'sent' });
    expect(JSON.parse(hits('/handled')[0]!.body)).toMatchObject({
      event: 'processed',
      alert: { status: 'processed', solution: 'repairDevice' },
    });
    // Told again about the same alert (a second process, a relay): nothing new is recorded or sent.
    t.app.notifications.onChange({ tenantIds: [alert.tenantId], alertIds: [alert.id] });
    await t.app.notifications.idle();
    expect(await deliveriesOf(channel.id)).toHaveLength(1);
    expect(hits('/handled')).toHaveLength(1);
    await removeChannel(channel.id);
  });

  it('sends pending deliveries found in the table (as after a restart)', async () => {
    const channel = await createChannel({ url: `${base}/later`, enabled: false });
    const { alert } = await raiseAlert('Restart sensor');
    expect(await deliveriesOf(channel.id)).toHaveLength(0);
    // A delivery left pending by a stopped process: its lease ran out.
    const [entry] = await t.app.db.select().from(alertHistory).where(eq(alertHistory.alertId, alert.id));
    await manager('PUT', '/sbuilding/notification/channel', {
      ...channelBody({ url: `${base}/later` }),
      id: channel.id,
      version: channel.version,
    });
    await t.app.db.insert(notificationDeliveries).values({
      tenantId: alert.tenantId,
      projectId,
      channelId: channel.id,
      alertId: alert.id,
      historyId: entry!.id,
      event: 'raised',
      level: 'general',
      attempts: 1,
      nextAttemptAt: new Date(Date.now() - 1000),
    });
    t.app.notifications.kick();
    const [row] = await settledDeliveries(channel.id, 1);
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    expect(hits('/later')).toHaveLength(1);
    await removeChannel(channel.id);
  });
});

describe('test-send', () => {
  it('answers the outcome of one call now', async () => {
    const good = await createChannel({ url: `${base}/test-ok`, enabled: false });
    const res = await manager('POST', `/sbuilding/notification/channel/test/${good.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: ChannelTestResult }>().data).toMatchObject({
      ok: true,
      httpStatus: 200,
      error: '',
    });
    expect(JSON.parse(hits('/test-ok')[0]!.body)).toMatchObject({ event: 'test', alert: null });

    plans.set('/test-bad', [500]);
    const bad = await createChannel({ url: `${base}/test-bad`, enabled: false });
    const failed = await manager('POST', `/sbuilding/notification/channel/test/${bad.id}`);
    expect(failed.json<{ data: ChannelTestResult }>().data).toMatchObject({
      ok: false,
      httpStatus: 500,
      error: 'HTTP 500',
    });
    // Not logged.
    expect(await deliveriesOf(good.id)).toHaveLength(0);
    await removeChannel(good.id);
    await removeChannel(bad.id);
  });
});

describe('e-mail', () => {
  const smtpSettings = () => ({
    host: '127.0.0.1',
    port: smtpPort,
    secure: false,
    user: 'mailer',
    password: 's3cret-pass',
    from: 'alerts@sbuilding.test',
  });

  it('keeps the SMTP password out of every answer, and a blank password keeps it', async () => {
    const settings = smtpSettings();
    expect((await manager('PUT', '/system/config/smtp', settings)).statusCode).toBe(403);
    const saved = await admin('PUT', '/system/config/smtp', settings);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.body).not.toContain('s3cret-pass');
    expect(saved.json<{ data: unknown }>().data).toMatchObject({ passwordSet: true, user: 'mailer' });
    const again = await admin('PUT', '/system/config/smtp', { ...settings, password: '' });
    expect(again.json<{ data: unknown }>().data).toMatchObject({ passwordSet: true });
    const read = await admin('GET', '/system/config/smtp');
    expect(read.body).not.toContain('s3cret-pass');

    const list = await admin('GET', '/system/config/list?configKey=sys.notification.smtp');
    expect(list.body).not.toContain('s3cret-pass');
    const [row] = list.json<{ data: { rows: SysConfig[] } }>().data.rows;
    expect(row?.configValue).toContain('******');
    // The generic calls cannot overwrite it (with the masked value, say).
    const overwrite = await admin('PUT', '/system/config', {
      configId: row!.configId,
      version: row!.version,
      configName: row!.configName,
      configKey: row!.configKey,
      configValue: row!.configValue,
      configType: 'Y',
    });
    expect(overwrite.statusCode).toBe(400);

    const bad = await admin('PUT', '/system/config/smtp', {
      ...settings,
      from: 'not-an-address',
      port: 70000,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('mails the recipients through the SMTP server, in English and Chinese, and test-sends', async () => {
    expect((await admin('PUT', '/system/config/smtp', smtpSettings())).statusCode).toBe(200);
    // Saved again with a blank password: the sink accepts mail only with the stored one.
    expect((await admin('PUT', '/system/config/smtp', { ...smtpSettings(), password: '' })).statusCode).toBe(
      200,
    );
    const channel = await createChannel({
      kind: 'email',
      name: 'Ops mail',
      url: '',
      recipients: ['ops@example.test', 'facility@example.test'],
    });
    expect(channel.url).toBe('');
    await raiseAlert('Mailed sensor');
    const [row] = await settledDeliveries(channel.id, 1);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, kind: 'email' });
    const mail = mails.find((m) => m.data.includes('Mailed sensor'));
    expect(mail?.from).toBe('alerts@sbuilding.test');
    expect(mail?.to).toEqual(['ops@example.test', 'facility@example.test']);
    expect(mail?.data).toContain(
      'Subject: [sbuilding] General alert raised: Mailed sensor / 一般产生告警：Mailed sensor',
    );
    expect(mail?.data).toContain('Object / 对象: Mailed sensor');

    const test = await manager('POST', `/sbuilding/notification/channel/test/${channel.id}`);
    expect(test.json<{ data: ChannelTestResult }>().data).toMatchObject({ ok: true, httpStatus: null });
    await removeChannel(channel.id);
  });
});

describe('channel calls', () => {
  it('refuses a non-http URL, a bad e-mail address and too many recipients', async () => {
    const ftp = await manager(
      'POST',
      '/sbuilding/notification/channel',
      channelBody({ url: 'ftp://example.test/x' }),
    );
    expect(ftp.statusCode).toBe(400);
    expect(ftp.json<{ msg: string }>().msg).toContain('http://');
    const noUrl = await manager('POST', '/sbuilding/notification/channel', channelBody({ url: '' }));
    expect(noUrl.statusCode).toBe(400);
    const badMail = await manager(
      'POST',
      '/sbuilding/notification/channel',
      channelBody({ kind: 'email', url: '', recipients: ['ops@example.test', 'not-an-address'] }),
    );
    expect(badMail.statusCode).toBe(400);
    expect(badMail.json<{ msg: string }>().msg).toContain('email');
    const many = Array.from({ length: 21 }, (_, i) => `r${i}@example.test`);
    const tooMany = await manager(
      'POST',
      '/sbuilding/notification/channel',
      channelBody({ kind: 'email', url: '', recipients: many }),
    );
    expect(tooMany.statusCode).toBe(400);
    const noLevel = await manager('POST', '/sbuilding/notification/channel', channelBody({ levels: [] }));
    expect(noLevel.statusCode).toBe(400);
  });

  it('keeps the secret on a blank update, clears it on request, and refuses a stale version', async () => {
    const channel = await createChannel({ url: `${base}/kept`, secret: 'first' });
    const update = (body: Record<string, unknown>) =>
      manager('PUT', '/sbuilding/notification/channel', {
        ...channelBody({ url: `${base}/kept` }),
        id: channel.id,
        ...body,
      });
    const kept = await update({ version: 1, name: 'Renamed', secret: '' });
    expect(kept.json<{ data: NotificationChannel }>().data).toMatchObject({
      name: 'Renamed',
      hasSecret: true,
      version: 2,
    });
    expect((await update({ version: 1 })).statusCode).toBe(409);
    const cleared = await update({ version: 2, clearSecret: true });
    expect(cleared.json<{ data: NotificationChannel }>().data).toMatchObject({ hasSecret: false });
    await removeChannel(channel.id);
  });

  it('keeps every call within the tenant, and to the tenant administrator', async () => {
    const channel = await createChannel({ url: `${base}/mine` });
    expect((await stranger('POST', '/sbuilding/notification/channel/list', { projectId })).statusCode).toBe(
      404,
    );
    expect((await stranger('POST', '/sbuilding/notification/delivery/list', { projectId })).statusCode).toBe(
      404,
    );
    expect((await stranger('POST', '/sbuilding/notification/channel', channelBody({}))).statusCode).toBe(404);
    expect(
      (
        await stranger('PUT', '/sbuilding/notification/channel', {
          ...channelBody({}),
          id: channel.id,
          version: channel.version,
        })
      ).statusCode,
    ).toBe(404);
    expect((await stranger('POST', `/sbuilding/notification/channel/test/${channel.id}`)).statusCode).toBe(
      404,
    );
    expect((await stranger('DELETE', `/sbuilding/notification/channel/${channel.id}`)).statusCode).toBe(404);
    expect((await customer('POST', '/sbuilding/notification/channel/list', { projectId })).statusCode).toBe(
      403,
    );

    const mine = await manager('POST', '/sbuilding/notification/channel/list', { projectId });
    expect(mine.json<{ data: NotificationChannel[] }>().data.map((c) => c.id)).toContain(channel.id);
    const asAdmin = await admin('POST', '/sbuilding/notification/channel/list', { projectId });
    expect(asAdmin.json<{ data: NotificationChannel[] }>().data.map((c) => c.id)).toContain(channel.id);
    expect(hits('/mine')).toHaveLength(0);
    await removeChannel(channel.id);
  });
});
