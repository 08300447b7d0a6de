import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { WorkOrder, WorkOrderDetail, WorkOrderStats, WxWorkOrder } from '@sbuilding/shared';
import { isTestClock, type TestClock } from '../../platform/clock.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { demoProjectId } from '../../test/device-import.js';
import { as } from '../../test/tenants.js';
import { buildings } from '../buildings/tables.js';
import { devices } from '../devices/tables.js';
import { users } from '../users/tables.js';
import { workOrders } from './tables.js';

/*
 * Work orders on the clock (issue 37): due times on a project's work calendar (08:00-17:00 on working days,
 * Friday 2026-05-01 a holiday), paused on hold; escalation marked and notified once to a real HTTP receiver
 * though two nodes look; the board's figures of a known set; maintenance plans made once per period across two
 * nodes; an occupant's reports from the mini-program, seen by nobody else.
 */

const HOUR = 3_600_000;

const hooks: { event: string; workOrderId: number | null }[] = [];
const receiver = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
      event: string;
      workOrder: { id: number } | null;
    };
    hooks.push({ event: body.event, workOrderId: body.workOrder?.id ?? null });
    res.writeHead(200).end('ok');
  });
});

let t: TestApp;
let second: TestApp | undefined;
let clock: TestClock;
let manager: ReturnType<typeof as>;
let projectId: number;
let hallId: number;
const orders: Record<'urgent' | 'high' | 'normal' | 'low', WorkOrderDetail> = {} as never;

type Call = ReturnType<typeof as>;

async function data<T>(call: Promise<{ statusCode: number; body: string; json(): unknown }>): Promise<T> {
  const res = await call;
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  if (typeof body !== 'object' || body === null || !('data' in body)) throw new Error('no data');
  return body.data as T;
}

const iso = (local: string) => new Date(local).toISOString();
const detail = (id: number) => data<WorkOrderDetail>(manager('GET', `/sbuilding/workorder/${id}`));
const move = (who: Call, id: number, to: string) =>
  data<WorkOrderDetail>(who('POST', `/sbuilding/workorder/transition/${id}`, { to }));

/** Both nodes' clocks at one instant. */
function setClocks(local: string) {
  clock.set(local);
  if (second && isTestClock(second.app.clock)) second.app.clock.set(local);
}

/** One round of every node's runner at once, then their dispatchers' sends. */
async function tickAll() {
  const nodes = [t, ...(second ? [second] : [])];
  await Promise.all(nodes.map((n) => n.app.workOrders.runner.tick()));
  await Promise.all(nodes.map((n) => n.app.notifications.idle()));
}

const overdueHooks = (id: number) =>
  hooks.filter((h) => h.event === 'workOrderOverdue' && h.workOrderId === id);

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const port = (receiver.address() as AddressInfo).port;
  t = await createTestApp({ captchaEnabled: false, env: { TEST_CLOCK: '1' } });
  if (!isTestClock(t.app.clock)) throw new Error('no test clock');
  clock = t.app.clock;
  // Thursday 2026-04-30 15:00 in Shanghai: two working hours left today, then a holiday and a weekend.
  clock.set('2026-04-30T15:00:00+08:00');
  await t.app.ready();
  // A second node of the deployment on the same database: every round below runs on both at once.
  second = await createTestApp({ captchaEnabled: false, env: { TEST_CLOCK: '1' }, sameDatabaseAs: t });
  if (!isTestClock(second.app.clock)) throw new Error('no test clock');
  second.app.clock.set('2026-04-30T15:00:00+08:00');
  await second.app.ready();
  manager = as(t, await t.login('manager', 'manager123'));
  const project = await data<{ id: number }>(
    manager('PUT', '/sbuilding/project/create', {
      projectName: 'SLA tower',
      status: 'deploying',
      address: 'x',
    }),
  );
  projectId = project.id;
  await data(
    manager('POST', '/sbuilding/work/rest', {
      projectId,
      name: 'Office hours',
      startTime: '08:00',
      endTime: '17:00',
      timeType: 'WORK',
      zoneType: 'office',
    }),
  );
  await data(
    manager('POST', '/sbuilding/vacations', {
      projectId,
      year: 2026,
      version: 0,
      days: [{ date: '2026-05-01', type: 'holiday', name: 'Labour Day' }],
    }),
  );
  const hall = await data<{ id: number }>(
    manager('PUT', '/sbuilding/hall/create', {
      projectId,
      name: 'SLA hall',
      longitude: 121.5,
      latitude: 31.2,
      address: 'Shanghai',
    }),
  );
  hallId = hall.id;
  await data(
    manager('POST', '/sbuilding/workorder/settings', {
      projectId,
      serviceLevels: {
        urgent: { amount: 4, unit: 'hours' },
        high: { amount: 1, unit: 'workingDays' },
        normal: { amount: 3, unit: 'workingDays' },
        low: { amount: 2, unit: 'workingHours' },
      },
      autoFromAlerts: { enabled: false, levels: [], types: [] },
      version: 0,
    }),
  );
  // The project's escalation contact: a webhook following the overdue event only.
  await data(
    manager('POST', '/sbuilding/notification/channel', {
      projectId,
      name: 'Facilities escalation',
      kind: 'webhook',
      levels: ['urgent'],
      events: ['workOrderOverdue'],
      url: `http://127.0.0.1:${port}/escalation`,
    }),
  );
});

