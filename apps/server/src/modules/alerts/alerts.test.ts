import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { formatInstant, type Alert, type AlertDetail } from '@sbuilding/shared';
import { createTestApp, type TestApp } from '../../test/app.js';
import { insertDevice } from '../../test/devices.js';
import { demoProjectId, readXlsx } from '../../test/device-import.js';
import { as, createTenant } from '../../test/tenants.js';
import { DeviceDirectory } from '../../mqtt/directory.js';
import { devices } from '../devices/tables.js';
import { AlertDetector } from './detection.js';
import { reportCount } from './service.js';
import { alerts } from './tables.js';

let t: TestApp;
let manager: ReturnType<typeof as>;
let customer: ReturnType<typeof as>;
let display: ReturnType<typeof as>;
let stranger: ReturnType<typeof as>;
let projectId: number;
let directory: DeviceDirectory;

beforeAll(async () => {
  t = await createTestApp({ captchaEnabled: false });
  manager = as(t, await t.login('manager', 'manager123'));
  customer = as(t, await t.login('customer', 'customer123'));
  display = as(t, await t.login('display', 'display123'));
  await createTenant(t, 'Other tenant', [{ username: 'otheradmin', role: 'tbAdmin' }]);
  stranger = as(t, await t.login('otheradmin', 'otheradmin123'));
  projectId = await demoProjectId(t, await t.login('manager', 'manager123'));
  directory = new DeviceDirectory(t.app.db, t.app.alertDetector.onPresence);
});
afterAll(() => t.close());

/** A device that is online now (it spoke a minute ago). */
async function onlineDevice(
  model: Parameters<typeof insertDevice>[1]['model'],
  name: string,
  parentId?: number,
) {
  const device = await insertDevice(t.app.db, { model, name, parentId: parentId ?? null });
  await t.app.db
    .update(devices)
    .set({ online: true, lastActivityAt: new Date(Date.now() - 60_000) })
    .where(eq(devices.id, device.id));
  return device;
}

async function settle() {
  await t.app.alertDetector.idle();
}

async function alertsOf(deviceId: number) {
  return t.app.db.select().from(alerts).where(eq(alerts.deviceId, deviceId));
}

async function detail(id: number): Promise<AlertDetail> {
  const res = await manager('GET', `/sbuilding/alert/${id}`);
  expect(res.statusCode).toBe(200);
  return res.json<{ data: AlertDetail }>().data;
}

/** A device that went offline, and its alert. */
async function offlineAlert(name: string, model: 'th10' | 'ac20' | 'ba' = 'th10') {
  const device = await onlineDevice(model, name);
  await directory.setOnline([device.id], false);
  await settle();
  const [alert] = await alertsOf(device.id);
  if (!alert) throw new Error('no alert raised');
  return { device, alert };
}

