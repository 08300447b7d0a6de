import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { WorkOrder, WorkOrderDetail, WorkOrderStatus } from '@sbuilding/shared';
import { isTestClock, type TestClock } from '../../platform/clock.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { demoProjectId, readXlsx } from '../../test/device-import.js';
import { multipartFile, PNG_1X1 } from '../../test/multipart.js';
import { as, createTenant, demoTenantId } from '../../test/tenants.js';
import { alerts } from '../alerts/tables.js';
import { buildings } from '../buildings/tables.js';
import { devices } from '../devices/tables.js';
import { users } from '../users/tables.js';

/*
 * Work orders on the demo campus (issue 37): the status flow and who may make each move, edits and comments
 * with pictures, bulk assignment, an alert to a work order and back. The clock stands on Wednesday
 * 2026-03-11 10:00 in Shanghai (a working day, inside the campus's 09:00-18:00 office hours).
 */

let t: TestApp;
let clock: TestClock;
let manager: ReturnType<typeof as>;
let tech: ReturnType<typeof as>;
let customer: ReturnType<typeof as>;
let display: ReturnType<typeof as>;
let stranger: ReturnType<typeof as>;
let projectId: number;
let techId: number;
let customerId: number;
let light: { id: number; buildingId: number; floorId: number | null };

type Call = ReturnType<typeof as>;

async function data<T>(call: Promise<{ statusCode: number; body: string; json(): unknown }>): Promise<T> {
  const res = await call;
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  if (typeof body !== 'object' || body === null || !('data' in body)) throw new Error('no data');
  return body.data as T;
}

const create = (who: Call, body: object) =>
  data<WorkOrderDetail>(who('PUT', '/sbuilding/workorder/create', { projectId, title: 'Broken', ...body }));
const move = (who: Call, id: number, to: WorkOrderStatus, extra: object = {}) =>
  who('POST', `/sbuilding/workorder/transition/${id}`, { to, ...extra });
const detail = (id: number) => data<WorkOrderDetail>(manager('GET', `/sbuilding/workorder/${id}`));

beforeAll(async () => {
  t = await createTestApp({ captchaEnabled: false, env: { TEST_CLOCK: '1' } });
  if (!isTestClock(t.app.clock)) throw new Error('no test clock');
  clock = t.app.clock;
  clock.set('2026-03-11T10:00:00+08:00');
  await t.app.ready();
  const managerToken = await t.login('manager', 'manager123');
  manager = as(t, managerToken);
  tech = as(t, await t.login('tech', 'tech123'));
  customer = as(t, await t.login('customer', 'customer123'));
  display = as(t, await t.login('display', 'display123'));
  await createTenant(t, 'Other tenant', [{ username: 'othermanager', role: 'tbAdmin' }]);
  stranger = as(t, await t.login('othermanager', 'othermanager123'));
  projectId = await demoProjectId(t, managerToken);
  const ids = await t.app.db.select({ id: users.id, username: users.username }).from(users);
  techId = ids.find((u) => u.username === 'tech')?.id ?? 0;
  customerId = ids.find((u) => u.username === 'customer')?.id ?? 0;
  const [found] = await t.app.db
    .select({ id: devices.id, buildingId: devices.buildingId, floorId: devices.floorId })
    .from(devices)
    .where(and(eq(devices.projectId, projectId), eq(devices.category, 'light')))
    .limit(1);
  if (!found) throw new Error('no light');
  light = found;
});
afterAll(() => t.close());

