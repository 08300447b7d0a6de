import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import JSZip from 'jszip';
import type { GenPreview } from '@sbuilding/shared';
import { assertGenerable } from '../names.js';
import { markdown, str } from './escape.js';
import { formatFiles } from './format.js';
import { buildModel, lines, type GenInput, type Model } from './model.js';
import { indexFile, readmeFile, routesFile } from './server-template.js';
import { serviceFile } from './service-template.js';
import { migrationSql, tablesFile } from './table-template.js';
import { testFile } from './test-template.js';
import { sharedSchemaFile } from './shared-template.js';
import { localeKeys, webFiles } from './web-template.js';

/**
 * The code generator: a table's settings in, the files of a complete feature out (paths from the
 * repository root), plus INTEGRATE.md, the few lines to add to files that already exist. Templates are
 * plain functions of the model: no template engine.
 */

/** This server's own migrations: the generated one takes the next number. */
const MIGRATIONS = fileURLToPath(new URL('../../../../drizzle', import.meta.url));

export interface JournalEntry {
  idx: number;
  version: string;
  when: number;
  tag: string;
  breakpoints: boolean;
}

async function nextMigration(tableName: string): Promise<JournalEntry> {
  let last = -1;
  try {
    const journal: unknown = JSON.parse(
      await fs.promises.readFile(`${MIGRATIONS}/meta/_journal.json`, 'utf8'),
    );
    const entries =
      typeof journal === 'object' && journal !== null && 'entries' in journal ? journal.entries : [];
    if (Array.isArray(entries))
      for (const e of entries) last = Math.max(last, Number(Reflect.get(Object(e), 'idx')));
  } catch {
    // A server without its migrations folder (a bundled build): number from 0; INTEGRATE.md says to renumber.
  }
  const idx = last + 1;
  return {
    idx,
    version: '7',
    when: Date.now(),
    tag: `${String(idx).padStart(4, '0')}_${tableName}`,
    breakpoints: true,
  };
}

export function integrateFile(m: Model, migration: JournalEntry): string {
  const c = m.camel;
  return lines(
    `# Integrating ${markdown(m.functionName)} (${m.tableName})`,
    '',
    'Unzip at the repository root (the paths are relative to it), then make these edits to existing files:',
    '',
    '1. `packages/shared/src/index.ts`: export the schemas',
    '   ```ts',
    `   export * from './schemas/${m.business}.js';`,
    '   ```',
    `2. \`apps/server/src/app.ts\`: import \`${c}Routes\` from \`./modules/${m.module}/index.js\` and register it in the`,
    '   protected context, beside the other modules:',
    '   ```ts',
    `   import { ${c}Routes } from './modules/${m.module}/index.js';`,
    `   await api.register(${c}Routes);`,
    '   ```',
    `3. \`apps/server/src/test/schema.ts\`: \`export * from '../modules/${m.module}/tables.js';\`${m.child ? ` (the master's table and its child table \`${m.child.tableName}\`)` : ''}`,
    `4. The migration \`apps/server/drizzle/${migration.tag}.sql\` needs its entry at the end of`,
    '   `apps/server/drizzle/meta/_journal.json` `entries` (renumber both if your project has moved on):',
    '   ```json',
    `   ${JSON.stringify(migration)}`,
    '   ```',
    '   Or delete the .sql and run `cd apps/server && npx drizzle-kit generate --name ' +
      m.tableName +
      '`, which writes the',
    '   migration, its snapshot and the journal entry from `tables.ts` (then the table must not exist yet).',
    `5. \`apps/web/src/app/page-registry.ts\`: \`'${m.module}/index': lazy(() => import('@/features/${m.module}/pages/${m.business}-page')),\``,
    // Each menu group has its file in packages/shared/src/routes/, named after its path (console.ts).
    `6. \`packages/shared/src/routes/${m.parentMenu.replace(/^\//, '')}.ts\`: the menu entry, in the children of the \`${m.parentMenu}\` group (\`PROJECT_ADMIN\` is in \`./record.js\`):`,
    '   ```ts',
    `   { name: ${str(m.className)}, path: ${str(`/${m.business}`)}, component: ${str(`${m.module}/index`)}, meta: { title: ${str(c)}, icon: 'table', access: 'records:read', roles: PROJECT_ADMIN } },`,
    '   ```',
    '7. Merge these keys into `apps/web/src/locales/en.json` and `zh-CN.json` (translate the labels):',
    '   ```json',
    `   ${JSON.stringify(localeKeys(m, 'en'))}`,
    '   ```',
    '   ```json',
    `   ${JSON.stringify(localeKeys(m, 'zh'))}`,
    '   ```',
    `8. \`apps/server/src/test/cases/${m.module}.ts\`: a case per route of \`${m.baseUrl}\`${m.treeParent ? ' (with `/tree`)' : ''}, spread into`,
    "   `CASES` of `apps/server/src/test/route-cases.ts` as the other modules' are: the tenant-isolation test and the",
    '   authorization matrix try each with every kind of principal.',
    '',
    'Then: `npx tsc -b apps/server && (cd apps/web && npx tsc -b)` and `npx vitest run apps/server/src/modules/' +
      m.module +
      '`.',
    '',
  );
}

/**
 * Every file of one table's code: path → content, formatted. The settings are checked first: a name that
 * cannot be an identifier, or a table holding secrets, is a 400 and no code.
 */
export async function generateCode(input: GenInput): Promise<GenPreview> {
  assertGenerable(input);
  const m = buildModel(input);
  const migration = await nextMigration(m.tableName);
  const server = `apps/server/src/modules/${m.module}`;
  return formatFiles({
    [`packages/shared/src/schemas/${m.business}.ts`]: sharedSchemaFile(m),
    [`${server}/tables.ts`]: tablesFile(m),
    [`apps/server/drizzle/${migration.tag}.sql`]: migrationSql(m),
    [`${server}/service.ts`]: serviceFile(m),
    [`${server}/routes.ts`]: routesFile(m),
    [`${server}/index.ts`]: indexFile(m),
    [`${server}/${m.business}.test.ts`]: testFile(m),
    [`${server}/README.md`]: readmeFile(m),
    ...webFiles(m),
    [`INTEGRATE-${m.tableName}.md`]: integrateFile(m, migration),
  });
}

/** The files of one or more tables in one zip. */
export async function zipOf(generated: readonly GenPreview[]): Promise<Buffer> {
  const zip = new JSZip();
  for (const files of generated) for (const [path, content] of Object.entries(files)) zip.file(path, content);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}
