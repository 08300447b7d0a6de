import { afterAll, afterEach, beforeAll, describe, expect, it, inject, vi } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage, screenshot, type OpenedPage } from './support/browser.js';
import { expectAccessible, expectNoProblems, signIn } from './support/console.js';
import { choose, type Api } from './support/devices.js';
import { tinyPng } from './support/images.js';

/**
 * The mini-program page (/wxProgram) on a phone (390 × 844): the shared live server (simulator on), so
 * the demo campus's lights answer and report. A weixin customer of Building A, created by the demo tbAdmin,
 * comes in through the mini-program's query entry, sees live states, switches a light, runs a scene, in
 * English and Chinese; signs in on the login page and from a building's QR code link; is told to reopen
 * the mini-program when its token has ended; and reports a problem with a photo, which becomes a work order
 * they follow and nobody else in the mini-program sees.
 */
const PHONE = { width: 390, height: 844 };
const LIGHT = 'A-F1 corridor light 1';
const SCENE_LIGHT = 'A-F1 corridor light 2';
const SCENE = 'Corridor lights on';
const OCCUPANT = { username: 'occupant', password: 'occupant123' };

let browser: Browser;
const liveUrl = inject('liveUrl');
let opened: OpenedPage | undefined;
let manager: Api;
let hallId = 0;
let otherHallId = 0;
let projectId = 0;