describe('making work orders', () => {
  it("places a work order at its device's floor and building, new, due by its priority's service level", async () => {
    const order = await create(manager, { deviceId: light.id, priority: 'urgent' });
    expect(order).toMatchObject({
      status: 'new',
      source: 'console',
      deviceId: light.id,
      buildingId: light.buildingId,
      floorId: light.floorId,
      // Urgent: 4 hours around the clock.
      dueAt: new Date('2026-03-11T14:00:00+08:00').toISOString(),
      slaPaused: false,
      overdue: false,
      transitions: ['assigned', 'inProgress', 'onHold', 'resolved', 'closed'],
    });
    expect(order.history.map((h) => [h.event, h.toStatus, h.userName])).toEqual([
      ['created', 'new', 'Manager'],
    ]);
  });

  it('assigns at once when it names an assignee, and refuses one who may not work orders', async () => {
    const order = await create(manager, { assigneeId: techId });
    expect(order).toMatchObject({ status: 'assigned', assigneeId: techId, assigneeName: 'Technician' });
    const [displayUser] = await t.app.db.select().from(users).where(eq(users.username, 'display'));
    const res = await manager('PUT', '/sbuilding/workorder/create', {
      projectId,
      title: 'x',
      assigneeId: displayUser?.id,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/cannot be given work orders/);
  });

  it("refuses a building of another project (400) and another tenant's rows (404)", async () => {
    const other = await data<{ id: number }>(
      manager('PUT', '/sbuilding/project/create', {
        projectName: 'Elsewhere',
        status: 'deploying',
        address: 'x',
      }),
    );
    const [hall] = await t.app.db
      .insert(buildings)
      .values({
        tenantId: await demoTenantId(t),
        projectId: other.id,
        name: 'Far',
        longitude: 1,
        latitude: 1,
      })
      .returning();
    const wrongPlace = await manager('PUT', '/sbuilding/workorder/create', {
      projectId,
      title: 'x',
      buildingId: hall?.id,
    });
    expect(wrongPlace.statusCode).toBe(400);
    const theirs = await stranger('PUT', '/sbuilding/workorder/create', { projectId, title: 'x' });
    expect(theirs.statusCode).toBe(404);
  });
});

describe('the status flow and who may make each move', () => {
  let order: WorkOrderDetail;

  it('lets the reporter, a tbCustomer, report; only a tbAdmin assigns', async () => {
    order = await create(customer, { deviceId: light.id });
    expect(order).toMatchObject({ reporterId: customerId, status: 'new', transitions: ['closed'] });
    expect((await move(customer, order.id, 'assigned')).statusCode).toBe(403);
    const saved = await manager('POST', `/sbuilding/workorder/save/${order.id}`, {
      version: order.version,
      title: order.title,
      description: 'Flickers',
      priority: 'high',
      deviceId: light.id,
      assigneeId: techId,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ status: 'assigned', assigneeId: techId, priority: 'high' });
  });

  it('lets the assignee start, hold, resume and resolve their own work, and nobody else but a tbAdmin', async () => {
    expect((await move(customer, order.id, 'inProgress')).statusCode).toBe(403);
    expect((await move(display, order.id, 'inProgress')).statusCode).toBe(403);
    expect((await move(stranger, order.id, 'inProgress')).statusCode).toBe(404);
    const started = await move(tech, order.id, 'inProgress', { note: 'On my way' });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().data).toMatchObject({
      status: 'inProgress',
      acknowledgedAt: clock.now().toISOString(),
      transitions: ['onHold', 'resolved'],
    });
    expect((await move(tech, order.id, 'onHold')).statusCode).toBe(200);
    expect((await move(tech, order.id, 'inProgress')).statusCode).toBe(200);
    expect((await move(tech, order.id, 'closed')).statusCode).toBe(400);
    expect((await move(tech, order.id, 'assigned')).statusCode).toBe(403);
    const resolved = await move(tech, order.id, 'resolved', { note: 'New driver' });
    expect(resolved.json().data).toMatchObject({ status: 'resolved', resolvedWithinSla: true });
  });

  it('lets the reporter close or reopen their own report, not the assignee', async () => {
    expect((await move(tech, order.id, 'closed')).statusCode).toBe(403);
    expect((await move(customer, order.id, 'closed')).statusCode).toBe(200);
    const reopened = await move(customer, order.id, 'assigned', { note: 'Flickers again' });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json().data).toMatchObject({
      status: 'assigned',
      resolvedAt: null,
      closedAt: null,
      slaPaused: false,
    });
    const history = (await detail(order.id)).history.filter((h) => h.event === 'status');
    expect(history.map((h) => [h.userName, h.fromStatus, h.toStatus, h.note])).toEqual([
      ['Technician', 'assigned', 'inProgress', 'On my way'],
      ['Technician', 'inProgress', 'onHold', ''],
      ['Technician', 'onHold', 'inProgress', ''],
      ['Technician', 'inProgress', 'resolved', 'New driver'],
      ['Customer', 'resolved', 'closed', ''],
      ['Customer', 'closed', 'assigned', 'Flickers again'],
    ]);
  });

  it("refuses another tbCustomer's close of a report that is not theirs, and lets a tbAdmin make any move", async () => {
    const own = await create(tech, { title: 'Tech report' });
    expect((await move(customer, own.id, 'closed')).statusCode).toBe(403);
    expect((await move(manager, own.id, 'closed')).statusCode).toBe(200);
    expect((await move(manager, own.id, 'new')).statusCode).toBe(200);
  });

  it('refuses a move the flow does not have (400), to assigned without an assignee (400), and a stale one (409)', async () => {
    const fresh = await create(manager, {});
    expect((await move(manager, fresh.id, 'assigned')).statusCode).toBe(400);
    expect((await move(manager, fresh.id, 'new')).statusCode).toBe(400);
    expect((await move(manager, fresh.id, 'inProgress', { version: fresh.version + 1 })).statusCode).toBe(
      409,
    );
    expect((await move(manager, fresh.id, 'inProgress', { version: fresh.version })).statusCode).toBe(200);
    expect((await move(manager, fresh.id, 'onHold', { version: fresh.version })).statusCode).toBe(409);
  });
});

