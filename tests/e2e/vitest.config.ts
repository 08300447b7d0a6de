import { defineConfig } from 'vitest/config';

/**
 * Browser end-to-end tests: the built console served by the real server (started by global-setup),
 * driven by playwright-core in Debian's Chromium. Files run one at a time: the machine has 2 cores.
 */
export default defineConfig({
  test: {
    name: 'e2e',
    root: 'tests/e2e',
    include: ['**/*.e2e.test.ts'],
    globalSetup: ['./support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A page waits for what the user waits for: a heading after sign-in, a row after a save. Vitest's default
    // poll gives up after one second, which a loaded 2-core machine (the API suite beside the browser) can
    // exceed; only a poll that fails waits this long.
    expect: { poll: { timeout: 15_000 } },
  },
});
