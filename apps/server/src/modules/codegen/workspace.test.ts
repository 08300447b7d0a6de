import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify, stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { GenTable, GenTableDetail } from '@sbuilding/shared';
import { createTestApp, type TestApp } from '../../test/app.js';
import { as } from '../../test/tenants.js';

/**
 * The generator's promise: the code it writes compiles, passes the project's ESLint and Prettier, and its
 * tests pass in the project. A scratch table is imported and its code generated into a temporary copy of
 * the workspace (only the sources the server needs; node_modules linked, its @sbuilding packages pointing
 * into the copy), integrated as INTEGRATE.md says, type-checked with tsc (the console's files with the
 * console's settings), linted and format-checked with the repository's configurations, and its generated
 * test run with vitest on PGlite.
 */
const run = promisify(execFile);
const REPO = fileURLToPath(new URL('../../../../../', import.meta.url));
const SCRATCH = 'gen_ws_contract';

let t: TestApp;
/** The generated files of every scratch table, path → content. */
let files: Record<string, string> = {};
/** The INTEGRATE-<table>.md of each, by table. */
const integrations: { table: string; module: string; routes: string }[] = [];
let copy: string;

type Admin = ReturnType<typeof as>;

/** Imports a table, saves its settings as `change` edits them, and adds its generated code to `files`. */
async function generate(
  admin: Admin,
  table: string,
  change: (detail: GenTableDetail) => {
    info?: Partial<GenTableDetail['info']>;
    columns?: GenTableDetail['rows'];
  },
): Promise<void> {
  const imported = await admin('POST', `/tool/gen/importTable?tables=${table}`);
  const gen = imported.json<{ data: GenTable[] }>().data[0];
  if (!gen) throw new Error(imported.body);
  const detail = (await admin('GET', `/tool/gen/${gen.tableId}`)).json<{ data: GenTableDetail }>().data;
  const edited = change(detail);
  const saved = await admin('PUT', '/tool/gen', {
    ...detail.info,
    ...edited.info,
    columns: edited.columns ?? detail.rows,
  });
  if (saved.statusCode !== 200) throw new Error(saved.body);
  const preview = await admin('GET', `/tool/gen/preview/${gen.tableId}`);
  if (preview.statusCode !== 200) throw new Error(preview.body);
  files = { ...files, ...preview.json<{ data: Record<string, string> }>().data };
  integrations.push({
    table,
    module: detail.info.moduleName,
    routes: `${detail.info.className.charAt(0).toLowerCase()}${detail.info.className.slice(1)}Routes`,
  });
}

beforeAll(async () => {
  t = await createTestApp({ captchaEnabled: false });
  const admin = as(t, await t.login('admin', 'admin123'));
  // Single table: every kind of column, a picture and rich text.
  await t.app.db.execute(sql`
    create table gen_ws_contract (
      id serial primary key,
      contract_name varchar(64) not null,
      amount numeric(10,2),
      floors integer,
      active boolean not null default true,
      start_date date,
      signed_time timestamp with time zone,
      status char(1),
      cover_image varchar(64),
      content text,
      remark text
    )`);
  await t.app.db.execute(sql`comment on table gen_ws_contract is 'Maintenance contract'`);
  // A tree: rows name their parent.
  await t.app.db.execute(sql`
    create table gen_ws_area (
      id serial primary key,
      parent_id integer,
      area_name varchar(64) not null,
      order_num integer
    )`);
  await t.app.db.execute(sql`comment on table gen_ws_area is 'Building area'`);
  // A master and its child rows.
  await t.app.db.execute(sql`
    create table gen_ws_order (
      id serial primary key,
      order_name varchar(64) not null,
      total numeric(12,2)
    )`);
  await t.app.db.execute(sql`
    create table gen_ws_order_item (
      id serial primary key,
      order_id integer not null,
      item_name varchar(64) not null,
      quantity integer,
      note text,
      due_time timestamp with time zone
    )`);
  await t.app.db.execute(sql`comment on table gen_ws_order is 'Work order'`);

  // Edited settings reach the code: the amount becomes a queried, required field carried as a decimal
  // string (the TypeScript type setting), the floors a string too.
  await generate(admin, SCRATCH, ({ rows }) => ({
    columns: rows.map((c) =>
      c.columnName === 'amount'
        ? { ...c, isQuery: true, queryType: 'GTE', isRequired: true, tsType: 'string' }
        : c.columnName === 'floors'
          ? { ...c, tsType: 'string' }
          : c,
    ),
  }));
  await generate(admin, 'gen_ws_area', () => ({
    info: { tplCategory: 'tree', treeCode: 'id', treeParentCode: 'parent_id', treeName: 'area_name' },
  }));
  await generate(admin, 'gen_ws_order', () => ({
    info: { tplCategory: 'sub', subTableName: 'gen_ws_order_item', subTableFkName: 'order_id' },
  }));
  copy = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'sbuilding-gen-'));
});

