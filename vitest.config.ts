import { defineConfig } from 'vitest/config';

function serverProject(name: string, env: Record<string, string> = {}) {
  return {
    resolve: { conditions: ['source'] },
    ssr: { resolve: { conditions: ['source'] } },
    test: {
      name,
      root: 'apps/server',
      include: ['src/**/*.test.ts'],
      env,
      testTimeout: 30_000,
      hookTimeout: 60_000,
      // What a poll waits for (a commit, a broker's delivery) takes seconds when the whole suite shares two
      // cores; the default second made the external-broker tests fail now and then. Only a failing poll
      // waits this long.
      expect: { poll: { timeout: 10_000 } },
    },
  };
}

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
          name: 'simulator',
          root: 'apps/simulator',
          include: ['src/**/*.test.ts'],
          testTimeout: 30_000,
        },
      },
      serverProject('server'),
      // The same API suite against a real PostgreSQL server (one throw-away database per suite).
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server-pg', { TEST_DB_DRIVER: 'pg' })] : []),
      'apps/web/vitest.config.ts',
    ],
  },
});
