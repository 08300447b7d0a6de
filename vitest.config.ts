import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const source = {
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
};

/**
 * Files that replace modules with `vi.mock` run in a fresh module graph of their own; every other file of a
 * project shares its worker's modules with the files before it (importing the server's or the console's
 * module graph took longer than most files' tests). Shared modules keep no test's state: what they cache is
 * keyed by the database or the app. Found by reading the files, so a new mocking file is isolated at once.
 */
function filesMocking(root: string): string[] {
  return fs
    .readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file) && !file.includes('node_modules'))
    .filter((file) => fs.readFileSync(path.join(root, file), 'utf8').includes('vi.mock('))
    .map((file) => file.split(path.sep).join('/'));
}

const MOCKING_SERVER_FILES = filesMocking('apps/server');
const MOCKING_WEB_FILES = filesMocking('apps/web');

/**
 * The generated-code workspace test compiles and tests the generated code in a copy of the workspace on
 * PGlite, whichever database its own run uses: run under both, it did the same 100 s of work twice. The
 * generator's own reading of a database (importing tables, the preview) runs on both in codegen.test.ts.
 */
const ONCE_SERVER_FILES = ['src/modules/codegen/workspace.test.ts'];

function serverProject(name: string, env: Record<string, string> = {}, once = true) {
  const common = {
    root: 'apps/server',
    env,
    // The seeded database every API test copies, built once per project and run.
    globalSetup: ['./src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // What a poll waits for (a commit, a broker's delivery) takes seconds when the whole suite shares two
    // cores; the default second made the external-broker tests fail now and then. Only a failing poll
    // waits this long.
    expect: { poll: { timeout: 10_000 } },
  };
  return [
    {
      ...source,
      test: {
        ...common,
        name,
        include: ['src/**/*.test.ts'],
        exclude: [...MOCKING_SERVER_FILES, ...(once ? [] : ONCE_SERVER_FILES)],
        isolate: false,
      },
    },
    { ...source, test: { ...common, name: `${name}-isolated`, include: MOCKING_SERVER_FILES } },
  ];
}

/** Unit and API suites; the browser suite has its own config in tests/e2e. */
export default defineConfig({
  test: {
    // Both cores: vitest's default leaves one free.
    maxWorkers: 2,
    projects: [
      // The import fences of eslint.config.js fire (a probe with a forbidden import is refused).
      { test: { name: 'lint', root: 'tests/lint', include: ['**/*.test.ts'], testTimeout: 120_000 } },
      {
        ...source,
        test: { name: 'shared', root: 'packages/shared', include: ['src/**/*.test.ts'], isolate: false },
      },
      {
        ...source,
        test: {
          name: 'simulator',
          root: 'apps/simulator',
          include: ['src/**/*.test.ts'],
          testTimeout: 30_000,
          isolate: false,
        },
      },
      ...serverProject('server'),
      // The same API suite against a real PostgreSQL server (one throw-away database per suite).
      ...(process.env.TEST_DATABASE_URL ? serverProject('server-pg', { TEST_DB_DRIVER: 'pg' }, false) : []),
      // Three server processes as a cluster on PostgreSQL and a nats-server of their own (the built server).
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                name: 'cluster',
                root: 'tests/cluster',
                include: ['**/*.test.ts'],
                testTimeout: 60_000,
                hookTimeout: 120_000,
              },
            },
          ]
        : []),
      {
        extends: './apps/web/vitest.config.ts',
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: MOCKING_WEB_FILES,
          isolate: false,
        },
      },
      {
        extends: './apps/web/vitest.config.ts',
        test: { name: 'web-isolated', root: 'apps/web', include: MOCKING_WEB_FILES },
      },
    ],
  },
});