describe('edits, comments and pictures', () => {
  it('lets the reporter correct their report while it is new, never its assignee; a tbAdmin always', async () => {
    const order = await create(customer, {});
    const body = { version: order.version, title: 'Broken lamp', priority: 'normal', description: '' };
    expect((await customer('POST', `/sbuilding/workorder/save/${order.id}`, body)).statusCode).toBe(200);
    const assignTry = { ...body, version: order.version + 1, assigneeId: techId };
    expect((await customer('POST', `/sbuilding/workorder/save/${order.id}`, assignTry)).statusCode).toBe(403);
    expect((await tech('POST', `/sbuilding/workorder/save/${order.id}`, assignTry)).statusCode).toBe(403);
    expect((await display('POST', `/sbuilding/workorder/save/${order.id}`, assignTry)).statusCode).toBe(403);
    const saved = await manager('POST', `/sbuilding/workorder/save/${order.id}`, assignTry);
    expect(saved.statusCode, saved.body).toBe(200);
    const edits = (await detail(order.id)).history.filter((h) => h.event === 'edited');
    expect(edits[0]?.changes).toEqual([{ field: 'title', from: 'Broken', to: 'Broken lamp' }]);
    // Assigned now: the reporter may not edit it any more.
    const late = { ...body, version: order.version + 2, title: 'Changed' };
    expect((await customer('POST', `/sbuilding/workorder/save/${order.id}`, late)).statusCode).toBe(403);
  });

  it("comments with the caller's own pictures, and refuses someone else's upload", async () => {
    const order = await create(manager, { assigneeId: techId });
    const upload = multipartFile('leak.png', PNG_1X1, 'image/png');
    const photo = await data<{ id: string }>(
      tech('POST', '/sbuilding/workorder/upload/photo', upload.payload, upload.headers),
    );
    const stolen = await customer('POST', `/sbuilding/workorder/comment/${order.id}`, {
      text: 'Mine?',
      photoIds: [photo.id],
    });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().msg).toMatch(/uploaded yourself/);
    const commented = await data<WorkOrderDetail>(
      tech('POST', `/sbuilding/workorder/comment/${order.id}`, {
        text: 'Seal replaced',
        photoIds: [photo.id],
      }),
    );
    expect(commented.comments).toMatchObject([{ userName: 'Technician', text: 'Seal replaced' }]);
    const link = commented.comments[0]?.photos[0]?.url ?? '';
    expect(link).toMatch(new RegExp(`/sbuilding/file/${photo.id}\\?exp=`));
    expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(200);
    expect(
      (await display('POST', `/sbuilding/workorder/comment/${order.id}`, { text: 'x' })).statusCode,
    ).toBe(403);
  });
});

