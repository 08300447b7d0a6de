import { afterAll, afterEach, beforeAll, describe, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage, screenshot, type OpenedPage } from './support/browser.js';
import { expectNoProblems } from './support/console.js';
import { chooseDemoCampus, expectAccessibleSettled } from './support/devices.js';

/**
 * Every board and service page as a wall screen sees it in Chinese: a display user (tbVisualDisplay) with a
 * zh-CN browser opens each route of the board menu; each page titles itself in Chinese, settles, passes the
 * axe check and is kept as a screenshot (test-artifacts/e2e/board-zh-*.png).
 */
const baseUrl = inject('baseUrl');
const PAGES: [path: string, title: string][] = [
  ['/board/index', '平台总览'],
  ['/board/energy', '能耗'],
  ['/board/light', '照明'],
  ['/board/ac', '空调'],
  ['/board/air', '空气质量'],
  ['/board/space', '空间'],
  ['/board/alarm', '告警'],
  ['/board/controlLog', '控制日志'],
  ['/dashboard', '仪表盘'],
];
let browser: Browser;
let opened: OpenedPage | undefined;

// One display screen signed in once; each page is a test of its own, so a slow page names itself.
beforeAll(async () => {
  browser = await launchBrowser();
  opened = await openPage(browser, { locale: 'zh-CN' });
  const { page } = opened;
  await page.goto(`${baseUrl}/login`);
  await page.getByRole('textbox', { name: '用户名' }).fill('display');
  await page.getByLabel('密码', { exact: true }).fill('display123');
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await chooseDemoCampus(page, baseUrl);
});
afterAll(async () => {
  if (opened) {
    expectNoProblems(opened);
    await opened.context.close();
  }
  await browser?.close();
});
afterEach(async (context) => {
  if (opened && context.task.result?.state === 'fail') await screenshot(opened.page, 'failed-boards-zh');
});

describe('the boards in Chinese on a display screen', () => {
  it.each(PAGES)('opens %s, titled %s in Chinese and accessible', async (path, title) => {
    if (!opened) throw new Error('the display screen did not sign in');
    const { page } = opened;
    await page.goto(`${baseUrl}${path}`);
    await page.getByRole('heading', { name: title, level: 1, exact: true }).waitFor();
    await expectAccessibleSettled(page, `${path} in Chinese as display`);
    await screenshot(page, `board-zh-${path.replace(/\W+/g, '-').replace(/^-|-$/g, '')}`);
  });
});
