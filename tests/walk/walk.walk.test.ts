import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage, seriousA11yViolations } from '../e2e/support/browser.js';
import { DEMO_PASSWORDS } from '../e2e/support/console.js';
import { apiOf, demoPlace } from '../e2e/support/devices.js';
import { startServer, type RunningServer } from '../e2e/support/server.js';

/**
 * A walk through the console as a new user would take it: each demo role signs in, in English and in
 * Simplified Chinese, on a desktop (1440 px) and a phone (390 px), and opens every page its menu offers.
 * On each page it looks for the kinds of fault issue 18 listed:
 * - a catalogue key shown instead of its text (`routes.board`), or `undefined`, `NaN`, `Invalid Date`;
 * - English sentences of the catalogue left on a Chinese page;
 * - the page scrolling sideways (tables scroll inside their card);
 * - a serious or critical axe finding, an uncaught error.
 * Every finding is printed with its page, role, language and width; the walk fails when there is any.
 * Pages with an id (a dictionary, a generated table, a scene or a group to edit) are opened with the first
 * row of the demo's data; a share link's report or bill (/share/:token, no session) is walked too with links
 * the project administrator makes.
 */
const LOCALES = fileURLToPath(new URL('../../apps/web/src/locales/', import.meta.url));

function leaves(value: unknown, prefix = ''): [string, string][] {
  if (typeof value === 'string') return [[prefix, value]];
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
  }
  return [];
}

const english = leaves(JSON.parse(fs.readFileSync(`${LOCALES}en.json`, 'utf8')));
const KEYS = new Set(english.map(([key]) => key).filter((key) => key.includes('.')));
/** English texts long enough to be a sentence of the console, not a name or a unit. */
const ENGLISH_SENTENCES = english
  .map(([, text]) => text)
  .filter((text) => /^[A-Z][a-z]+( [a-z]+){3,}/.test(text) && !text.includes('{{'));

interface RouteRecord {
  path: string;
  meta?: { hidden?: boolean };
  children?: RouteRecord[];
}

function pathsOf(routes: RouteRecord[]): string[] {
  return routes.flatMap((r) => (r.children?.length ? pathsOf(r.children) : [r.path]));
}

type Call = <T>(method: string, path: string, body?: unknown) => Promise<T>;
interface Rows<T> {
  rows: T[];
}

/**
 * The pages reached from a list with the id of one of its rows (a dictionary's rows, a table's generation
 * settings, a scene or a group to edit), each with the first row of the demo's data: `route` is the path
 * the user's routes must hold, `open` finds the row (null when there is none to open).
 */
const DETAIL_PAGES: { route: string; open: (call: Call, projectId: number) => Promise<string | null> }[] = [
  {
    route: '/dict/type/data/:dictId',
    open: async (call) => {
      const { rows } = await call<Rows<{ dictCode: number }>>(
        'GET',
        '/system/dict/data/list?pageNum=1&pageSize=1',
      );
      return rows[0] ? `/dict/type/data/${rows[0].dictCode}` : null;
    },
  },
  {
    route: '/gen/edit/:tableId',
    open: async (call) => {
      const list = () => call<Rows<{ tableId: number }>>('GET', '/tool/gen/list?pageNum=1&pageSize=1');
      if (!(await list()).rows.length) {
        // A table imported as the generator's user would, from the database's tables.
        const { rows } = await call<Rows<{ tableName: string }>>(
          'GET',
          '/tool/gen/db/list?pageNum=1&pageSize=1',
        );
        if (!rows[0]) return null;
        await call('POST', `/tool/gen/importTable?tables=${rows[0].tableName}`);
      }
      const [first] = (await list()).rows;
      return first ? `/gen/edit/${first.tableId}` : null;
    },
  },
  {
    route: '/scenes/edit',
    open: async (call, projectId) => {
      const { rows } = await call<Rows<{ id: number }>>('POST', '/sbuilding/scene/getList', {
        projectId,
        pageNum: 1,
        pageSize: 1,
      });
      return rows[0] ? `/scenes/edit?id=${rows[0].id}` : null;
    },
  },
  {
    route: '/group/edit',
    open: async (call, projectId) => {
      const { rows } = await call<Rows<{ id: number }>>('POST', '/sbuilding/group/getList', {
        projectId,
        pageNum: 1,
        pageSize: 1,
      });
      return rows[0] ? `/group/edit?id=${rows[0].id}` : null;
    },
  },
];