describe('lists and bulk assignment', () => {
  it('assigns open work orders in bulk for a tbAdmin only, and shows the technician their own work', async () => {
    const a = await create(manager, { title: 'Bulk A' });
    const b = await create(manager, { title: 'Bulk B' });
    const body = { ids: [a.id, b.id], assigneeId: techId };
    expect((await customer('POST', '/sbuilding/workorder/assign', body)).statusCode).toBe(403);
    expect((await data<{ count: number }>(manager('POST', '/sbuilding/workorder/assign', body))).count).toBe(
      2,
    );
    const mine = await data<{ rows: WorkOrder[] }>(
      tech('POST', '/sbuilding/workorder/getList', { projectId, mine: true, open: true, pageSize: 100 }),
    );
    expect(mine.rows.map((r) => r.title)).toEqual(expect.arrayContaining(['Bulk A', 'Bulk B']));
    expect(mine.rows.every((r) => r.assigneeId === techId)).toBe(true);
    // Display screens read the project's work orders too; another tenant sees none of them.
    const seen = await data<{ total: number }>(
      display('POST', '/sbuilding/workorder/getList', { projectId }),
    );
    expect(seen.total).toBeGreaterThan(2);
    expect((await stranger('POST', '/sbuilding/workorder/getList', { projectId })).statusCode).toBe(404);
  });

  it("exports the filter's work orders to .xlsx in the request's language, times on the project's clock", async () => {
    const urgent = await create(manager, { title: 'Exported leak', priority: 'urgent' });
    await create(manager, { title: 'Exported but low', priority: 'low' });
    const zh = as(t, await t.login('manager', 'manager123'), 'ZH');
    const res = await data<{ fileName: string }>(
      zh('POST', '/sbuilding/workorder/export', { projectId, priority: 'urgent' }),
    );
    const file = await manager('GET', `/common/download?fileName=${res.fileName}&delete=true`);
    expect(file.statusCode).toBe(200);
    const rows = await readXlsx(file.rawPayload);
    const header = rows[0] ?? [];
    expect(header).toEqual(expect.arrayContaining(['标题', '状态', '优先级', '创建时间 (UTC+08:00)']));
    const titles = rows.slice(1).map((r) => r[header.indexOf('标题')]);
    expect(titles).toContain('Exported leak');
    expect(titles).not.toContain('Exported but low');
    const row = rows.find((r) => r[header.indexOf('标题')] === 'Exported leak') ?? [];
    expect(row[header.indexOf('优先级')]).toBe('紧急');
    expect(row[header.indexOf('状态')]).toBe('新建');
    expect(row[header.indexOf('创建时间 (UTC+08:00)')]).toBe('2026-03-11 10:00:00');
    expect(row[header.indexOf('编号')]).toBe(urgent.id);
    // Downloaded once: the file is gone after.
    expect((await manager('GET', `/common/download?fileName=${res.fileName}`)).statusCode).not.toBe(200);
    // Another tenant cannot export this project's work orders.
    expect((await stranger('POST', '/sbuilding/workorder/export', { projectId })).statusCode).toBe(404);
  });
});

