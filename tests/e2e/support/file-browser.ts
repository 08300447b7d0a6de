import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage, screenshot, type OpenedPage } from './browser.js';
import { expectNoProblems } from './console.js';
import { signInAsManager, type Api } from './devices.js';

export interface FileBrowser {
  /** The file's Chromium (launched before its first test). */
  browser(): Browser;
  /** Hands a page the test opened to the checks after the test; returns it. */
  track(opened: OpenedPage): OpenedPage;
  /**
   * A new page signed in as the demo project administrator with Demo Campus chosen, past the guide, on `path`;
   * tracked from the moment it opens, so a sign-in that fails is photographed and checked too.
   */
  asManager(
    baseUrl: string,
    path: string,
    options?: { timezoneId?: string },
  ): Promise<{ opened: OpenedPage; page: Page; api: Api; projectId: number }>;
}

/**
 * What every browser file sets up (issue 35: it was written out in each): one Chromium for the file, and after
 * each test the page it opened photographed when the test failed (`failed-<name>-<the test's name>`), checked for problems
 * (console errors, failed requests, outside hosts) and closed. Call it once at the top of the file.
 */
export function useFileBrowser(name: string): FileBrowser {
  let browser: Browser | undefined;
  let opened: OpenedPage | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async (context) => {
    if (!opened) return;
    const page = opened;
    opened = undefined;
    try {
      if (context.task.result?.state === 'fail')
        await screenshot(page.page, `failed-${name}-${context.task.name.slice(0, 50).replace(/\W+/g, '-')}`);
      expectNoProblems(page);
    } finally {
      await page.context.close();
    }
  });
  const theBrowser = () => {
    if (!browser) throw new Error('the browser starts in beforeAll: use it inside a test');
    return browser;
  };
  const track = (page: OpenedPage) => {
    opened = page;
    return page;
  };
  return {
    browser: theBrowser,
    track,
    async asManager(baseUrl, path, options = {}) {
      return signInAsManager(track(await openPage(theBrowser(), options)), baseUrl, path);
    },
  };
}