afterAll(async () => {
  await second?.close();
  await t.close();
  await new Promise((resolve) => receiver.close(resolve));
});

describe('due times on the work calendar', () => {
  it('counts working time past a holiday and a weekend, and hours around the clock', async () => {
    for (const priority of ['urgent', 'high', 'normal', 'low'] as const) {
      orders[priority] = await data<WorkOrderDetail>(
        manager('PUT', '/sbuilding/workorder/create', {
          projectId,
          buildingId: hallId,
          title: priority,
          priority,
        }),
      );
    }
    // 4 hours of the clock: Thursday 19:00.
    expect(orders.urgent.dueAt).toBe(iso('2026-04-30T19:00:00+08:00'));
    // 2 working hours: the rest of Thursday.
    expect(orders.low.dueAt).toBe(iso('2026-04-30T17:00:00+08:00'));
    // 1 working day (9 h): 2 h on Thursday, Friday's holiday and the weekend skipped, 7 h on Monday.
    expect(orders.high.dueAt).toBe(iso('2026-05-04T15:00:00+08:00'));
    // 3 working days (27 h): 2 h Thursday, 9 h Monday, 9 h Tuesday, 7 h Wednesday.
    expect(orders.normal.dueAt).toBe(iso('2026-05-06T15:00:00+08:00'));
  });

  it('stops the clock on hold and starts it again with what was left', async () => {
    // Monday 09:00: 3 of its 9 hours spent (2 on Thursday, 1 today).
    setClocks('2026-05-04T09:00:00+08:00');
    const held = await move(manager, orders.high.id, 'onHold');
    expect(held).toMatchObject({ status: 'onHold', slaPaused: true, overdue: false });
    // Past the old due time while on hold: not late, not escalated (urgent and low, running, are).
    setClocks('2026-05-04T16:00:00+08:00');
    await tickAll();
    expect(await detail(orders.high.id)).toMatchObject({ overdue: false, overdueAt: null, slaPaused: true });
    expect(await detail(orders.urgent.id)).toMatchObject({ overdueAt: iso('2026-05-04T16:00:00+08:00') });
    expect(overdueHooks(orders.high.id)).toEqual([]);
    // Resumed on Tuesday 10:00 with 6 hours left: due at 16:00.
    setClocks('2026-05-05T10:00:00+08:00');
    const resumed = await move(manager, orders.high.id, 'inProgress');
    expect(resumed).toMatchObject({
      status: 'inProgress',
      slaPaused: false,
      dueAt: iso('2026-05-05T16:00:00+08:00'),
      acknowledgedAt: iso('2026-05-05T10:00:00+08:00'),
    });
  });
});