afterAll(async () => {
  await t.close();
  if (copy) await fs.promises.rm(copy, { recursive: true, force: true });
});

/** Copies what the server and its tests need; links node_modules (the @sbuilding packages into the copy). */
async function copyWorkspace(): Promise<void> {
  const parts = [
    'package.json',
    'tsconfig.base.json',
    // The project's lint and format rules, read from the copy as they are read from the repository.
    'eslint.config.js',
    '.prettierrc.json',
    '.prettierignore',
    '.editorconfig',
    'packages/shared/package.json',
    'packages/shared/tsconfig.json',
    'packages/shared/src',
    'apps/server/package.json',
    'apps/server/tsconfig.json',
    'apps/server/drizzle',
    'apps/server/src',
    'apps/simulator/package.json',
    'apps/simulator/tsconfig.json',
    'apps/simulator/src',
    'apps/web/package.json',
    'apps/web/tsconfig.json',
    'apps/web/src',
    // The run's global setup (the seeded database) loads the packages' builds, as it does in the repository.
    'packages/shared/dist',
    'apps/simulator/dist',
  ];
  for (const part of parts.filter((p) => fs.existsSync(path.join(REPO, p))))
    await fs.promises.cp(path.join(REPO, part), path.join(copy, part), {
      recursive: true,
      // The copy tests only the generated module: skip the repository's own test files.
      filter: (source) => !/\.test\.tsx?$/.test(source),
    });
  // The server project of vitest.config.ts alone (the copy has no console).
  await fs.promises.writeFile(
    path.join(copy, 'vitest.config.ts'),
    [
      "import { defineConfig } from 'vitest/config';",
      'export default defineConfig({',
      "  resolve: { conditions: ['source'] },",
      "  ssr: { resolve: { conditions: ['source'] } },",
      "  test: { root: 'apps/server', env: {}, globalSetup: ['./src/test/global-setup.ts'], include: ['src/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 120_000 },",
      '});',
      '',
    ].join('\n'),
  );
  const modules = path.join(copy, 'node_modules');
  await fs.promises.mkdir(path.join(modules, '@sbuilding'), { recursive: true });
  for (const entry of await fs.promises.readdir(path.join(REPO, 'node_modules'))) {
    if (entry === '@sbuilding') continue;
    await fs.promises.symlink(path.join(REPO, 'node_modules', entry), path.join(modules, entry));
  }
  for (const [name, target] of [
    ['shared', '../../packages/shared'],
    ['server', '../../apps/server'],
    ['simulator', '../../apps/simulator'],
  ] as const)
    await fs.promises.symlink(target, path.join(modules, '@sbuilding', name));
  for (const app of ['server', 'web']) {
    const own = path.join(REPO, 'apps', app, 'node_modules');
    if (fs.existsSync(own)) await fs.promises.symlink(own, path.join(copy, 'apps', app, 'node_modules'));
  }
}

