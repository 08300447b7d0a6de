import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type {
  FddDigest,
  NotificationChannel,
  ReportSchedule,
  ReportSend,
  SharedView,
  ShareLink,
} from '@sbuilding/shared';
import { isTestClock, type TestClock } from '../../platform/clock.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { readableMail } from '../../test/mail.js';
import { insertCampus, insertChannel, priceProject, writeBillDays } from '../../test/energy-fixture.js';
import { as, createTenant, demoTenantId } from '../../test/tenants.js';
import { devices } from '../devices/tables.js';
import { DEMO_TARIFF } from '../energy-billing/seed.js';
import { fddFindings } from '../fdd/tables.js';
import { projects } from '../projects/tables.js';
import { tenants } from '../tenants/tables.js';
import { telemetryCounters, telemetryRaw } from '../telemetry/tables.js';
import { energyReportRuns } from './tables.js';

/*
 * A fixed data set in its own project (Asia/Shanghai), the bills' (energy-billing.test.ts): building A with two
 * channels; 2026-07-15 and 07-16 (Wednesday and Thursday, working days) ch1 28 kWh each, ch2 2 kWh on the 15th:
 * the week of 13-19 July has 58 kWh costing 22.48 + 2.70 + 22.48 = 47.66 under the demo tariff (the bills'
 * hand-worked figures, pricing.test.ts), 29 kgCO2e at 0.5. ch1's
 * raw readings on 15 July 10:00-10:45 count 1, 3, 1 kWh a quarter: a peak of 12 kW at 10:15.
 */

/* ---------- A webhook receiver and an SMTP sink on 127.0.0.1 ---------- */

const hooks: { url: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
/** While set, '/flaky' never answers (a webhook that hangs): the calls wait in `held`, and `onHeld` is told. */
let holdFlaky = false;
const held: http.ServerResponse[] = [];
let onHeld: (() => void) | null = null;
const receiver = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    hooks.push({ url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
    if (req.url === '/flaky' && holdFlaky) {
      held.push(res);
      onHeld?.();
      return;
    }
    res.writeHead(req.url === '/fail' ? 500 : 200).end('ok');
  });
});

const mails: { to: string[]; raw: string }[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      mails.push({
        to: session.envelope.rcptTo.map((r) => r.address),
        raw: Buffer.concat(chunks).toString('utf8'),
      });
      callback();
    });
  },
});

/** The base64 parts of a MIME message that are PDFs, decoded. */
function pdfAttachments(raw: string): { filename: string; content: Buffer }[] {
  const boundary = /boundary="?([^"\r\n;]+)"?/i.exec(raw)?.[1];
  if (!boundary) return [];
  return raw
    .split(`--${boundary}`)
    .filter((part) => /content-type:\s*application\/pdf/i.test(part))
    .map((part) => {
      const [head = '', ...body] = part.split(/\r?\n\r?\n/);
      const filename = /filename="?([^"\r\n;]+)"?/i.exec(head)?.[1] ?? '';
      return { filename, content: Buffer.from(body.join('').replace(/\s+/g, ''), 'base64') };
    });
}

async function pdfText(data: Buffer): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(data), useSystemFonts: false }).promise;
  const texts: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    texts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await doc.destroy();
  return texts.join('\n');
}

let t: TestApp;
let second: TestApp | undefined;
let clock: TestClock;
let manager: ReturnType<typeof as>;
let managerZh: ReturnType<typeof as>;
let customer: ReturnType<typeof as>;
let stranger: ReturnType<typeof as>;
let admin: ReturnType<typeof as>;
let projectId: number;
let buildingA: number;
let hookBase: string;
let emailChannel: NotificationChannel;
let hookChannel: NotificationChannel;

