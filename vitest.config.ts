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
 * Where the API files run. Both databases are reached through one driver path (the embedded one serves
 * PostgreSQL's protocol from its own thread: platform/db/embedded.ts), so each file runs once. With a
 * PostgreSQL server (TEST_DATABASE_URL, as CI sets it), every file runs there: a fresh copy of the seeded
 * template is a `CREATE DATABASE … TEMPLATE` (0.5 s of the test process's CPU) where an embedded copy starts
 * PostgreSQL in WebAssembly in a thread of its own (4-5 s), and the authorization matrix took 27 s against
 * 264 s (issue 33: the API suite used 1,904 s of CPU in a full run on the embedded database). The embedded
 * run then keeps what differs between the two or what only it has: PGLITE_SERVER_FILES. Without a server
 * (a fresh machine), every file runs on the embedded database.
 */
const ON_POSTGRES = Boolean(process.env.TEST_DATABASE_URL);

/**
 * What the embedded database runs again when PostgreSQL runs the rest: its own thread and socket, the
 * migrations and the seeded template (every file's set-up), the telemetry writer and its rollups and
 * retention (partitions on PostgreSQL), backups and `npm run sql` of its data directory, the tenant-isolation
 * sweep and the authorization matrix (issue 32: on both databases), the device path's round trip and the
 * first start's history, and the generated-code workspace test (its child run is on the embedded database).
 */
const PGLITE_SERVER_FILES = [
  'src/platform/db/embedded.test.ts',
  'src/platform/db/sql-cli.test.ts',
  'src/tenant-isolation.test.ts',
  'src/authorization-matrix.test.ts',
  'src/modules/telemetry/writer.test.ts',
  'src/modules/telemetry/rollups.test.ts',
  'src/modules/telemetry/retention.test.ts',
  'src/modules/backup/backup.test.ts',
  'src/modules/commands/commands.test.ts',
  'src/modules/seed/demo.test.ts',
  'src/modules/codegen/workspace.test.ts',
];

const PGLITE_ONLY_FILES = ['src/platform/db/embedded.test.ts', 'src/modules/codegen/workspace.test.ts'];

function serverProject(
  name: string,
  env: Record<string, string>,
  files: { include?: string[]; exclude?: string[] } = {},
) {
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
  const include = files.include ?? ['src/**/*.test.ts'];
  const exclude = files.exclude ?? [];
  return [
    {
      ...source,
      test: {
        ...common,
        name,
        include,
        exclude: [...MOCKING_SERVER_FILES, ...exclude],
        isolate: false,
      },
    },
    {
      ...source,
      test: {
        ...common,
        name: `${name}-isolated`,
        include: MOCKING_SERVER_FILES.filter(
          (f) => (!files.include || files.include.includes(f)) && !exclude.includes(f),
        ),
      },
    },
  ];
}

/** The server's API files: see ON_POSTGRES. */
const SERVER_PROJECTS = ON_POSTGRES
  ? [
      // The embedded database's own test, and the workspace test (its child run takes the embedded template),
      // run in the embedded project only.
      ...serverProject('server', { TEST_DB_DRIVER: 'pg' }, { exclude: PGLITE_ONLY_FILES }),
      ...serverProject('server-pglite', {}, { include: PGLITE_SERVER_FILES }),
    ]
  : serverProject('server', {});

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
      // The field bridge against a real Modbus TCP server (pymodbus) and the test server's embedded broker,
      // on a seeded database of its own (the server's global set-up).
      {
        ...source,
        test: {
          name: 'bridge',
          root: 'apps/bridge',
          env: ON_POSTGRES ? { TEST_DB_DRIVER: 'pg' } : {},
          include: ['test/**/*.test.ts'],
          globalSetup: ['../server/src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          expect: { poll: { timeout: 10_000 } },
        },
      },
      ...SERVER_PROJECTS,
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
