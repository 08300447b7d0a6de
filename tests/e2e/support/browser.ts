import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const ARTIFACTS = fileURLToPath(new URL('../../../test-artifacts/e2e/', import.meta.url));

/** Launch flags of the architecture guide: no network beyond localhost, nothing phoning home. */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Nothing beyond this machine resolves: a page that asks for another host fails at once (and is reported).
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
];

export async function launchBrowser(): Promise<Browser> {
  // playwright-core gives every launch a fresh temporary profile (the guide's fresh --user-data-dir).
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

/** What went wrong in a page that the test did not ask about: asserted empty at the end of each test. */
export interface PageProblems {
  outsideRequests: string[];
  cspViolations: string[];
  pageErrors: string[];
}

export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  problems: PageProblems;
}

/**
 * A fresh context (no cookies, no storage) with a browser language, optionally the browser's time zone (the
 * machine's otherwise), and guards against leaks. The browser asks for reduced motion (a system setting the
 * console honours): a click lands where the user sees the control, not on a dialog still zooming in, which on
 * a loaded machine made a radio's click miss now and then.
 */
export async function openPage(
  browser: Browser,
  options: { locale?: string; timezoneId?: string } = {},
): Promise<OpenedPage> {
  const context = await browser.newContext({
    locale: options.locale ?? 'en-US',
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
    viewport: { width: 1440, height: 900 },
    reducedMotion: 'reduce',
  });
  const problems: PageProblems = { outsideRequests: [], cspViolations: [], pageErrors: [] };
  // Requests are watched, not intercepted: Playwright turns the HTTP cache off in a context with a route, so
  // every page load fetched and compiled the console's scripts again. Chromium's resolver (CHROMIUM_ARGS)
  // already fails every host but this machine's.
  context.on('request', (request) => {
    const { hostname, protocol } = new URL(request.url());
    if (protocol === 'data:' || protocol === 'blob:' || hostname === '127.0.0.1' || hostname === 'localhost')
      return;
    problems.outsideRequests.push(request.url());
  });
  const page = await context.newPage();
  page.on('console', (msg) => {
    if (msg.type() === 'error' && /Content Security Policy/i.test(msg.text()))
      problems.cspViolations.push(msg.text());
  });
  page.on('pageerror', (error) => problems.pageErrors.push(error.message));
  return { context, page, problems };
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** axe-core (WCAG 2.1 A and AA) on the current page; returns the serious and critical findings. */
export async function seriousA11yViolations(page: Page): Promise<AxeViolation[]> {
  // Judge the page as it settles, not mid-animation: a board fading in (its page transition) has its text
  // at part opacity, which axe rightly measures as low contrast. Endless animations (spinners) are skipped.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  // page.evaluate runs outside the page's CSP, so the console's strict CSP stays on during the check.
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    // Judge what has been painted: the console finishes a change in the next frame (tables that start to
    // scroll are put in the tab order then, lib/scrollable-regions.ts), and a live page (the control log)
    // changes at any moment; no user can act between a change and its frame.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    // @ts-expect-error axe is defined by the evaluated source
    const result = await window.axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return result.violations as AxeViolation[];
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ ...v, nodes: v.nodes.slice(0, 5).map((n) => ({ target: n.target })) }));
}

/** Keeps a screenshot as a test artefact (test-artifacts/ is not committed). */
export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
}