async function channel(body: Record<string, unknown>): Promise<NotificationChannel> {
  const res = await manager('POST', '/sbuilding/notification/channel', {
    projectId,
    enabled: true,
    levels: ['general'],
    events: ['raised'],
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: NotificationChannel }>().data;
}

const publicGet = (token: string, lang: 'EN' | 'ZH' = 'EN') =>
  t.app.inject({ method: 'GET', url: `/sbuilding/public/share/${token}`, headers: { lang } });

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  hookBase = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  t = await createTestApp({
    captchaEnabled: false,
    env: { TEST_CLOCK: '1', PUBLIC_URL: 'https://console.example.test/' },
  });
  if (!isTestClock(t.app.clock)) throw new Error('no test clock');
  clock = t.app.clock;
  // Sunday 19 July, noon: a weekly schedule's first run is Monday 20 July 08:00.
  clock.set('2026-07-19T12:00:00+08:00');
  manager = as(t, await t.login('manager', 'manager123'));
  managerZh = as(t, await t.login('manager', 'manager123'), 'ZH');
  customer = as(t, await t.login('customer', 'customer123'));
  admin = as(t, await t.login('admin', 'admin123'));
  await createTenant(t, 'Other tenant', [{ username: 'otheradmin', role: 'tbAdmin' }]);
  stranger = as(t, await t.login('otheradmin', 'otheradmin123'));

  const tenantId = await demoTenantId(t);
  const campus = await insertCampus(t.app.db, { tenantId, projectName: 'Reports test', floors: ['F1'] });
  projectId = campus.projectId;
  buildingA = campus.buildingId;
  const place = { tenantId, projectId, buildingId: buildingA, floorId: campus.floorIds[0] };
  const ch1 = await insertChannel(t.app.db, { ...place, name: 'M1 ch1', codeAddr: '000000000011' });
  const ch2 = await insertChannel(t.app.db, { ...place, name: 'M2 ch1', codeAddr: '000000000012' });
  await writeBillDays(t.app.db, ch1, ch2);
  const raw = [100, 101, 104, 105].map((num, i) => ({
    deviceId: ch1,
    key: 'energy1',
    ts: new Date(Date.parse('2026-07-15T10:00:00+08:00') + i * 900_000),
    num,
  }));
  await t.app.db.insert(telemetryRaw).values(raw);
  await t.app.db
    .insert(telemetryCounters)
    .values({ deviceId: ch1, key: 'energy1', ts: raw[3]!.ts, value: 105 });
  await priceProject(manager, projectId, { name: 'Five periods', ...DEMO_TARIFF }, 0.5);
  const smtpSet = await admin('PUT', '/system/config/smtp', {
    host: '127.0.0.1',
    port: smtpPort,
    secure: false,
    user: '',
    password: '',
    from: 'reports@sbuilding.test',
  });
  expect(smtpSet.statusCode, smtpSet.body).toBe(200);
  emailChannel = await channel({ name: 'Energy team', kind: 'email', recipients: ['energy@example.test'] });
  hookChannel = await channel({ name: 'Energy hook', kind: 'webhook', url: `${hookBase}/hook`, secret: 'k' });
});

