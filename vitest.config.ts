import { defineConfig } from 'vitest/config';

/** Unit and API suites; the browser suite has its own config in tests/e2e. */
export default defineConfig({
  test: {
    projects: [
      {
        resolve: { conditions: ['source'] },
        ssr: { resolve: { conditions: ['source'] } },
        test: { name: 'shared', root: 'packages/shared', include: ['src/**/*.test.ts'] },
      },
      {
        resolve: { conditions: ['source'] },
        ssr: { resolve: { conditions: ['source'] } },
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      'apps/web/vitest.config.ts',
    ],
  },
});