describe('escalation', () => {
  it('marks late work overdue and notifies the escalation contact once, though two nodes look', async () => {
    // Tuesday 16:30: high is late too (urgent and low since Monday's round); normal is due tomorrow.
    setClocks('2026-05-05T16:30:00+08:00');
    await tickAll();
    await tickAll();
    const lateSince = {
      [orders.urgent.id]: '2026-05-04T16:00:00+08:00',
      [orders.low.id]: '2026-05-04T16:00:00+08:00',
      [orders.high.id]: '2026-05-05T16:30:00+08:00',
    };
    for (const late of [orders.urgent, orders.low, orders.high]) {
      await expect.poll(() => overdueHooks(late.id).length).toBe(1);
      const now = await detail(late.id);
      expect(now).toMatchObject({ overdue: true, overdueAt: iso(lateSince[late.id] ?? '') });
      expect(now.history.filter((h) => h.event === 'overdue')).toMatchObject([{ userId: null }]);
    }
    expect(await detail(orders.normal.id)).toMatchObject({ overdue: false, overdueAt: null });
    // Later rounds of both nodes send nothing more.
    setClocks('2026-05-05T16:45:00+08:00');
    await tickAll();
    for (const late of [orders.urgent, orders.low, orders.high])
      expect(overdueHooks(late.id)).toHaveLength(1);
    expect(overdueHooks(orders.normal.id)).toEqual([]);
    const overdue = await data<{ rows: WorkOrder[] }>(
      manager('POST', '/sbuilding/workorder/getList', { projectId, overdue: true, pageSize: 100 }),
    );
    expect(overdue.rows.map((r) => r.title).sort()).toEqual(['high', 'low', 'urgent']);
  });
});

describe("the board's figures", () => {
  it('counts open and overdue work, times to acknowledge and to resolve, and the share within the level', async () => {
    // Wednesday: normal started at 09:00 and resolved at 10:00, within its level (due at 15:00).
    setClocks('2026-05-06T09:00:00+08:00');
    await move(manager, orders.normal.id, 'inProgress');
    setClocks('2026-05-06T10:00:00+08:00');
    const resolved = await move(manager, orders.normal.id, 'resolved');
    expect(resolved).toMatchObject({ resolvedWithinSla: true });
    const stats = await data<WorkOrderStats>(
      manager('GET', `/sbuilding/workorder/stats?projectId=${projectId}&months=2`),
    );
    // Acknowledged: high on Tuesday 10:00 (115 h after its creation), normal on Wednesday 09:00 (138 h).
    const figures = {
      open: 3,
      overdue: 3,
      resolved: 1,
      meanAcknowledgeMs: ((115 + 138) / 2) * HOUR,
      meanResolveMs: 139 * HOUR,
      withinSlaShare: 1,
    };
    expect(stats).toMatchObject(figures);
    expect(stats.byBuilding).toEqual([{ buildingId: hallId, buildingName: 'SLA hall', ...figures }]);
    expect(stats.byMonth).toEqual([
      {
        month: '2026-04',
        created: 4,
        resolved: 0,
        meanAcknowledgeMs: null,
        meanResolveMs: null,
        withinSlaShare: null,
      },
      {
        month: '2026-05',
        created: 0,
        resolved: 1,
        meanAcknowledgeMs: figures.meanAcknowledgeMs,
        meanResolveMs: figures.meanResolveMs,
        withinSlaShare: 1,
      },
    ]);
  });
});

describe('planned maintenance', () => {
  it("makes a plan's work orders once per period, whichever of two nodes looks", async () => {
    const token = await t.login('manager', 'manager123');
    const demo = await demoProjectId(t, token);
    const lights = await t.app.db
      .select({ id: devices.id })
      .from(devices)
      .where(and(eq(devices.projectId, demo), eq(devices.category, 'light')))
      .orderBy(devices.id)
      .limit(2);
    expect(lights).toHaveLength(2);
    const plan = await data<{ id: number; nextRunAt: string }>(
      manager('PUT', '/sbuilding/workorder/plan/create', {
        projectId: demo,
        name: 'Check the emergency lights',
        deviceIds: lights.map((l) => l.id),
        interval: 1,
        intervalUnit: 'weeks',
        startDate: '2026-05-04',
        hour: 8,
      }),
    );
    // Saved on Wednesday: its first run is the next Monday 08:00 (nothing for the Monday before).
    expect(plan.nextRunAt).toBe(iso('2026-05-11T08:00:00+08:00'));
    const made = () => t.app.db.select().from(workOrders).where(eq(workOrders.maintenancePlanId, plan.id));
    await tickAll();
    expect(await made()).toEqual([]);

    setClocks('2026-05-11T08:00:30+08:00');
    await tickAll();
    await tickAll();
    const first = await made();
    expect(first.map((o) => [o.deviceId, o.source, o.status, o.planRunAt?.toISOString()]).sort()).toEqual(
      lights.map((l) => [l.id, 'plan', 'new', iso('2026-05-11T08:00:00+08:00')]).sort(),
    );

    setClocks('2026-05-18T09:00:00+08:00');
    await tickAll();
    await tickAll();
    const runs = (await made()).map((o) => o.planRunAt?.toISOString());
    expect(runs.sort()).toEqual([
      iso('2026-05-11T08:00:00+08:00'),
      iso('2026-05-11T08:00:00+08:00'),
      iso('2026-05-18T08:00:00+08:00'),
      iso('2026-05-18T08:00:00+08:00'),
    ]);
    const plans = await data<{ id: number; nextRunAt: string; lastRunAt: string }[]>(
      manager('POST', '/sbuilding/workorder/plan/getList', { projectId: demo }),
    );
    expect(plans.find((p) => p.id === plan.id)).toMatchObject({
      nextRunAt: iso('2026-05-25T08:00:00+08:00'),
      lastRunAt: iso('2026-05-18T09:00:00+08:00'),
    });
  });
});