describe('alerts and work orders', () => {
  it('makes one work order of an alert with its place, device and priority, linked both ways', async () => {
    await t.app.alertDetector.handle([{ deviceId: light.id, online: false }]);
    const [alert] = await t.app.db
      .select()
      .from(alerts)
      .where(and(eq(alerts.deviceId, light.id), eq(alerts.status, 'alerting')));
    if (!alert) throw new Error('no alert');
    const first = await data<WorkOrderDetail>(customer('PUT', `/sbuilding/workorder/fromAlert/${alert.id}`));
    const again = await data<WorkOrderDetail>(manager('PUT', `/sbuilding/workorder/fromAlert/${alert.id}`));
    expect(again.id).toBe(first.id);
    expect(first).toMatchObject({
      source: 'alert',
      alertId: alert.id,
      deviceId: light.id,
      buildingId: light.buildingId,
      priority: 'normal', // a light offline is a general alert
      alert: { id: alert.id, status: 'alerting' },
    });
    const seen = await data<{ workOrderId: number }>(manager('GET', `/sbuilding/alert/${alert.id}`));
    expect(seen.workOrderId).toBe(first.id);
    expect((await stranger('PUT', `/sbuilding/workorder/fromAlert/${alert.id}`)).statusCode).toBe(404);
    expect((await display('PUT', `/sbuilding/workorder/fromAlert/${alert.id}`)).statusCode).toBe(403);

    // Resolving asks whether to handle the alert: handled as the technician, said on the work order.
    await manager('POST', '/sbuilding/workorder/assign', { ids: [first.id], assigneeId: techId });
    const done = await move(tech, first.id, 'resolved', {
      handleAlert: true,
      alertSolution: 'replaceDevice',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.alert).toMatchObject({ status: 'processed' });
    expect(done.json().data.history.map((h: { event: string }) => h.event)).toContain('alertHandled');
    const [handled] = await t.app.db.select().from(alerts).where(eq(alerts.id, alert.id));
    expect(handled).toMatchObject({ status: 'processed', solution: 'replaceDevice' });
  });

  it('says on its work order that an alert resolved by itself', async () => {
    const [other] = await t.app.db
      .select({ id: devices.id })
      .from(devices)
      .where(and(eq(devices.projectId, projectId), eq(devices.category, 'thSensor')))
      .limit(1);
    if (!other) throw new Error('no sensor');
    await t.app.alertDetector.handle([{ deviceId: other.id, online: false }]);
    const [alert] = await t.app.db.select().from(alerts).where(eq(alerts.deviceId, other.id));
    const order = await data<WorkOrderDetail>(manager('PUT', `/sbuilding/workorder/fromAlert/${alert?.id}`));
    await t.app.alertDetector.handle([{ deviceId: other.id, online: true }]);
    await t.app.workOrders.alertLink.idle();
    const after = await detail(order.id);
    expect(after.alert).toMatchObject({ status: 'processed' });
    expect(after.history.filter((h) => h.event === 'alertResolved')).toMatchObject([
      { userId: null, note: 'backOnline' },
    ]);
    // Resolving it now: the alert has nothing left to handle.
    const done = await move(manager, order.id, 'resolved', { handleAlert: true });
    expect(done.statusCode).toBe(200);
    expect(done.json().data.history.map((h: { event: string }) => h.event)).not.toContain('alertHandled');
  });

  it("makes work orders by itself from the alerts the project's rule covers, and only those", async () => {
    const settings = await data<{ version: number; serviceLevels: object }>(
      manager('GET', `/sbuilding/workorder/settings?projectId=${projectId}`),
    );
    const rule = { enabled: true, levels: ['urgent'], types: ['offline'] };
    const body = {
      projectId,
      serviceLevels: settings.serviceLevels,
      autoFromAlerts: rule,
      version: settings.version,
    };
    expect((await customer('POST', '/sbuilding/workorder/settings', body)).statusCode).toBe(403);
    expect((await manager('POST', '/sbuilding/workorder/settings', body)).statusCode).toBe(200);
    expect((await manager('POST', '/sbuilding/workorder/settings', body)).statusCode).toBe(409);
    const gateways = await t.app.db
      .select({ id: devices.id, category: devices.category })
      .from(devices)
      .where(and(eq(devices.projectId, projectId), eq(devices.category, 'acGateway')))
      .limit(1);
    const [sensor] = await t.app.db
      .select({ id: devices.id })
      .from(devices)
      .where(and(eq(devices.projectId, projectId), eq(devices.category, 'pirSensor')))
      .limit(1);
    const gateway = gateways[0];
    if (!gateway || !sensor) throw new Error('no devices');
    await t.app.alertDetector.handle([
      { deviceId: gateway.id, online: false },
      { deviceId: sensor.id, online: false },
    ]);
    await t.app.workOrders.alertLink.idle();
    const made = await t.app.db.select().from(alerts).where(eq(alerts.status, 'alerting'));
    const list = await data<{ rows: WorkOrder[] }>(
      manager('POST', '/sbuilding/workorder/getList', { projectId, source: 'alert', pageSize: 100 }),
    );
    const gatewayAlert = made.find((a) => a.deviceId === gateway.id);
    const sensorAlert = made.find((a) => a.deviceId === sensor.id);
    expect(list.rows.filter((r) => r.alertId === gatewayAlert?.id)).toMatchObject([
      { priority: 'urgent', reporterId: null, deviceId: gateway.id },
    ]);
    expect(list.rows.some((r) => r.alertId === sensorAlert?.id)).toBe(false);
  });
});
