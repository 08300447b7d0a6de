import { expect } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { openPage, type OpenedPage } from './browser.js';
import { DEMO_PASSWORDS, expectAccessible, signInAndWait } from './console.js';

/**
 * Helpers of the device screens' suites (devices, device marks, groups): a signed-in project administrator
 * on Demo Campus, the API with the session's token for arranging and checking, antd selects by their names.
 */

/** Unique per run and per file: MACs, codes and names the demo data (DEMO…, 02:5B:…) never uses. */
export function runTag(): string {
  return Date.now().toString(36).slice(-6).toUpperCase();
}

export interface Api {
  call: <T>(method: string, path: string, body?: unknown) => Promise<T>;
}

/** The API as the page's session (the console keeps its token in the Admin-Token cookie). */
export async function apiOf(page: Page, baseUrl: string): Promise<Api> {
  const cookies = await page.context().cookies();
  return apiWithToken(baseUrl, cookies.find((c) => c.name === 'Admin-Token')?.value ?? '');
}

/** The API as a demo user signed in through /login (the test servers run without the captcha). */
export async function apiAs(baseUrl: string, username: string): Promise<Api> {
  const response = await fetch(`${baseUrl}/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORDS[username] ?? '' }),
  });
  const answer = (await response.json()) as { code: number; data: { token: string } };
  if (answer.code !== 200) throw new Error(`sign-in of ${username}: ${answer.code}`);
  return apiWithToken(baseUrl, answer.data.token);
}

function apiWithToken(baseUrl: string, token: string): Api {
  return {
    call: async <T>(method: string, path: string, body?: unknown): Promise<T> => {
      const response = await fetch(`${baseUrl}${path}`, {
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

export interface Place {
  projectId: number;
  buildingId: number;
  floors: { id: number; name: string; sort: number }[];
}

/** Demo Campus and one of its buildings, with the floors in their order. */
export async function demoPlace(api: Api, building: string): Promise<Place> {
  const projects = await api.call<{ rows: { id: number; projectName: string }[] }>(
    'POST',
    '/sbuilding/project/getList',
    { pageNum: 1, pageSize: 100, projectName: 'Demo Campus' },
  );
  const project = projects.rows.find((p) => p.projectName === 'Demo Campus');
  if (!project) throw new Error('Demo Campus not found');
  const halls = await api.call<{ rows: { id: number; name: string }[] }>('POST', '/sbuilding/hall/getList', {
    projectId: project.id,
    pageNum: 1,
    pageSize: 100,
  });
  const hall = halls.rows.find((b) => b.name === building);
  if (!hall) throw new Error(`${building} not found`);
  const floors = await api.call<{ rows: { id: number; name: string; sort: number }[] }>(
    'POST',
    '/sbuilding/floor/getList',
    { buildingId: hall.id, pageNum: 1, pageSize: 100 },
  );
  return {
    projectId: project.id,
    buildingId: hall.id,
    floors: [...floors.rows].sort((a, b) => a.sort - b.sort),
  };
}

/** After sign-in: Demo Campus chosen as the console's project and the guide skipped, as a returning person has it. */
export async function chooseDemoCampus(
  page: Page,
  baseUrl: string,
): Promise<{ api: Api; projectId: number }> {
  const api = await apiOf(page, baseUrl);
  const { projectId } = await demoPlace(api, 'Building A');
  await page.evaluate((id) => {
    localStorage.setItem('projectId', String(id));
    sessionStorage.setItem('guideSkipped', 'true');
  }, projectId);
  return { api, projectId };
}

/** In an opened page: signs in as the demo project administrator, chooses Demo Campus past the guide, opens `path`. */
export async function signInAsManager(
  opened: OpenedPage,
  baseUrl: string,
  path: string,
): Promise<{ opened: OpenedPage; page: Page; api: Api; projectId: number }> {
  const { page } = opened;
  await signInAndWait(page, baseUrl, 'manager');
  const { api, projectId } = await chooseDemoCampus(page, baseUrl);
  await page.goto(`${baseUrl}${path}`);
  return { opened, page, api, projectId };
}

/** A new page signed in as the demo project administrator with Demo Campus chosen, on `path`. */
export async function openAsManager(
  browser: Browser,
  baseUrl: string,
  path: string,
  options: { timezoneId?: string } = {},
): Promise<{ opened: OpenedPage; page: Page; api: Api; projectId: number }> {
  return signInAsManager(await openPage(browser, options), baseUrl, path);
}

/**
 * Opens an antd select by its accessible name, picks the option whose text is exactly `option`, and waits
 * until the select shows it and its list has gone. The list is the one the combobox owns (`<id>_list`), so
 * a neighbour's list still fading out is never clicked; a click that lands mid-animation and selects
 * nothing is tried again (seen on a loaded machine: the list stayed open). An option the list has not drawn
 * (antd draws a long list's options in view only) is typed into a searchable select.
 */
export async function choose(page: Page, combobox: Locator, option: string): Promise<void> {
  const exactly = new RegExp(`^${escape(option)}$`);
  const id = await combobox.getAttribute('id');
  const list = page.locator('.ant-select-dropdown').filter({ has: page.locator(`[id="${id}_list"]`) });
  // antd 6 draws a single select's value as text beside its input, in the input's parent.
  const chosen = combobox.locator('xpath=..');
  for (let attempt = 1; ; attempt += 1) {
    if ((await combobox.getAttribute('aria-expanded')) !== 'true') await combobox.click();
    const target = list.locator('.ant-select-item-option').filter({ hasText: exactly }).first();
    // A long list draws only the options in view: a searchable select is narrowed by typing, as people do.
    await list.locator('.ant-select-item-option').first().waitFor();
    if (!(await target.isVisible()) && (await combobox.isEditable())) await combobox.fill(option);
    await target.click();
    try {
      await expect.poll(() => combobox.getAttribute('aria-expanded'), { timeout: 3_000 }).toBe('false');
      break;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
  await expect.poll(() => chosen.textContent()).toBe(option);
  await expect
    .poll(() => list.locator(':scope:not(.ant-select-dropdown-hidden)').count(), { timeout: 5_000 })
    .toBe(0);
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** axe once antd's opening animations (zoom, fade, drawer slide) have finished: mid-way colours read wrong. */
export async function expectAccessibleSettled(page: Page, where: string): Promise<void> {
  // Every axe check now waits for the page's animations (seriousA11yViolations); the name stays for its callers.
  await expectAccessible(page, where);
}

/** Resolves when the page has had an answer to a request whose path ends with `path`. */
export function answered(page: Page, method: string, path: string | RegExp) {
  return page.waitForResponse(
    (r) =>
      r.request().method() === method &&
      (typeof path === 'string' ? new URL(r.url()).pathname === path : path.test(new URL(r.url()).pathname)),
  );
}