async function login(username: string, password: string): Promise<string> {
  const res = await fetch(`${liveUrl}/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password, code: '', uuid: '' }),
  });
  const answer = (await res.json()) as { code: number; data: { token: string } };
  if (answer.code !== 200) throw new Error(`login ${username}: ${answer.code}`);
  return answer.data.token;
}

function apiAs(token: string): Api {
  return {
    call: async <T>(method: string, path: string, body?: unknown): Promise<T> => {
      const response = await fetch(`${liveUrl}${path}`, {
        method,
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const answer = (await response.json()) as { code: number; msg?: string; data: T };
      if (answer.code !== 200) throw new Error(`${method} ${path}: ${answer.code} ${answer.msg ?? ''}`);
      return answer.data;
    },
  };
}

interface Row {
  id: number;
  name: string;
  online: boolean;
  telemetry: Record<string, { value: unknown }>;
}

async function device(name: string): Promise<Row> {
  const page = await manager.call<{ rows: Row[] }>('POST', '/sbuilding/device/getList/v2', {
    name,
    pageSize: 5,
  });
  const row = page.rows.find((r) => r.name === name);
  if (!row) throw new Error(`${name} is not in the demo campus`);
  return row;
}

/** A phone-sized page; `locale` is the device language. */
async function phone(locale = 'en-US'): Promise<Page> {
  opened = await openPage(browser, { locale });
  await opened.page.setViewportSize(PHONE);
  return opened.page;
}

/** The mini-program's entry (spec section 2): the token, project and building in the query. */
async function enterFromMiniProgram(page: Page): Promise<void> {
  const token = await login(OCCUPANT.username, OCCUPANT.password);
  await page.goto(
    `${liveUrl}/?miniprogram=1&admin_token=${encodeURIComponent(token)}&projectId=${projectId}&hallId=${hallId}`,
  );
  await page.waitForURL(
    (url) => url.pathname === '/wxProgram' && url.searchParams.get('hallId') === String(hallId),
  );
}

beforeAll(async () => {
  browser = await launchBrowser();
  manager = apiAs(await login('manager', 'manager123'));
  const projects = await manager.call<{ rows: { id: number; projectName: string }[] }>(
    'POST',
    '/sbuilding/project/getList',
    { projectName: 'Demo Campus' },
  );
  projectId = projects.rows[0]?.id ?? 0;
  const halls = await manager.call<{ id: number; name: string }[]>('GET', '/sbuilding/user/hallOptions');
  hallId = halls.find((h) => h.name === 'Building A')?.id ?? 0;
  otherHallId = halls.find((h) => h.name !== 'Building A')?.id ?? 0;
  // What the tbAdmin does on the users page and in the scene wizard.
  await manager.call('PUT', '/sbuilding/user/create', {
    userName: OCCUPANT.username,
    password: OCCUPANT.password,
    nickName: 'Occupant',
    role: 'tbWeixinCustomer',
    hallIds: [hallId],
  });
  // The simulator connects the campus shortly after the server is ready (expect.poll is for tests only).
  await vi.waitFor(
    async () => {
      if (!(await device(LIGHT)).online) throw new Error(`${LIGHT} never came online`);
    },
    { timeout: 60_000, interval: 250 },
  );
  await manager.call('PUT', '/sbuilding/scene/create', {
    projectId,
    name: SCENE,
    triggerType: 'manual',
    category: 'light',
    miniProgram: true,
    targets: [{ kind: 'device', id: (await device(SCENE_LIGHT)).id }],
    actions: [{ method: 'setOnOff', params: { onOff: true } }],
  });
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async (context) => {
  if (opened) {
    if (context.task.result?.state === 'fail') await screenshot(opened.page, 'failed-wx-program');
    expectNoProblems(opened);
    await opened.context.close();
    opened = undefined;
  }
});

describe('the mini-program page on a phone', () => {
  it('opens from the mini-program entry, follows live states, switches a light and runs a scene', async () => {
    const page = await phone();
    await enterFromMiniProgram(page);
    await page.getByRole('heading', { level: 1, name: 'Building A' }).waitFor();
    await page.getByRole('heading', { name: 'Air quality now' }).waitFor();
    await page.getByRole('heading', { name: 'Energy today' }).waitFor();
    // One column: nothing wider than the phone, no sidebar or tag bar.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await page.getByRole('navigation', { name: 'Main menu' }).count()).toBe(0);

    // Live: someone else switches the light; the open page follows through the socket.
    const light = await device(LIGHT);
    const power = page.getByRole('switch', { name: `${LIGHT} on or off` });
    await power.waitFor();
    const before = (await power.getAttribute('aria-checked')) === 'true';
    await manager.call('POST', '/sbuilding/dev-rpccmd/sendCmd', {
      deviceId: light.id,
      method: 'setOnOff',
      params: { onOff: !before },
      terminal: 'app',
    });
    await expect.poll(() => power.getAttribute('aria-checked'), { timeout: 10_000 }).toBe(String(!before));

    // The person switches it back with a thumb: the simulated light obeys and reports.
    await power.click();
    await expect.poll(() => power.getAttribute('aria-checked'), { timeout: 10_000 }).toBe(String(before));
    await expect
      .poll(async () => (await device(LIGHT)).telemetry.onOff?.value, { timeout: 10_000 })
      .toBe(before);
    const log = await manager.call<{ rows: { terminal: string; userName: string; method: string }[] }>(
      'POST',
      '/sbuilding/control-log/getList',
      { projectId, deviceId: light.id },
    );
    expect(log.rows[0]).toMatchObject({ terminal: 'miniProgram', userName: 'occupant', method: 'setOnOff' });

    // Brightness sits behind Adjust: no hover, no pop-up.
    await page.getByRole('listitem').filter({ has: power }).getByRole('button', { name: 'Adjust' }).click();
    await page.getByRole('slider', { name: `Brightness of ${LIGHT}` }).waitFor();

    // An offered scene is a button; what it did is said under it.
    await page.getByRole('button', { name: SCENE }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `${SCENE}: done` })
      .waitFor({ timeout: 10_000 });
    await expect
      .poll(async () => (await device(SCENE_LIGHT)).telemetry.onOff?.value, { timeout: 10_000 })
      .toBe(true);
    await expect
      .poll(() => page.getByRole('switch', { name: `${SCENE_LIGHT} on or off` }).getAttribute('aria-checked'))
      .toBe('true');
    await expectAccessible(page, '/wxProgram on a phone');
  });

  it('speaks Simplified Chinese on a Chinese phone', async () => {
    const page = await phone('zh-CN');
    await enterFromMiniProgram(page);
    await page.getByRole('heading', { name: '当前空气质量' }).waitFor();
    await page.getByRole('heading', { name: '今日能耗' }).waitFor();
    await page.getByRole('button', { name: '刷新' }).waitFor();
    await page.getByRole('switch', { name: `${LIGHT} 开关` }).waitFor();
    await expectAccessible(page, '/wxProgram in Chinese');
  });

  it("tells a person whose mini-program token has ended to reopen it, not the console's login page", async () => {
    const page = await phone();
    await enterFromMiniProgram(page);
    await page.getByRole('heading', { level: 1, name: 'Building A' }).waitFor();
    const token = (await page.context().cookies()).find((c) => c.name === 'Admin-Token')?.value ?? '';
    await apiAs(token).call('POST', '/logout', {});
    await page.reload();
    await page.getByText('Your session has ended').waitFor();
    await page.getByText('Close the mini-program and open it again from WeChat to carry on.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/wxProgram');
    await expectAccessible(page, 'ended mini-program session');
  });

  it("signs in from a building's QR code link and comes back to it; the login page lands on /wxProgram", async () => {
    const page = await phone();
    await page.goto(`${liveUrl}/wxProgram?hallId=${hallId}`);
    await page.waitForURL((url) => url.pathname === '/login');
    await signIn(page, OCCUPANT.username, OCCUPANT.password);
    await page.waitForURL(
      (url) => url.pathname === '/wxProgram' && url.searchParams.get('hallId') === String(hallId),
    );
    await page.getByRole('heading', { level: 1, name: 'Building A' }).waitFor();

    // Signing in on the normal login page: the only building opens by itself.
    await page.context().clearCookies();
    await page.goto(`${liveUrl}/login`);
    await signIn(page, OCCUPANT.username, OCCUPANT.password);
    await page.waitForURL(
      (url) => url.pathname === '/wxProgram' && url.searchParams.get('hallId') === String(hallId),
    );
    await page.getByRole('heading', { level: 1, name: 'Building A' }).waitFor();
  });

  it("reports a problem in a room with a photo and follows it; another building's occupant sees none of it", async () => {
    const occupant = apiAs(await login(OCCUPANT.username, OCCUPANT.password));
    const hall = await occupant.call<{
      floors: { name: string | null; rooms: { zoneId: number | null; name: string | null }[] }[];
    }>('GET', `/sbuilding/wx/hall/${hallId}`);
    const floor = hall.floors.find((f) => f.name && f.rooms.some((r) => r.zoneId !== null));
    const room = floor?.rooms.find((r) => r.zoneId !== null);
    if (!floor || !room?.name) throw new Error('Building A has no room to report from');
    const problem = `The ceiling light flickers ${Date.now()}`;

    const page = await phone();
    await enterFromMiniProgram(page);
    const card = page.getByRole('region', { name: 'Report a problem' });
    await card.getByRole('button', { name: 'Report a problem' }).click();
    // The shared schema's rule, before anything is sent.
    await card.getByRole('button', { name: 'Send the report' }).click();
    await card.getByText('What is wrong is required').waitFor();
    await choose(page, card.getByRole('combobox', { name: 'Room' }), `${floor.name} · ${room.name}`);
    await card.getByRole('textbox', { name: 'What is wrong' }).fill(problem);
    await card
      .locator('input[type=file]')
      .setInputFiles({ name: 'light.png', mimeType: 'image/png', buffer: tinyPng() });
    await card.getByRole('img', { name: 'A photo preview' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await card.getByRole('button', { name: 'Send the report' }).click();
    await card.getByRole('status').filter({ hasText: 'your report has been sent' }).waitFor();

    const item = card.getByRole('listitem').filter({ hasText: problem });
    await item.getByText('Received').waitFor();
    await item.getByText(room.name).waitFor();
    await item.getByRole('img', { name: `Photo of: ${problem}` }).waitFor();
    await expectAccessible(page, 'reporting a problem on /wxProgram');

    // The facilities team sees an occupant's work order in that room, with its photo.
    const orders = await manager.call<{
      rows: { id: number; description: string; source: string; zoneName: string; status: string }[];
    }>('POST', '/sbuilding/workorder/getList', { projectId, pageSize: 50 });
    const order = orders.rows.find((o) => o.description === problem);
    expect(order).toMatchObject({ source: 'occupant', zoneName: room.name, status: 'new' });
    const detail = await manager.call<{ photos: unknown[] }>('GET', `/sbuilding/workorder/${order?.id ?? 0}`);
    expect(detail.photos).toHaveLength(1);

    // Their move shows on the occupant's page in the occupant's words.
    await manager.call('POST', `/sbuilding/workorder/transition/${order?.id ?? 0}`, { to: 'inProgress' });
    await page.getByRole('button', { name: 'Refresh' }).click();
    await item.getByText('Being fixed').waitFor();

    // An occupant of another building sees none of it, and cannot report in Building A.
    await manager.call('PUT', '/sbuilding/user/create', {
      userName: 'occupant2',
      password: 'occupant123',
      nickName: 'Occupant 2',
      role: 'tbWeixinCustomer',
      hallIds: [otherHallId],
    });
    const other = apiAs(await login('occupant2', 'occupant123'));
    const theirs = await other.call<{ description: string }[]>('GET', '/sbuilding/wx/workorders');
    expect(theirs.map((r) => r.description)).not.toContain(problem);
    await expect(
      other.call('PUT', '/sbuilding/wx/workorder/create', { hallId, description: 'Not my building' }),
    ).rejects.toThrow(/: 40[34] /);
  });

  it("answers another building's link with one message and the way back, and rounds the air's readings", async () => {
    const page = await phone();
    await enterFromMiniProgram(page);
    await page.getByRole('heading', { level: 1, name: 'Building A' }).waitFor();
    // Readings as the air board rounds them: whole ppm, a tenth of a degree (not '17.683 °C').
    const temperature = page.locator('.wx-reading').filter({ hasText: 'Temperature' }).locator('dd');
    await expect.poll(() => temperature.textContent()).toMatch(/^-?\d+(\.\d)? °C/);

    await page.goto(`${liveUrl}/wxProgram?hallId=${otherHallId}`);
    await page.getByText('This building is not one of yours').waitFor();
    // Said once on the page, with no notice stacked on top of it.
    expect(await page.locator('.ant-message-notice, .ant-notification-notice').count()).toBe(0);
    await page.getByRole('button', { name: 'My buildings' }).click();
    await page.waitForURL((url) => url.searchParams.get('hallId') === String(hallId));
    await page.getByRole('heading', { level: 1, name: 'Building A' }).waitFor();
  });
});