afterAll(async () => {
  await second?.close();
  await t.close();
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const scheduleBody = (overrides: Record<string, unknown> = {}) => ({
  projectId,
  name: 'Weekly energy',
  frequency: 'weekly',
  hour: 8,
  includeReport: true,
  includeBills: false,
  channelIds: [emailChannel.id, hookChannel.id],
  lang: 'EN',
  ...overrides,
});

async function sends(): Promise<ReportSend[]> {
  const res = await manager('GET', `/sbuilding/energy/report/send/list?projectId=${projectId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: ReportSend[] }>().data;
}

describe('scheduled reports', () => {
  let schedule: ReportSchedule;

  it('schedules a weekly report: the next run is Monday 08:00 in the project zone', async () => {
    const res = await manager('POST', '/sbuilding/energy/report/schedule', scheduleBody());
    expect(res.statusCode, res.body).toBe(200);
    schedule = res.json<{ data: ReportSchedule }>().data;
    expect(schedule.nextRunAt).toBe(new Date('2026-07-20T08:00:00+08:00').toISOString());
    expect(schedule.lastRunAt).toBeNull();
    const list = await manager('GET', `/sbuilding/energy/report/schedule/list?projectId=${projectId}`);
    expect(list.json<{ data: ReportSchedule[] }>().data.map((s) => s.id)).toEqual([schedule.id]);
  });

  it('sends nothing before it is due', async () => {
    await t.app.energyReports.tick();
    expect(await sends()).toEqual([]);
    expect(mails).toHaveLength(0);
  });

  it('sends once when due, though two nodes look at once: an e-mail with the PDF, a webhook with a link', async () => {
    // A second node of the same deployment (the same PUBLIC_URL): whichever node sends, the links are alike.
    second = await createTestApp({
      captchaEnabled: false,
      env: { TEST_CLOCK: '1', PUBLIC_URL: 'https://console.example.test/' },
      sameDatabaseAs: t,
    });
    // Its clock set before it starts (its runner's first round comes with `ready`).
    if (!isTestClock(second.app.clock)) throw new Error('no test clock');
    second.app.clock.set('2026-07-19T12:00:00+08:00');
    await second.app.ready();
    clock.set('2026-07-20T08:00:30+08:00');
    second.app.clock.set('2026-07-20T08:00:30+08:00');
    await Promise.all([t.app.energyReports.tick(), second.app.energyReports.tick()]);

    const history = await sends();
    expect(history).toHaveLength(2);
    expect(history.map((s) => [s.channelName, s.ok, s.error, s.manual]).sort()).toEqual([
      ['Energy hook', true, '', false],
      ['Energy team', true, '', false],
    ]);
    expect(history[0]).toMatchObject({ periodFrom: '2026-07-13', periodTo: '2026-07-19' });

    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toEqual(['energy@example.test']);
    const [pdf, ...others] = pdfAttachments(mails[0]?.raw ?? '');
    expect(others).toEqual([]);
    expect(pdf?.filename).toBe('energy_report_2026-07-13_2026-07-19.pdf');
    const text = await pdfText(pdf!.content);
    expect(text).toContain('Energy report');
    expect(text).toContain('Reports test');
    expect(text).toContain('2026-07-13 – 2026-07-19');
    expect(text).toContain('58'); // kWh
    expect(text).toContain('47.66'); // CNY
    expect(text).toContain('12 at 2026-07-15 10:15'); // peak demand
    // The cost is the energy cost, and the report says where the bills' other charges are (issue 34).
    expect(text).toContain('Energy cost (CNY)');
    expect(text.replace(/\n/g, ' ')).toContain('Energy cost only: the demand charge');

    expect(hooks).toHaveLength(1);
    const hook = hooks[0]!;
    const expected = `sha256=${crypto.createHmac('sha256', 'k').update(hook.body).digest('hex')}`;
    expect(hook.headers['x-sbuilding-signature']).toBe(expected);
    const message = JSON.parse(hook.body) as {
      event: string;
      period: { from: string; to: string };
      links: { kind: string; url: string; expiresAt: string }[];
    };
    expect(message.event).toBe('energyReport');
    expect(message.period).toEqual({ from: '2026-07-13', to: '2026-07-19' });
    expect(message.links).toHaveLength(1);
    const link = message.links[0]!;
    expect(link.url).toMatch(/^https:\/\/console\.example\.test\/share\/[A-Za-z0-9_-]{43}$/);
    expect(link.expiresAt).toBe(new Date('2026-08-19T08:00:30+08:00').toISOString());

    // The link opens the report without a session.
    const view = await publicGet(link.url.split('/').pop()!);
    expect(view.statusCode, view.body).toBe(200);
    const shared = view.json<{ data: SharedView }>().data;
    expect(shared.kind).toBe('report');
    expect(shared.bill).toBeNull();
    expect(shared.report).toMatchObject({ from: '2026-07-13', to: '2026-07-19', kwh: 58, peakKw: 12 });
    expect(shared.report?.cost).toBeCloseTo(47.66, 6);
    expect(shared.report?.carbon).toBeCloseTo(29, 6);
    expect(shared.report?.buildings).toMatchObject([{ name: 'A', kwh: 58, peakAt: '2026-07-15 10:15' }]);
  });

  it('moved the next run on, so a restarted node (or the other one) sends nothing again', async () => {
    const list = await manager('GET', `/sbuilding/energy/report/schedule/list?projectId=${projectId}`);
    const [now] = list.json<{ data: ReportSchedule[] }>().data;
    expect(now?.nextRunAt).toBe(new Date('2026-07-27T08:00:00+08:00').toISOString());
    expect(now?.lastRunAt).toBe(new Date('2026-07-20T08:00:30+08:00').toISOString());
    await second?.close();
    second = await createTestApp({
      captchaEnabled: false,
      env: { TEST_CLOCK: '1', PUBLIC_URL: 'https://console.example.test/' },
      sameDatabaseAs: t,
    });
    if (!isTestClock(second.app.clock)) throw new Error('no test clock');
    second.app.clock.set('2026-07-20T09:00:00+08:00');
    await second.app.ready();
    await second.app.energyReports.tick();
    expect(await sends()).toHaveLength(2);
    expect(mails).toHaveLength(1);
  });

  it('"send now" sends the monthly bills too, and records a failed channel with its error', async () => {
    const failing = await channel({ name: 'Broken hook', kind: 'webhook', url: `${hookBase}/fail` });
    const monthly = await manager(
      'POST',
      '/sbuilding/energy/report/schedule',
      scheduleBody({
        name: 'Monthly bills',
        frequency: 'monthly',
        includeReport: false,
        includeBills: true,
        lang: 'ZH',
        channelIds: [emailChannel.id, failing.id],
      }),
    );
    expect(monthly.statusCode, monthly.body).toBe(200);
    const id = monthly.json<{ data: ReportSchedule }>().data.id;
    expect(monthly.json<{ data: ReportSchedule }>().data.nextRunAt).toBe(
      new Date('2026-08-01T08:00:00+08:00').toISOString(),
    );
    clock.set('2026-08-03T10:00:00+08:00');
    const res = await manager('POST', `/sbuilding/energy/report/schedule/${id}/send`);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json<{ data: ReportSend[] }>().data;
    expect(rows.map((r) => [r.channelName, r.ok, r.error, r.manual]).sort()).toEqual([
      ['Broken hook', false, 'HTTP 500', true],
      ['Energy team', true, '', true],
    ]);
    expect(mails).toHaveLength(2);
    const [bill] = pdfAttachments(mails[1]?.raw ?? '');
    // Named as the console names it: the building's name, not its id.
    expect(bill?.filename).toBe('bill_A_2026-07.pdf');
    const text = await pdfText(bill!.content);
    expect(text).toContain('电费账单');
    expect(text).toContain('2026-07');
  });
});

describe('a claimed run is never lost', () => {
  let durable: ReportSchedule;
  let flaky: NotificationChannel;
  let mailsBefore: number;
  const runAt = '2026-08-10T08:00:30+08:00';
  const leaseMs = () => t.app.energyReports.settings.leaseMs;
  const runsOf = (scheduleId: number) =>
    t.app.db
      .select()
      .from(energyReportRuns)
      .where(eq(energyReportRuns.scheduleId, scheduleId))
      .orderBy(energyReportRuns.runAt);
  const historyOf = async (scheduleId: number) =>
    (await sends())
      .filter((s) => s.scheduleId === scheduleId)
      .map((s) => [s.channelName, s.ok, s.gaveUp, s.manual, `${s.periodFrom}/${s.periodTo}`])
      .sort();

  it('sets up a weekly schedule with a webhook that can hang, the others switched off', async () => {
    const list = await manager('GET', `/sbuilding/energy/report/schedule/list?projectId=${projectId}`);
    for (const s of list.json<{ data: ReportSchedule[] }>().data) {
      const { nextRunAt: _next, lastRunAt: _last, ...fields } = s;
      const off = await manager('PUT', '/sbuilding/energy/report/schedule', { ...fields, enabled: false });
      expect(off.statusCode, off.body).toBe(200);
    }
    flaky = await channel({ name: 'Flaky hook', kind: 'webhook', url: `${hookBase}/flaky` });
    const res = await manager(
      'POST',
      '/sbuilding/energy/report/schedule',
      scheduleBody({ name: 'Durable weekly', channelIds: [emailChannel.id, flaky.id] }),
    );
    expect(res.statusCode, res.body).toBe(200);
    durable = res.json<{ data: ReportSchedule }>().data;
    expect(durable.nextRunAt).toBe(new Date('2026-08-10T08:00:00+08:00').toISOString());
    // Whatever a round in flight was doing is over before the counts are taken.
    await Promise.all([t.app.energyReports.tick(), second?.app.energyReports.tick()]);
    mailsBefore = mails.length;
  });

  it('keeps a run whose node stops mid-send: claimed, the e-mail recorded, the webhook not', async () => {
    const node = second;
    if (!node || !isTestClock(node.app.clock)) throw new Error('no second node');
    holdFlaky = true;
    const arrived = new Promise<void>((resolve) => {
      onHeld = resolve;
    });
    node.app.clock.set(runAt);
    const round = node.app.energyReports.tick();
    await arrived; // the node is waiting for the webhook's answer
    expect(await runsOf(durable.id)).toMatchObject([{ status: 'running', attempts: 1 }]);
    expect(mails).toHaveLength(mailsBefore + 1);
    expect(await historyOf(durable.id)).toEqual([
      ['Energy team', true, false, false, '2026-08-03/2026-08-09'],
    ]);

    await node.close(); // the node goes away mid-send
    second = undefined;
    await round;
    for (const res of held.splice(0)) res.destroy();
    holdFlaky = false;
    expect(await runsOf(durable.id)).toMatchObject([{ status: 'running', attempts: 1 }]);
    expect(await historyOf(durable.id)).toHaveLength(1);
  });

  it('is taken over by one node when the lease has run out, which sends only the webhook', async () => {
    second = await createTestApp({
      captchaEnabled: false,
      env: { TEST_CLOCK: '1', PUBLIC_URL: 'https://console.example.test/' },
      sameDatabaseAs: t,
    });
    if (!isTestClock(second.app.clock)) throw new Error('no test clock');
    second.app.clock.set(runAt);
    await second.app.ready();
    const flakyBefore = hooks.filter((h) => h.url === '/flaky').length;
    // Not yet: the dead node's lease still holds.
    clock.set(new Date(Date.parse(runAt) + leaseMs() - 1000));
    await t.app.energyReports.tick();
    expect(await runsOf(durable.id)).toMatchObject([{ status: 'running', attempts: 1 }]);

    const later = new Date(Date.parse(runAt) + leaseMs() + 1000);
    clock.set(later);
    second.app.clock.set(later);
    await Promise.all([t.app.energyReports.tick(), second.app.energyReports.tick()]);

    expect(await runsOf(durable.id)).toMatchObject([{ status: 'done', attempts: 2, error: '' }]);
    expect(mails).toHaveLength(mailsBefore + 1); // the e-mail once
    const retried = hooks.filter((h) => h.url === '/flaky').slice(flakyBefore);
    expect(retried).toHaveLength(1);
    const message = JSON.parse(retried[0]!.body) as { period: unknown; links: unknown[] };
    expect(message.period).toEqual({ from: '2026-08-03', to: '2026-08-09' });
    expect(message.links).toHaveLength(1);
    expect(await historyOf(durable.id)).toEqual([
      ['Energy team', true, false, false, '2026-08-03/2026-08-09'],
      ['Flaky hook', true, false, false, '2026-08-03/2026-08-09'],
    ]);
  });

  it('never sends a completed run again', async () => {
    const hooksBefore = hooks.length;
    const much = new Date(Date.parse(runAt) + 5 * leaseMs());
    if (!second || !isTestClock(second.app.clock)) throw new Error('no second node');
    clock.set(much);
    second.app.clock.set(much);
    await Promise.all([t.app.energyReports.tick(), second.app.energyReports.tick()]);
    expect(mails).toHaveLength(mailsBefore + 1);
    expect(hooks).toHaveLength(hooksBefore);
    expect(await runsOf(durable.id)).toMatchObject([{ status: 'done', attempts: 2 }]);
    expect(await historyOf(durable.id)).toHaveLength(2);
  });

  it('gives a run up after its last claim ran out, and shows each unsent channel as given up', async () => {
    // A claim of an earlier run whose third node stopped, its lease over (as a dead node leaves it).
    const tenantId = await demoTenantId(t);
    await t.app.db.insert(energyReportRuns).values({
      tenantId,
      projectId,
      scheduleId: durable.id,
      runAt: new Date('2026-07-27T08:00:00+08:00'),
      frequency: 'weekly',
      channelIds: [emailChannel.id, flaky.id],
      attempts: t.app.energyReports.settings.attempts,
      claimedUntil: new Date(clock.now().getTime() - 1000),
      createdAt: new Date('2026-07-27T08:00:00+08:00'),
    });
    const hooksBefore = hooks.length;
    await Promise.all([t.app.energyReports.tick(), second?.app.energyReports.tick()]);
    expect(mails).toHaveLength(mailsBefore + 1);
    expect(hooks).toHaveLength(hooksBefore);
    const [failed] = await runsOf(durable.id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 3 });
    expect(failed?.error).toContain('not completed in 3 attempts');
    expect(await historyOf(durable.id)).toEqual([
      ['Energy team', false, true, false, '2026-07-20/2026-07-26'],
      ['Energy team', true, false, false, '2026-08-03/2026-08-09'],
      ['Flaky hook', false, true, false, '2026-07-20/2026-07-26'],
      ['Flaky hook', true, false, false, '2026-08-03/2026-08-09'],
    ]);
    const given = (await sends()).find((s) => s.gaveUp);
    expect(given?.error).toContain('not completed in 3 attempts');
  });
});

describe('share links', () => {
  const create = (body: Record<string, unknown>, who = manager) =>
    who('POST', '/sbuilding/energy/report/share', {
      projectId,
      kind: 'report',
      period: 'WEEK',
      anchor: '2026-07-15',
      expiresAt: new Date(clock.now().getTime() + 3_600_000).toISOString(),
      ...body,
    });

  it('opens a report and a bill without a session, and nothing else', async () => {
    const res = await create({ label: 'For the landlord' });
    expect(res.statusCode, res.body).toBe(200);
    const link = res.json<{ data: ShareLink }>().data;
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.status).toBe('active');
    const view = await publicGet(link.token!);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.headers['cache-control']).toBe('no-store');
    expect(view.json<{ data: SharedView }>().data.report?.kwh).toBe(58);
    // The token is stored hashed and never listed again.
    const list = await manager('GET', `/sbuilding/energy/report/share/list?projectId=${projectId}`);
    const listed = list.json<{ data: ShareLink[] }>().data.find((l) => l.id === link.id);
    expect(listed).toMatchObject({ label: 'For the landlord', token: null, status: 'active' });
    expect(JSON.stringify(await t.app.db.select().from(projects))).not.toContain(link.token!);

    const bill = await create({ kind: 'bill', month: '2026-07', level: 'building', nodeId: buildingA });
    expect(bill.statusCode, bill.body).toBe(200);
    const billView = await publicGet(bill.json<{ data: ShareLink }>().data.token!);
    expect(billView.json<{ data: SharedView }>().data).toMatchObject({
      kind: 'bill',
      report: null,
      bill: { month: '2026-07', kwh: 58 },
    });
    // Without a token, or with a made-up one: nothing.
    expect((await publicGet('x'.repeat(43))).statusCode).toBe(404);
    expect((await publicGet('short')).statusCode).toBe(400);
    // The signed-in calls still need a session.
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/sbuilding/energy/report/share/list?projectId=${projectId}`,
        })
      ).statusCode,
    ).toBe(401);
  });

  it("offers a shared bill's PDF and .xlsx and a report's PDF, named as the console names them, and nothing once revoked", async () => {
    const file = (token: string, format: string, lang = 'EN') =>
      t.app.inject({
        method: 'GET',
        url: `/sbuilding/public/share/${token}/file?format=${format}`,
        headers: { lang },
      });
    const bill = (
      await create({ kind: 'bill', month: '2026-07', level: 'building', nodeId: buildingA })
    ).json<{ data: ShareLink }>().data;
    const pdf = await file(bill.token!, 'pdf', 'ZH');
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain('filename="bill_A_2026-07.pdf"');
    expect(await pdfText(pdf.rawPayload)).toContain('电费账单');
    const xlsx = await file(bill.token!, 'xlsx');
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    expect(xlsx.headers['content-disposition']).toContain('filename="bill_A_2026-07.xlsx"');
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const report = (await create({})).json<{ data: ShareLink }>().data;
    const reportPdf = await file(report.token!, 'pdf');
    expect(reportPdf.statusCode, reportPdf.body).toBe(200);
    expect(reportPdf.headers['content-disposition']).toContain('energy_report_2026-07-13_2026-07-19.pdf');
    expect((await file(report.token!, 'xlsx')).statusCode).toBe(400);
    await manager('POST', `/sbuilding/energy/report/share/${bill.id}/revoke`);
    expect((await file(bill.token!, 'pdf')).statusCode).toBe(404);
  });

  it('stops working when it expires (on the app clock) and when revoked', async () => {
    const expiring = (await create({})).json<{ data: ShareLink }>().data;
    const revoked = (await create({})).json<{ data: ShareLink }>().data;
    expect((await publicGet(revoked.token!)).statusCode).toBe(200);
    const res = await manager('POST', `/sbuilding/energy/report/share/${revoked.id}/revoke`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: ShareLink }>().data.status).toBe('revoked');
    const gone = await publicGet(revoked.token!, 'ZH');
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toContain('此链接不存在、已过期或已被撤销');

    expect((await publicGet(expiring.token!)).statusCode).toBe(200);
    clock.advance(3_600_000);
    const expired = await publicGet(expiring.token!);
    expect(expired.statusCode).toBe(404);
    expect(expired.body).toContain('This link does not exist, has expired or was revoked');
    const list = await manager('GET', `/sbuilding/energy/report/share/list?projectId=${projectId}`);
    expect(list.json<{ data: ShareLink[] }>().data.find((l) => l.id === expiring.id)?.status).toBe('expired');
  });

  it('stops working while its tenant is disabled, in the words of any closed link', async () => {
    const link = (await create({})).json<{ data: ShareLink }>().data;
    const [project] = await t.app.db.select().from(projects).where(eq(projects.id, projectId));
    const tenantId = project?.tenantId ?? 0;
    // Written straight to the table: disabling through the API would also end the sessions later tests use.
    await t.app.db.update(tenants).set({ status: '1' }).where(eq(tenants.id, tenantId));
    try {
      const closed = await publicGet(link.token!);
      expect(closed.statusCode).toBe(404);
      expect(closed.body).toContain('This link does not exist, has expired or was revoked');
    } finally {
      await t.app.db.update(tenants).set({ status: '0' }).where(eq(tenants.id, tenantId));
    }
    expect((await publicGet(link.token!)).statusCode).toBe(200);
  });
});