describe('offline detection', () => {
  it('raises one alert when a device goes offline, with its place, level and last telemetry time', async () => {
    const { alert } = await offlineAlert('Lobby sensor');
    expect(alert).toMatchObject({
      status: 'alerting',
      type: 'offline',
      level: 'general',
      object: 'Lobby sensor',
      deviceName: 'Lobby sensor',
      projectId,
      version: 1,
    });
    expect(alert.positionName).not.toBe('');
    expect(alert.lastTelemetryAt).not.toBeNull();
    const { history } = await detail(alert.id);
    expect(history).toMatchObject([{ event: 'raised', toStatus: 'alerting', userId: null }]);
  });

  it('sets the level by kind: a gateway urgent, an AC unit secondary', async () => {
    expect((await offlineAlert('Roof gateway', 'ba')).alert.level).toBe('urgent');
    expect((await offlineAlert('Office AC', 'ac20')).alert.level).toBe('secondary');
  });

  it('resolves the alert on its own when the device comes back: processed, back online, a date, a system entry', async () => {
    const { device, alert } = await offlineAlert('Returning sensor');
    await directory.setOnline([device.id], true);
    await settle();
    const back = await detail(alert.id);
    expect(back).toMatchObject({ status: 'processed', solution: 'backOnline', version: 2 });
    expect(back.resolvedAt).not.toBeNull();
    expect(back.history.at(-1)).toMatchObject({
      event: 'backOnline',
      fromStatus: 'alerting',
      toStatus: 'processed',
      userId: null,
    });
  });

  it('keeps a flapping device to one alert, its returns and losses in the history', async () => {
    const { device, alert } = await offlineAlert('Flapping sensor');
    for (let i = 0; i < 3; i++) {
      await directory.setOnline([device.id], true);
      await directory.setOnline([device.id], false);
    }
    await settle();
    const rows = await alertsOf(device.id);
    expect(rows).toHaveLength(1);
    const flapped = await detail(alert.id);
    expect(flapped.status).toBe('alerting');
    expect(flapped.history.map((h) => h.event)).toEqual([
      'raised',
      'backOnline',
      'offlineAgain',
      'backOnline',
      'offlineAgain',
      'backOnline',
      'offlineAgain',
    ]);
  });

  it('reports only real transitions: an offline device going offline again adds nothing', async () => {
    const { device, alert } = await offlineAlert('Quiet sensor');
    await directory.setOnline([device.id], false);
    await settle();
    expect((await detail(alert.id)).history).toHaveLength(1);
  });

  it('adds to the open alert when an offline is reported while one is open', async () => {
    const { device, alert } = await offlineAlert('Double-reported sensor');
    await t.app.alertDetector.handle([{ deviceId: device.id, online: false }]);
    expect(await alertsOf(device.id)).toHaveLength(1);
    expect((await detail(alert.id)).history.map((h) => h.event)).toEqual(['raised', 'offlineAgain']);
  });

  it('raises nothing once stopped: devices dropped by the server shutting down have not failed', async () => {
    const detector = new AlertDetector(() => t.app.db, t.app.alertEvents, t.app.log);
    const leaving = new DeviceDirectory(t.app.db, detector.onPresence);
    const device = await onlineDevice('th10', 'Shutdown sensor');
    detector.stop();
    await leaving.setOnline([device.id], false);
    await detector.idle();
    expect(await alertsOf(device.id)).toHaveLength(0);
  });

  it('raises one urgent alert for a gateway going offline, none for the devices behind it', async () => {
    const gateway = await onlineDevice('ba', 'Floor gateway');
    const light = await onlineDevice('s2', 'Light behind it', gateway.id);
    await directory.setGatewayOffline(gateway.id);
    await settle();
    expect(await alertsOf(gateway.id)).toMatchObject([{ level: 'urgent', status: 'alerting' }]);
    expect(await alertsOf(light.id)).toHaveLength(0);
  });

  it('raises alerts for silent devices found by the sweep, but not for those behind a silent gateway', async () => {
    const gateway = await onlineDevice('ba', 'Silent gateway');
    const light = await onlineDevice('s2', 'Silent light', gateway.id);
    const sensor = await onlineDevice('th10', 'Silent sensor');
    await t.app.db
      .update(devices)
      .set({ lastActivityAt: new Date(Date.now() - 30 * 60_000) })
      .where(eq(devices.id, gateway.id));
    await t.app.db
      .update(devices)
      .set({ lastActivityAt: new Date(Date.now() - 30 * 60_000) })
      .where(eq(devices.id, light.id));
    await t.app.db
      .update(devices)
      .set({ lastActivityAt: new Date(Date.now() - 30 * 60_000) })
      .where(eq(devices.id, sensor.id));
    await directory.expireSilent(5);
    await settle();
    expect(await alertsOf(gateway.id)).toHaveLength(1);
    expect(await alertsOf(sensor.id)).toHaveLength(1);
    expect(await alertsOf(light.id)).toHaveLength(0);
  });
});