/** The edits INTEGRATE.md asks for, made the way an integrator would (migrations renumbered after each other). */
async function integrate(table: string, moduleName: string, routesName: string): Promise<void> {
  const edit = async (file: string, change: (text: string) => string) => {
    const full = path.join(copy, file);
    await fs.promises.writeFile(full, change(await fs.promises.readFile(full, 'utf8')));
  };
  await edit('packages/shared/src/index.ts', (s) => `${s}export * from './schemas/${moduleName}.js';\n`);
  await edit(
    'apps/server/src/test/schema.ts',
    (s) => `${s}export * from '../modules/${moduleName}/tables.js';\n`,
  );
  await edit('apps/server/src/app.ts', (s) => {
    const anchor = '    await api.register(tenantRoutes);\n';
    expect(s).toContain(anchor);
    return `import { ${routesName} } from './modules/${moduleName}/index.js';\n${s.replace(
      anchor,
      `${anchor}    await api.register(${routesName});\n`,
    )}`;
  });
  // The journal entry: the JSON block naming an `idx`, on one line or as many as Prettier gave it.
  const entry = /```json\n([^`]*"idx"[^`]*)```/.exec(files[`INTEGRATE-${table}.md`] ?? '')?.[1];
  expect(entry).toBeDefined();
  await edit('apps/server/drizzle/meta/_journal.json', (s) => {
    const journal = JSON.parse(s) as { entries: { idx: number }[] };
    const added = JSON.parse(entry ?? '{}') as { idx: number };
    journal.entries.push({ ...added, idx: Math.max(...journal.entries.map((e) => e.idx)) + 1 });
    return JSON.stringify(journal, null, 2);
  });
}

/** Runs a node script in the copy; a non-zero exit answers its output with `failed`. */
function runInCopy(args: string[], env?: NodeJS.ProcessEnv): Promise<{ stdout: string; failed?: true }> {
  return run(process.execPath, args, { cwd: copy, env, maxBuffer: 16 * 1024 * 1024 }).catch(
    (error: { stdout?: string; stderr?: string }) => ({
      stdout: `${error.stdout ?? ''}\n${error.stderr ?? ''}`,
      failed: true as const,
    }),
  );
}

/**
 * The project's ESLint (eslint.config.js of the copy, so its import fences see the generated feature and
 * module) and Prettier (.prettierrc.json with .editorconfig and .prettierignore, as `prettier --check` reads
 * them) over every generated file at once, in this process: one line per finding.
 */
async function lintAndFormatFindings(written: readonly string[]): Promise<string[]> {
  const [{ ESLint }, prettier] = await Promise.all([import('eslint'), import('prettier')]);
  const eslint = new ESLint({ cwd: copy });
  const code = written.filter((f) => /\.tsx?$/.test(f)).map((f) => path.join(copy, f));
  const findings = (await eslint.lintFiles(code)).flatMap((result) =>
    result.messages.map(
      (m) => `${path.relative(copy, result.filePath)}:${m.line}:${m.column} ${m.ruleId ?? ''} ${m.message}`,
    ),
  );
  const ignorePath = path.join(copy, '.prettierignore');
  for (const file of written) {
    const full = path.join(copy, file);
    const info = await prettier.getFileInfo(full, { ignorePath });
    if (info.ignored || info.inferredParser === null) continue;
    const options = await prettier.resolveConfig(full, { editorconfig: true });
    const source = await fs.promises.readFile(full, 'utf8');
    if (!(await prettier.check(source, { ...options, filepath: full })))
      findings.push(`${file}: not as Prettier formats it`);
  }
  return findings;
}

