import { defineConfig } from 'vitest/config';

/**
 * Browser end-to-end tests: the built console served by the real server (started by global-setup),
 * driven by playwright-core in Debian's Chromium. Files run one at a time: the machine has 2 cores.
 */
/**
 * Files that start a simulated campus of their own (the automation clock, the seeded automations, a first
 * start's 40 days of history). `npm test` runs them by themselves (`E2E_GROUP=alone`) once the API suite is
 * done: started beside it, such a campus on the embedded database answered the console's sign-in after its
 * 10 s timeout (spec section 9). `E2E_GROUP=shared` runs the others; unset, every file runs.
 */
const ALONE = [
  'automation-live.e2e.test.ts',
  'demo-automations.e2e.test.ts',
  'energy.e2e.test.ts',
  'fdd-live.e2e.test.ts',
];
const group = process.env.E2E_GROUP;

export default defineConfig({
  test: {
    name: 'e2e',
    root: 'tests/e2e',
    include: group === 'alone' ? ALONE : ['**/*.e2e.test.ts'],
    exclude: ['**/node_modules/**', ...(group === 'shared' ? ALONE : [])],
    // The files run alone start their own servers and use none of the shared ones.
    globalSetup: group === 'alone' ? [] : ['./support/global-setup.ts'],
    fileParallelism: false,
    // A whole flow of steps (sign in, create, reload, check): a guard against a hang, not a speed target
    // (speeds are measured by npm run bench). On the idle machine the longest flow takes about 15 s.
    testTimeout: 180_000,
    hookTimeout: 120_000,
    // A page waits for what the user waits for: a heading after sign-in, a row after a save. Vitest's default
    // poll gives up after one second, which a loaded 2-core machine (the API suite beside the browser) can
    // exceed; only a poll that fails waits this long.
    expect: { poll: { timeout: 15_000 } },
  },
});