describe("occupants' reports", () => {
  it('takes a report in their own building only, and shows it to its reporter and the facilities team only', async () => {
    const token = await t.login('manager', 'manager123');
    const demo = await demoProjectId(t, token);
    const halls = await t.app.db
      .select({ id: buildings.id })
      .from(buildings)
      .where(eq(buildings.projectId, demo))
      .orderBy(buildings.id)
      .limit(2);
    const [own, other] = halls;
    if (!own || !other) throw new Error('the demo campus has two buildings');
    const occupant = async (userName: string, hall: number) => {
      await data(
        manager('PUT', '/sbuilding/user/create', {
          userName,
          nickName: userName,
          password: `${userName}123`,
          role: 'tbWeixinCustomer',
          hallIds: [hall],
        }),
      );
      return as(t, await t.login(userName, `${userName}123`));
    };
    const alice = await occupant('alice', own.id);
    const bob = await occupant('bob', own.id);
    const carol = await occupant('carol', other.id);

    const report = await data<WxWorkOrder>(
      alice('PUT', '/sbuilding/wx/workorder/create', {
        hallId: own.id,
        description: 'The corridor light is out',
      }),
    );
    expect(report).toMatchObject({ hallId: own.id, status: 'new', description: 'The corridor light is out' });
    // Another building's occupant may not report there, nor follow anything of it.
    expect(
      (await carol('PUT', '/sbuilding/wx/workorder/create', { hallId: own.id, description: 'x' })).statusCode,
    ).toBe(404);
    expect((await carol('GET', `/sbuilding/wx/workorders?hallId=${own.id}`)).statusCode).toBe(404);
    // Their own lists: Alice sees her report, Bob (same building) and Carol nothing.
    expect((await data<WxWorkOrder[]>(alice('GET', '/sbuilding/wx/workorders'))).map((r) => r.id)).toEqual([
      report.id,
    ]);
    expect(await data<WxWorkOrder[]>(bob('GET', `/sbuilding/wx/workorders?hallId=${own.id}`))).toEqual([]);
    expect(await data<WxWorkOrder[]>(carol('GET', '/sbuilding/wx/workorders'))).toEqual([]);
    // The console's calls are not theirs.
    expect((await alice('GET', `/sbuilding/workorder/${report.id}`)).statusCode).toBe(403);
    expect(
      (await bob('POST', `/sbuilding/workorder/transition/${report.id}`, { to: 'closed' })).statusCode,
    ).toBe(403);

    // The facilities team sees it as an occupant's report, and the occupant follows its status.
    const seen = await detail(report.id);
    const [aliceRow] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.username, 'alice'));
    expect(seen).toMatchObject({ source: 'occupant', reporterId: aliceRow?.id, buildingId: own.id });
    await move(manager, report.id, 'inProgress');
    const followed = await data<WxWorkOrder[]>(alice('GET', '/sbuilding/wx/workorders'));
    expect(followed).toMatchObject([{ id: report.id, status: 'inProgress' }]);
  });
});