/**
 * The pages of a user's routes: those without a parameter, then each detail page with a row to open (the
 * routes offer the detail pages to every role; one whose list the role may not read is left out).
 */
async function pagesOf(routes: RouteRecord[], page: Page): Promise<string[]> {
  const paths = pathsOf(routes);
  const pages = paths.filter((p) => !p.includes(':'));
  const details = DETAIL_PAGES.filter((d) => paths.includes(d.route));
  if (details.length) {
    const api = await apiOf(page, server.url);
    const { projectId } = await demoPlace(api, 'Building A');
    for (const detail of details) {
      // A role refused the list (403) never reaches its rows' pages: the page is not walked for it.
      const path = await detail.open(api.call, projectId).catch((e: unknown) => {
        if (e instanceof Error && / 403 /.test(e.message)) return undefined;
        throw e;
      });
      if (path) pages.push(path);
      else if (path === null) found(`${detail.route}: no row to open it with`);
    }
  }
  return pages;
}

let browser: Browser;
let server: RunningServer;
const findings: string[] = [];
function found(finding: string) {
  findings.push(finding);
  process.stdout.write(`${finding}\n`);
}

// The campus a new user starts: the simulator's live devices and the demo's automations (scenes, noon nap,
// AC automation), as `npm start` makes them.
beforeAll(async () => {
  [browser, server] = await Promise.all([
    launchBrowser(),
    startServer({ SIMULATOR: 'on', SEED_DEMO_AUTOMATIONS: 'true' }),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signedIn(
  username: string,
  locale: string,
  width: number,
): Promise<{ page: Page; token: string }> {
  const opened = await openPage(browser, { locale });
  await opened.page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
  const { page } = opened;
  await page.goto(`${server.url}/login`);
  await page.locator('input[id$="username"]').first().fill(username);
  await page
    .locator('input[type="password"]')
    .first()
    .fill(DEMO_PASSWORDS[username] ?? '');
  await page.locator('button[type="submit"]').first().click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  const token = (await opened.context.cookies()).find((c) => c.name === 'Admin-Token')?.value ?? '';
  return { page, token };
}

async function inspect(page: Page, where: string, locale: string) {
  // Let the page's data arrive: no request in flight for half a second (what a reader waits for).
  await page.waitForLoadState('networkidle').catch(() => undefined);
  const text = await page.locator('main, body').first().innerText();
  for (const word of ['undefined', 'NaN', 'Invalid Date', '[object Object]']) {
    if (new RegExp(`(^|[^A-Za-z])${word.replace(/[[\]]/g, '\\$&')}([^A-Za-z]|$)`).test(text)) {
      found(`${where}: shows "${word}"`);
    }
  }
  for (const token of text.match(/\b[a-z][A-Za-z0-9]*(\.[A-Za-z0-9]+)+\b/g) ?? []) {
    if (KEYS.has(token)) found(`${where}: shows the catalogue key "${token}"`);
  }
  if (locale === 'zh-CN') {
    for (const sentence of ENGLISH_SENTENCES) {
      if (text.includes(sentence)) found(`${where}: English on a Chinese page: "${sentence}"`);
    }
  }
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  if (overflow > 1) found(`${where}: the page scrolls sideways by ${overflow} px`);
  for (const v of await seriousA11yViolations(page)) {
    found(`${where}: axe ${v.impact} ${v.id} (${v.help}) at ${JSON.stringify(v.nodes[0]?.target)}`);
    if (v.id === 'scrollable-region-focusable') {
      // What the console's marking saw (lib/scrollable-regions.ts), to tell a race from a wrong rule.
      const selector = v.nodes[0]?.target.at(-1);
      const seen = await page.evaluate((s) => {
        const el = s ? document.querySelector<HTMLElement>(s) : null;
        if (!el) return 'gone';
        const controls = [
          ...el.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]'),
        ];
        return JSON.stringify({
          tabindex: el.getAttribute('tabindex'),
          marked: el.dataset.sbScrollable ?? null,
          scroll: [el.scrollWidth, el.clientWidth, el.scrollHeight, el.clientHeight],
          controls: controls
            .slice(0, 5)
            .map((c) => `${c.tagName} tabindex=${c.tabIndex} shown=${c.checkVisibility()}`),
        });
      }, selector);
      found(`${where}: the region now: ${seen}`);
    }
  }
}

describe('a walk through every page', () => {
  it('finds nothing of the kinds issue 18 listed, for any role, language or width', async () => {
    for (const username of Object.keys(DEMO_PASSWORDS)) {
      for (const locale of ['en-US', 'zh-CN']) {
        for (const width of [1440, 390]) {
          const { page, token } = await signedIn(username, locale, width);
          const errors: string[] = [];
          page.on('pageerror', (e) => errors.push(e.message));
          // A project administrator without a project lands on the guide from every page: walk the guide,
          // then choose Demo Campus there as a new user would, so the walk sees the pages themselves.
          // The sign-in lands on the home page first and the guard redirects once the session has loaded.
          await page.waitForLoadState('networkidle').catch(() => undefined);
          if (new URL(page.url()).pathname === '/guide') {
            const where = `/guide as ${username}, ${locale}, ${width} px`;
            await page.locator('.sb-guide-projects .ant-btn-primary').first().waitFor();
            await inspect(page, where, locale);
            await page.locator('.sb-guide-projects .ant-btn-primary').first().click();
            await page.waitForURL((url) => url.pathname !== '/guide');
            for (const error of errors.splice(0)) found(`${where}: uncaught error ${error}`);
          }
          const res = await fetch(`${server.url}/getRouters`, {
            headers: { authorization: `Bearer ${token}` },
          });
          const routes = ((await res.json()) as { data: RouteRecord[] }).data;
          for (const path of await pagesOf(routes, page)) {
            const where = `${path} as ${username}, ${locale}, ${width} px`;
            await page.goto(`${server.url}${path}`);
            await inspect(page, where, locale);
            for (const error of errors.splice(0)) found(`${where}: uncaught error ${error}`);
          }
          process.stdout.write(
            `walked ${username} ${locale} ${width}px: ${findings.length} findings so far\n`,
          );
          await page.context().close();
        }
      }
    }
    expect(findings).toEqual([]);
  });

  it('finds nothing of those kinds on a shared report or bill, opened without a session', async () => {
    const before = findings.length;
    const { page } = await signedIn('manager', 'en-US', 1440);
    const api = await apiOf(page, server.url);
    const { projectId, buildingId } = await demoPlace(api, 'Building A');
    await page.context().close();
    const today = new Date().toISOString().slice(0, 10);
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    // This week's and month's report (the previous period is empty on a fresh campus: no NaN for its change)
    // and this month's bill of a building.
    const targets = [
      { kind: 'report', period: 'WEEK', anchor: today },
      { kind: 'report', period: 'MONTH', anchor: today },
      { kind: 'bill', month: today.slice(0, 7), level: 'building', nodeId: buildingId },
    ];
    const links: string[] = [];
    for (const target of targets) {
      const link = await api.call<{ token: string }>('POST', '/sbuilding/energy/report/share', {
        projectId,
        expiresAt,
        ...target,
      });
      links.push(`/share/${link.token}`);
    }
    for (const locale of ['en-US', 'zh-CN']) {
      for (const width of [1440, 390]) {
        const { page: visitor, context } = await openPage(browser, { locale });
        await visitor.setViewportSize({ width, height: width < 500 ? 844 : 900 });
        const errors: string[] = [];
        visitor.on('pageerror', (e) => errors.push(e.message));
        for (const [i, path] of links.entries()) {
          const what = Object.values(targets[i] ?? {}).join(' ');
          const where = `/share/:token (${what}) without a session, ${locale}, ${width} px`;
          await visitor.goto(`${server.url}${path}`);
          await visitor.getByTestId('share-expiry').waitFor();
          await inspect(visitor, where, locale);
          for (const error of errors.splice(0)) found(`${where}: uncaught error ${error}`);
        }
        await context.close();
      }
    }
    expect(findings.slice(before)).toEqual([]);
  });
});
