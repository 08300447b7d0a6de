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
  },
});