describe('the alert lifecycle', () => {
  it('processes an alert with a solution and a date, and records who did it', async () => {
    const { alert } = await offlineAlert('Processed sensor');
    const date = '2026-11-21T10:00:00.000Z';
    const res = await customer('POST', `/sbuilding/alert/process/${alert.id}`, {
      version: 1,
      solution: 'repairDevice',
      date,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: Alert }>().data).toMatchObject({
      status: 'processed',
      solution: 'repairDevice',
      resolvedAt: date,
      version: 2,
    });
    expect((await detail(alert.id)).history.at(-1)).toMatchObject({
      event: 'processed',
      fromStatus: 'alerting',
      toStatus: 'processed',
      solution: 'repairDevice',
      userName: 'Customer',
    });
  });

  it('requires the solution and the date to process', async () => {
    const { alert } = await offlineAlert('Unprocessed sensor');
    const noSolution = await manager('POST', `/sbuilding/alert/process/${alert.id}`, {
      version: 1,
      date: '2026-11-21T10:00:00.000Z',
    });
    expect(noSolution.statusCode).toBe(400);
    expect(noSolution.json<{ msg: string }>().msg).toContain('Solution is required');
    const noDate = await manager('POST', `/sbuilding/alert/process/${alert.id}`, {
      version: 1,
      solution: 'testReason',
    });
    expect(noDate.statusCode).toBe(400);
    expect(noDate.json<{ msg: string }>().msg).toContain('Date is required');
    const badSolution = await manager('POST', `/sbuilding/alert/process/${alert.id}`, {
      version: 1,
      solution: 'prayer',
      date: '2026-11-21T10:00:00.000Z',
    });
    expect(badSolution.statusCode).toBe(400);
    expect((await detail(alert.id)).status).toBe('alerting');
  });

  it('ignores an alert', async () => {
    const { alert } = await offlineAlert('Ignored sensor');
    const res = await manager('POST', `/sbuilding/alert/ignore/${alert.id}`, { version: 1 });
    expect(res.statusCode).toBe(200);
    const ignored = await detail(alert.id);
    expect(ignored).toMatchObject({ status: 'ignored', version: 2 });
    expect(ignored.history.at(-1)).toMatchObject({
      event: 'ignored',
      toStatus: 'ignored',
      userName: 'Manager',
    });
  });

  it('refuses a stale version with 409 and the notice, and changes nothing', async () => {
    const { alert } = await offlineAlert('Contested sensor');
    const first = await manager('POST', `/sbuilding/alert/ignore/${alert.id}`, { version: 1 });
    expect(first.statusCode).toBe(200);
    const second = await customer('POST', `/sbuilding/alert/process/${alert.id}`, {
      version: 1,
      solution: 'testReason',
      date: '2026-11-21T10:00:00.000Z',
    });
    expect(second.statusCode).toBe(409);
    expect(second.json<{ msg: string }>().msg).toBe('Alert status is changed, Please update now');
    const stale = await customer('POST', `/sbuilding/alert/ignore/${alert.id}`, { version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(await detail(alert.id)).toMatchObject({ status: 'ignored', solution: null, version: 2 });
  });

  it('refuses to handle an alert already resolved by the device coming back (its version moved)', async () => {
    const { device, alert } = await offlineAlert('Self-healed sensor');
    await directory.setOnline([device.id], true);
    await settle();
    const res = await manager('POST', `/sbuilding/alert/ignore/${alert.id}`, { version: 1 });
    expect(res.statusCode).toBe(409);
    const again = await manager('POST', `/sbuilding/alert/ignore/${alert.id}`, { version: 2 });
    expect(again.statusCode).toBe(409);
  });

  it("closes a deleted device's open alert with 'device deletion', by the user who deleted it", async () => {
    const { device, alert } = await offlineAlert('Deleted sensor');
    expect((await manager('DELETE', `/sbuilding/device/del/${device.id}`)).statusCode).toBe(200);
    const closed = await detail(alert.id);
    expect(closed).toMatchObject({
      status: 'processed',
      solution: 'deviceDeletion',
      deviceId: null,
      version: 2,
    });
    expect(closed.history.at(-1)).toMatchObject({ userName: 'Manager', solution: 'deviceDeletion' });
  });

  it('does not let the display role handle alerts, but lets it read them', async () => {
    const { alert } = await offlineAlert('Watched sensor');
    expect((await display('GET', `/sbuilding/alert/${alert.id}`)).statusCode).toBe(200);
    expect((await display('POST', `/sbuilding/alert/ignore/${alert.id}`, { version: 1 })).statusCode).toBe(
      403,
    );
    expect((await display('POST', '/sbuilding/alert/ignoreAll', { projectId })).statusCode).toBe(403);
  });
});

describe('the board calls', () => {
  it('lists with filters and paging, newest first', async () => {
    await offlineAlert('Paged gateway', 'ba');
    const urgent = await manager('POST', '/sbuilding/alert/getList', {
      projectId,
      level: 'urgent',
      status: 'alerting',
      pageNum: 1,
      pageSize: 2,
    });
    expect(urgent.statusCode).toBe(200);
    const page = urgent.json<{ data: { rows: Alert[]; total: number } }>().data;
    expect(page.rows.length).toBeLessThanOrEqual(2);
    expect(page.total).toBeGreaterThanOrEqual(1);
    expect(page.rows.every((r) => r.level === 'urgent' && r.status === 'alerting')).toBe(true);
    expect(page.rows[0]?.object).toBe('Paged gateway');
    const future = await manager('POST', '/sbuilding/alert/getList', {
      projectId,
      from: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(future.json<{ data: { total: number } }>().data.total).toBe(0);
    const bad = await manager('POST', '/sbuilding/alert/getList', { projectId, level: 'panic' });
    expect(bad.statusCode).toBe(400);
    expect((await manager('POST', '/sbuilding/alert/getList', {})).statusCode).toBe(400);
  });

  it('counts the alerts of the filter by level', async () => {
    const res = await manager('POST', '/sbuilding/alert/counts', { projectId, status: 'alerting' });
    expect(res.statusCode).toBe(200);
    const counts = res.json<{
      data: Record<'total' | 'urgent' | 'secondary' | 'general' | 'complete', number>;
    }>().data;
    const [byDb] = await t.app.db
      .select()
      .from(alerts)
      .where(eq(alerts.status, 'alerting'))
      .then((rows) => [rows.length]);
    expect(counts.total).toBe(byDb);
    expect(counts.urgent + counts.secondary + counts.general + counts.complete).toBe(counts.total);
  });

  it('counts only open alerts on the level cards, the resolved ones apart', async () => {
    const before = (await manager('POST', '/sbuilding/alert/counts', { projectId })).json().data;
    const { alert } = await offlineAlert('Counted gateway', 'ba');
    const raised = (await manager('POST', '/sbuilding/alert/counts', { projectId })).json().data;
    expect(raised.urgent).toBe(before.urgent + 1);
    expect(raised.total).toBe(before.total + 1);
    const handled = await manager('POST', `/sbuilding/alert/process/${alert.id}`, {
      version: alert.version,
      solution: 'testReason',
      date: '2026-11-21T10:00:00.000Z',
    });
    expect(handled.statusCode).toBe(200);
    const after = (await manager('POST', '/sbuilding/alert/counts', { projectId })).json().data;
    // Resolved: off the urgent card (a red "Urgent 14" while nothing was open), on its own.
    expect(after.urgent).toBe(before.urgent);
    expect(after.resolved).toBe(raised.resolved + 1);
    expect(after.total).toBe(raised.total);
    const open = await t.app.db.select().from(alerts).where(eq(alerts.status, 'alerting'));
    expect(after.urgent + after.secondary + after.general + after.complete).toBe(
      open.filter((a) => a.projectId === projectId).length,
    );
  });

  it('ignores every alerting alert of the filter, and only those', async () => {
    const { alert: general } = await offlineAlert('Ignore-all sensor');
    const { alert: urgent } = await offlineAlert('Spared gateway', 'ba');
    const res = await manager('POST', '/sbuilding/alert/ignoreAll', { projectId, level: 'general' });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: { count: number } }>().data.count).toBeGreaterThanOrEqual(1);
    expect((await detail(general.id)).history.at(-1)).toMatchObject({
      event: 'ignoredAll',
      toStatus: 'ignored',
    });
    expect((await detail(urgent.id)).status).toBe('alerting');
    const left = await manager('POST', '/sbuilding/alert/counts', { projectId, status: 'alerting' });
    expect(left.json<{ data: { general: number } }>().data.general).toBe(0);
  });

  it('exports the alerts of the filter to .xlsx in the request language', async () => {
    const { alert } = await offlineAlert('Exported sensor');
    const res = await as(t, await t.login('manager', 'manager123'), 'ZH')('POST', '/sbuilding/alert/export', {
      projectId,
      status: 'alerting',
    });
    expect(res.statusCode).toBe(200);
    const { fileName } = res.json<{ data: { fileName: string } }>().data;
    const file = await manager('GET', `/common/download?fileName=${fileName}&delete=true`);
    expect(file.statusCode).toBe(200);
    const rows = await readXlsx(file.rawPayload);
    expect(rows[0]).toContain('级别');
    expect(rows.slice(1).some((r) => r.includes('Exported sensor'))).toBe(true);
    expect(rows.slice(1).every((r) => r.includes('告警中'))).toBe(true);
    // Times in the project's zone (the demo campus: Shanghai), the zone in the header (issue 18).
    const header = rows[0] ?? [];
    const timeColumn = header.indexOf('告警时间 (UTC+08:00)');
    expect(timeColumn).toBeGreaterThan(-1);
    const exported = rows.find((r) => r.includes('Exported sensor')) ?? [];
    expect(exported[timeColumn]).toBe(formatInstant(alert.alertTime, 'Asia/Shanghai', 'zh-CN'));
    // One order in every language, year first (issue 34).
    expect(exported[timeColumn]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('counts the badge: alerting alerts of the tenant', async () => {
    const scopeRes = await manager('POST', '/sbuilding/alert/counts', { projectId, status: 'alerting' });
    const total = scopeRes.json<{ data: { total: number } }>().data.total;
    const [row] = await t.app.db.select().from(alerts).where(eq(alerts.projectId, projectId)).limit(1);
    if (!row) throw new Error('no alert');
    const count = await reportCount(t.app.db, {
      userId: 0,
      tenantId: row.tenantId,
      roles: ['tbAdmin'],
      permissions: [],
      isAdmin: false,
    });
    expect(count).toBe(total);
    await offlineAlert('Badge sensor');
    expect(
      await reportCount(t.app.db, {
        userId: 0,
        tenantId: row.tenantId,
        roles: ['tbAdmin'],
        permissions: [],
        isAdmin: false,
      }),
    ).toBe(total + 1);
  });
});

describe('tenant isolation', () => {
  it('keeps every alert call of another tenant away from the demo tenant alerts', async () => {
    const { alert } = await offlineAlert('Private sensor');
    // Another tenant's project is not found (the access policy), as an unknown one would be.
    expect((await stranger('POST', '/sbuilding/alert/getList', { projectId })).statusCode).toBe(404);
    expect((await stranger('POST', '/sbuilding/alert/counts', { projectId })).statusCode).toBe(404);
    expect((await stranger('GET', `/sbuilding/alert/${alert.id}`)).statusCode).toBe(404);
    expect((await stranger('POST', `/sbuilding/alert/ignore/${alert.id}`, { version: 1 })).statusCode).toBe(
      404,
    );
    expect(
      (
        await stranger('POST', `/sbuilding/alert/process/${alert.id}`, {
          version: 1,
          solution: 'testReason',
          date: '2026-11-21T10:00:00.000Z',
        })
      ).statusCode,
    ).toBe(404);
    expect((await stranger('POST', '/sbuilding/alert/ignoreAll', { projectId })).statusCode).toBe(404);
    // The export is named after its project: another tenant's project is not found.
    const exported = await stranger('POST', '/sbuilding/alert/export', { projectId });
    expect(exported.statusCode).toBe(404);
    expect((await detail(alert.id)).status).toBe('alerting');
  });
});