describe('generated code', () => {
  it(
    'compiles in a copy of the workspace, passes its ESLint and Prettier, and its generated tests pass there',
    { timeout: 600_000 },
    async () => {
      await copyWorkspace();
      const written = Object.keys(files);
      for (const [file, content] of Object.entries(files)) {
        await fs.promises.mkdir(path.dirname(path.join(copy, file)), { recursive: true });
        await fs.promises.writeFile(path.join(copy, file), content);
      }
      for (const { table, module, routes } of integrations) await integrate(table, module, routes);
      const testFiles = written.filter((f) => f.endsWith('.test.ts'));
      expect(testFiles).toHaveLength(3);

      // The generated server and shared files and their test (with, through their imports, what they use).
      await fs.promises.writeFile(
        path.join(copy, 'tsconfig.gen.json'),
        JSON.stringify({
          extends: './tsconfig.base.json',
          compilerOptions: {
            noEmit: true,
            composite: false,
            declaration: false,
            sourceMap: false,
            lib: ['ES2023'],
            types: ['node'],
            customConditions: ['source'],
          },
          files: written.filter((f) => /\.ts$/.test(f) && !f.startsWith('apps/web/')),
        }),
      );
      // The console's generated files, with the console's compiler settings (and what they import of it).
      await fs.promises.writeFile(
        path.join(copy, 'apps/web/tsconfig.gen.json'),
        JSON.stringify({
          extends: './tsconfig.json',
          // The console's own declarations (e.g. its catalogue parts' module type), as its tsconfig includes them.
          include: ['src/**/*.d.ts'],
          files: written.filter((f) => f.startsWith('apps/web/')).map((f) => path.relative('apps/web', f)),
        }),
      );
      // The child vitest is a run of its own: none of this run's variables, PGlite.
      const env = Object.fromEntries(
        Object.entries(process.env).filter(([key]) => !key.startsWith('VITEST') && key !== 'TEST_DB_DRIVER'),
      );
      // Independent, so side by side: the type-checks, the generated tests, the lint and the format check.
      const tsc = path.join(REPO, 'node_modules/typescript/bin/tsc');
      const [typecheck, webTypecheck, tests, findings] = await Promise.all([
        runInCopy([tsc, '-p', 'tsconfig.gen.json']),
        runInCopy([tsc, '-p', 'apps/web/tsconfig.gen.json']),
        runInCopy(
          [
            path.join(REPO, 'node_modules/vitest/vitest.mjs'),
            'run',
            '--reporter',
            'verbose',
            ...testFiles.map((f) => path.join(copy, f)),
          ],
          // This run's seeded template, which the copy's global setup takes instead of seeding its own (the
          // demo campus's seed was most of the child run's work); its migrations add the generated table.
          { ...env, NODE_ENV: 'test', TEST_SERVER_TEMPLATE: JSON.stringify(inject('serverTemplate')) },
        ),
        lintAndFormatFindings(written),
      ]);
      expect(findings).toEqual([]);
      expect(typecheck.failed ? typecheck.stdout : '').toBe('');
      expect(webTypecheck.failed ? webTypecheck.stdout : '').toBe('');
      expect(written.filter((f) => f.startsWith('apps/web/src/features/')).length).toBeGreaterThanOrEqual(24);
      expect(tests.failed ? tests.stdout : 'passed').toBe('passed');
      // Every test of the generated files ran and passed, the tree's and the master's own among them.
      const plain = stripVTControlCharacters(tests.stdout);
      const declared = testFiles
        .map((f) => (files[f] ?? '').match(/^\s+it\(/gm)?.length ?? 0)
        .reduce((a, b) => a + b, 0);
      expect(declared).toBeGreaterThanOrEqual(20);
      expect(plain).toMatch(new RegExp(`Tests\\s+${declared} passed \\(${declared}\\)`));
      for (const name of [
        'creates a row under a parent, answers the tree, and refuses a cycle or a missing parent',
        'does not delete a row that still has child rows (409)',
        'creates a row with its child rows, replaces them on save, and deletes them with it',
        'stores an uploaded picture and answers its signed link; an unknown file is refused (404)',
        'sanitises rich text before storing it: no script, no event handler',
        'creates a row that the list and the detail then show, each field of its type',
      ])
        expect(plain).toContain(name);
    },
  );
});