describe('bad input, tenancy and roles', () => {
  it('names an expiry in the past, a bad period and an unknown channel, in both languages', async () => {
    const past = new Date(clock.now().getTime() - 1000).toISOString();
    const share = (who: typeof manager, body: Record<string, unknown>) =>
      who('POST', '/sbuilding/energy/report/share', {
        projectId,
        kind: 'report',
        period: 'WEEK',
        anchor: '2026-07-15',
        expiresAt: new Date(clock.now().getTime() + 3_600_000).toISOString(),
        ...body,
      });
    const pastEn = await share(manager, { expiresAt: past });
    expect(pastEn.statusCode).toBe(400);
    expect(pastEn.body).toContain('The expiry must be in the future');
    expect((await share(managerZh, { expiresAt: past })).body).toContain('到期时间必须晚于现在');
    // A link is a door without a session: a year at most (year 9999 was accepted once).
    const far = await share(manager, { expiresAt: '9999-12-31T00:00:00Z' });
    expect(far.statusCode).toBe(400);
    expect(far.body).toContain('A share link can stay open a year at most');
    const yearAhead = new Date(clock.now().getTime() + 365 * 86_400_000 - 60_000).toISOString();
    expect((await share(manager, { expiresAt: yearAhead })).statusCode).toBe(200);

    const dayEn = await share(manager, { period: 'DAY' });
    expect(dayEn.statusCode).toBe(400);
    expect(dayEn.body).toContain('Choose a week or a month');
    const noMonth = await share(managerZh, { kind: 'bill', nodeId: buildingA, month: '2026-13' });
    expect(noMonth.statusCode).toBe(400);
    expect(noMonth.body).toContain('请选择一周或一个月');

    const unknown = await manager(
      'POST',
      '/sbuilding/energy/report/schedule',
      scheduleBody({ channelIds: [999999] }),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('Notification channel 999999 is not one of this project’s channels');
    const unknownZh = await managerZh(
      'POST',
      '/sbuilding/energy/report/schedule',
      scheduleBody({ channelIds: [999999] }),
    );
    expect(unknownZh.body).toContain('通知渠道 999999 不属于本项目');
    const nothing = await manager(
      'POST',
      '/sbuilding/energy/report/schedule',
      scheduleBody({ includeReport: false, includeBills: false, includeFaults: false }),
    );
    expect(nothing.statusCode).toBe(400);
    expect(nothing.body).toContain('Send the report, the bills or the fault findings (one at least)');
    const noChannel = await managerZh(
      'POST',
      '/sbuilding/energy/report/schedule',
      scheduleBody({ channelIds: [] }),
    );
    expect(noChannel.statusCode).toBe(400);
    expect(noChannel.body).toContain('请选择');
  });

  it('keeps other tenants out and lets only a tbAdmin manage', async () => {
    const list = await manager('GET', `/sbuilding/energy/report/schedule/list?projectId=${projectId}`);
    const [schedule] = list.json<{ data: ReportSchedule[] }>().data;
    const shares = await manager('GET', `/sbuilding/energy/report/share/list?projectId=${projectId}`);
    const [link] = shares.json<{ data: ShareLink[] }>().data;
    if (!schedule || !link) throw new Error('nothing to test with');
    for (const [method, url] of [
      ['GET', `/sbuilding/energy/report/schedule/list?projectId=${projectId}`],
      ['GET', `/sbuilding/energy/report/send/list?projectId=${projectId}`],
      ['GET', `/sbuilding/energy/report/share/list?projectId=${projectId}`],
      ['DELETE', `/sbuilding/energy/report/schedule/${schedule.id}`],
      ['POST', `/sbuilding/energy/report/schedule/${schedule.id}/send`],
      ['POST', `/sbuilding/energy/report/share/${link.id}/revoke`],
    ] as const) {
      expect((await stranger(method, url)).statusCode, url).toBe(404);
      expect((await customer(method, url)).statusCode, url).toBe(403);
    }
    expect(
      (
        await stranger('POST', '/sbuilding/energy/report/share', {
          projectId,
          kind: 'report',
          period: 'WEEK',
          anchor: '2026-07-15',
          expiresAt: new Date(clock.now().getTime() + 3_600_000).toISOString(),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await stranger('PUT', '/sbuilding/energy/report/schedule', {
          ...scheduleBody(),
          id: schedule.id,
          version: 1,
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('the fault findings of a scheduled report', () => {
  it("sends the week's findings, the costliest first, by e-mail in both languages and in the webhook's message", async () => {
    const [meter] = await t.app.db.select().from(devices).where(eq(devices.name, 'M1 ch1'));
    if (!meter) throw new Error('no meter');
    const finding = (
      rule: 'baseLoad' | 'counterJump' | 'acOnVacant',
      raisedAt: string,
      lastSeen: string,
    ) => ({
      tenantId: meter.tenantId,
      projectId,
      buildingId: buildingA,
      deviceId: meter.id,
      rule,
      firstSeen: new Date(raisedAt),
      lastSeen: new Date(lastSeen),
      checkedAt: new Date(lastSeen),
      raisedAt: new Date(raisedAt),
      evidence: { readings: {}, wasteWatts: 0 },
    });
    // The week of 3-9 August (local): a base load found on the 5th, wasting 12 kWh over a day; a jump found
    // in July but seen in the week (still open); an AC finding raised after the week, which it leaves out.
    await t.app.db.insert(fddFindings).values([
      {
        ...finding('baseLoad', '2026-08-05T01:00:00+08:00', '2026-08-06T01:00:00+08:00'),
        wasteKwh: 12,
        wasteCost: 9.6,
        wasteCo2: 7.2,
      },
      finding('counterJump', '2026-07-30T10:00:00+08:00', '2026-08-04T10:00:00+08:00'),
      {
        ...finding('acOnVacant', '2026-08-10T10:00:00+08:00', '2026-08-11T10:00:00+08:00'),
        wasteKwh: 50,
        wasteCost: 40,
      },
    ]);
    const created = await manager(
      'POST',
      '/sbuilding/energy/report/schedule',
      scheduleBody({ name: 'Weekly faults', includeReport: false, includeFaults: true }),
    );
    expect(created.statusCode, created.body).toBe(200);
    const schedule = created.json<{ data: ReportSchedule }>().data;
    expect(schedule).toMatchObject({ includeReport: false, includeBills: false, includeFaults: true });
    clock.set('2026-08-12T10:00:00+08:00');
    const mailsBefore = mails.length;
    const hooksBefore = hooks.length;
    const res = await manager('POST', `/sbuilding/energy/report/schedule/${schedule.id}/send`);
    expect(res.statusCode, res.body).toBe(200);
    expect(
      res
        .json<{ data: ReportSend[] }>()
        .data.map((r) => [r.channelName, r.ok, r.periodFrom, r.periodTo])
        .sort(),
    ).toEqual([
      ['Energy hook', true, '2026-08-03', '2026-08-09'],
      ['Energy team', true, '2026-08-03', '2026-08-09'],
    ]);

    expect(mails).toHaveLength(mailsBefore + 1);
    const mail = readableMail(mails.at(-1)?.raw ?? '');
    expect(pdfAttachments(mails.at(-1)?.raw ?? '')).toEqual([]);
    expect(mail).toContain('fault findings 2026-08-03 – 2026-08-09');
    expect(mail).toContain(
      'Fault findings 2026-08-03 – 2026-08-09: 1 found, 3 still open; wasted so far 12.0 kWh, cost 9.60, 7.2 kgCO2e.',
    );
    expect(mail).toContain(
      '  - Night or weekend load above its usual level: M1 ch1 (A), 12.0 kWh and 9.60 a day',
    );
    expect(mail).toContain('故障诊断 2026-08-03 至 2026-08-09：发现 1 项，仍待处理 3 项');
    expect(mail).toContain('  - 夜间或周末负荷高于平常水平：M1 ch1（A），每天 12.0 kWh、9.60');
    expect(mail).not.toContain('air conditioner');

    expect(hooks).toHaveLength(hooksBefore + 1);
    const message = JSON.parse(hooks.at(-1)!.body) as { links: unknown[]; faults: FddDigest };
    expect(message.links).toEqual([]);
    expect(message.faults).toMatchObject({ from: '2026-08-03', to: '2026-08-09', raised: 1, active: 3 });
    expect(message.faults.top.map((f) => [f.rule, f.deviceName, f.status])).toEqual([
      ['baseLoad', 'M1 ch1', 'open'],
      ['counterJump', 'M1 ch1', 'open'],
    ]);
  });
});
