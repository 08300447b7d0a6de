import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import ts from 'typescript';
import type { GenTable, GenTableDetail } from '@sbuilding/shared';
import { rowsOf } from '../../platform/db/rows.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { as } from '../../test/tenants.js';
import { sqlName, sqlString } from './generator/escape.js';
import { PROTECTED_TABLES } from './names.js';
import { genTable, genTableColumn } from './tables.js';

/**
 * The generator writes only safe code (issues 32 and 34): text from the database or the settings lands in
 * comments and literals, never as code; names that cannot be identifiers are refused, naming them; the
 * platform's tables of secrets and sign-in state are never offered.
 */
let t: TestApp;
let admin: ReturnType<typeof as>;
let adminZh: ReturnType<typeof as>;
type Data<T> = { data: T };

const TABLE_COMMENT = 'Lease */ pwnedByTableComment(); /*';
const COLUMN_COMMENT = 'Name */ pwnedByColumnComment(); // x\npwnedByLineBreak(); `${pwnedByTemplate()}`';
const AUTHOR = 'eve */ pwnedByAuthor(); /*';
const HOSTILE_COLUMN = 'q" integer); DROP TABLE users; --';

beforeAll(async () => {
  t = await createTestApp({ captchaEnabled: false });
  const token = await t.login('admin', 'admin123');
  admin = as(t, token);
  adminZh = as(t, token, 'ZH');
  const run = (text: string) => t.app.db.execute(sql.raw(text));
  await run(
    'create table gen_safe_lease (id serial primary key, lease_name varchar(64) not null, remark text)',
  );
  await run(`comment on table gen_safe_lease is ${sqlString(TABLE_COMMENT)}`);
  await run(`comment on column gen_safe_lease.lease_name is ${sqlString(COLUMN_COMMENT)}`);
  await run(`create table gen_safe_cols (id serial primary key, ${sqlName(HOSTILE_COLUMN)} integer)`);
  for (const name of ['gen_safe_settings', 'gen_safe_late', 'gen_safe_master']) {
    await run(`create table ${name} (id serial primary key, title text)`);
    await run(`comment on table ${name} is 'Scratch'`);
  }
  await run(
    'create table _1st_floor (id serial primary key, _2nd text, create_time timestamptz, children text)',
  );
  await run(`comment on table _1st_floor is 'First floor'`);
  await run(`create table ${sqlName('gen_q"uote')} (id serial primary key)`);
  await run(`create table ${sqlName('gen_`tick`')} (id serial primary key)`);
});

afterAll(async () => {
  await t.close();
});

async function importTable(name: string): Promise<GenTable> {
  const res = await admin('POST', `/tool/gen/importTable?tables=${encodeURIComponent(name)}`);
  expect(res.statusCode, res.body).toBe(200);
  const [table] = res.json<Data<GenTable[]>>().data;
  if (!table) throw new Error('not imported');
  return table;
}

async function detailOf(tableId: number): Promise<GenTableDetail> {
  return (await admin('GET', `/tool/gen/${tableId}`)).json<Data<GenTableDetail>>().data;
}

/** PUT /tool/gen's body from a detail, with changes to the settings and to every column's. */
function saveBody(detail: GenTableDetail, change: Partial<GenTable> = {}, column: object = {}) {
  return { ...detail.info, ...change, columns: detail.rows.map((c) => ({ ...c, ...column })) };
}

/** The identifiers the TypeScript parser finds in a file's code, and whether it parsed cleanly. */
function codeOf(path: string, source: string): { identifiers: Set<string>; errors: number } {
  const kind = path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const file = ts.createSourceFile(path, source, ts.ScriptTarget.Latest, true, kind);
  const identifiers = new Set<string>();
  const visit = (node: ts.Node) => {
    if (ts.isIdentifier(node)) identifiers.add(node.text);
    node.forEachChild(visit);
  };
  visit(file);
  return {
    identifiers,
    errors: (file as unknown as { parseDiagnostics: unknown[] }).parseDiagnostics.length,
  };
}

describe('the code generator writes only safe code', () => {
  it('writes a table comment, a column comment and an author holding */ into comments and literals only, never as statements', async () => {
    const table = await importTable('gen_safe_lease');
    const saved = await admin(
      'PUT',
      '/tool/gen',
      saveBody(await detailOf(table.tableId), { functionAuthor: AUTHOR }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const preview = await admin('GET', `/tool/gen/preview/${table.tableId}`);
    expect(preview.statusCode, preview.body).toBe(200);
    const files = preview.json<Data<Record<string, string>>>().data;
    const code = Object.entries(files).filter(([path]) => /\.tsx?$/.test(path));
    expect(code.length).toBeGreaterThan(10);
    for (const [path, source] of code) {
      const { identifiers, errors } = codeOf(path, source);
      expect(errors, path).toBe(0);
      expect(
        [...identifiers].filter((name) => name.startsWith('pwned')),
        path,
      ).toEqual([]);
    }
    const all = Object.values(files).join('\n');
    // The texts are there, as comments and strings: escaped, not dropped.
    expect(all).toContain('Lease *\\/ pwnedByTableComment(); /*');
    expect(all).toContain('generated for eve *\\/ pwnedByAuthor(); /*');
    const [migration] = Object.entries(files).filter(([path]) => path.endsWith('.sql'));
    for (const line of (migration?.[1] ?? '').split('\n').filter((l) => l.includes('pwned')))
      expect(line, 'an SQL line with the text is a comment').toMatch(/^-- /);
    const integrate = files['INTEGRATE-gen_safe_lease.md'] ?? '';
    expect(integrate.split('\n')[0]).toBe(
      '# Integrating Lease \\*/ pwnedByTableComment\\(\\); /\\* (gen_safe_lease)',
    );
  });

  it('refuses to import a table whose column name would break out of the migration, naming the column in both languages', async () => {
    const res = await admin('POST', '/tool/gen/importTable?tables=gen_safe_cols');
    expect(res.statusCode).toBe(400);
    expect(res.json<{ msg: string }>().msg).toBe(
      `The column [${HOSTILE_COLUMN}] of the table [gen_safe_cols] cannot be generated: use lower-case letters, digits and _ only, not starting with a digit (at most 63), and rename the column first`,
    );
    const zh = await adminZh('POST', '/tool/gen/importTable?tables=gen_safe_cols');
    expect(zh.json<{ msg: string }>().msg).toContain(
      `表【gen_safe_cols】的字段【${HOSTILE_COLUMN}】无法生成代码`,
    );
    const list = await admin('GET', '/tool/gen/list?tableName=gen_safe_cols');
    expect(list.json<Data<{ total: number }>>().data.total).toBe(0);
  });

  it('refuses table names with quotes or backticks on import, naming them', async () => {
    for (const name of ['gen_q"uote', 'gen_`tick`']) {
      const res = await admin('POST', `/tool/gen/importTable?tables=${encodeURIComponent(name)}`);
      expect(res.statusCode, name).toBe(400);
      expect(res.json<{ msg: string }>().msg).toBe(
        `The table name [${name}] cannot be generated: use lower-case letters, digits and _ only, not starting with a digit (at most 63), and rename the table first`,
      );
    }
  });

  it('refuses settings with quotes or backticks in every name that becomes code, naming the field', async () => {
    const table = await importTable('gen_safe_settings');
    const detail = await detailOf(table.tableId);
    const cases: [object, RegExp][] = [
      [saveBody(detail, { className: 'Lease`' }), /Class name is invalid/],
      [saveBody(detail, { className: 'Values' }), /Class name is invalid/],
      [saveBody(detail, { moduleName: '../users' }), /Module name is invalid/],
      [saveBody(detail, { parentMenu: "/console'); x" }), /invalid/],
      [saveBody(detail, { tplCategory: 'sub', subTableName: 'gen_q"uote', subTableFkName: 'id' }), /invalid/],
      [
        saveBody(detail, { tplCategory: 'sub', subTableName: 'gen_safe_lease', subTableFkName: 'x`y' }),
        /invalid/,
      ],
      [
        saveBody(detail, { tplCategory: 'tree', treeCode: 'id"', treeParentCode: 'id', treeName: 'title' }),
        /invalid/,
      ],
      [saveBody(detail, {}, { tsField: 'title`' }), /Field name is invalid/],
      [saveBody(detail, {}, { htmlType: 'select', dictType: "sys'x" }), /invalid/],
    ];
    for (const [body, message] of cases) {
      const res = await admin('PUT', '/tool/gen', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ msg: string }>().msg, JSON.stringify(body)).toMatch(message);
    }
    const reserved = await admin('PUT', '/tool/gen', {
      ...detail.info,
      columns: detail.rows.map((c) => (c.columnName === 'title' ? { ...c, tsField: 'createTime' } : c)),
    });
    expect(reserved.statusCode).toBe(400);
    expect(reserved.json<{ msg: string }>().msg).toMatch(
      /\[createTime\] is one every generated row already has/,
    );
  });

  it('imports a table whose names are no identifiers as they are with defaults that save and generate', async () => {
    const table = await importTable('_1st_floor');
    expect(table).toMatchObject({
      className: 'Gen1stFloor',
      moduleName: 'gen-1st-floor',
      businessName: 'gen-1st-floor',
    });
    const detail = await detailOf(table.tableId);
    expect(detail.rows.map((c) => c.tsField)).toEqual(['id', 'field2nd', 'createTimeField', 'childrenField']);
    const saved = await admin('PUT', '/tool/gen', { ...detail.info, columns: detail.rows });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await admin('GET', `/tool/gen/preview/${table.tableId}`)).statusCode).toBe(200);
  });

  it('refuses a bad column name that appears later (synchronisation) or was stored before these rules, writing no code', async () => {
    const table = await importTable('gen_safe_late');
    await t.app.db.execute(sql.raw(`alter table gen_safe_late add column ${sqlName('Bad`Name')} text`));
    const sync = await admin('GET', '/tool/gen/synchDb/gen_safe_late');
    expect(sync.statusCode).toBe(400);
    expect(sync.json<{ msg: string }>().msg).toContain('The column [Bad`Name] of the table [gen_safe_late]');
    expect((await detailOf(table.tableId)).rows.map((c) => c.columnName)).toEqual(['id', 'title']);
    // A column stored before the rules existed: generation refuses it as well.
    await t.app.db
      .update(genTableColumn)
      .set({ columnName: HOSTILE_COLUMN })
      .where(eq(genTableColumn.tableId, table.tableId));
    for (const url of [`/tool/gen/preview/${table.tableId}`, '/tool/gen/download/gen_safe_late']) {
      const res = await admin('GET', url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json<{ msg: string }>().msg, url).toContain(`The column [${HOSTILE_COLUMN}]`);
    }
  });

  it('never lists nor imports the tables holding secrets or sign-in state, nor takes one as a child table', async () => {
    const listed = await admin('GET', '/tool/gen/db/list?pageSize=500');
    const names = listed.json<Data<{ rows: { tableName: string }[] }>>().data.rows.map((r) => r.tableName);
    expect(names).toContain('gen_safe_master');
    for (const secret of [
      'users',
      'sessions',
      'server_secrets',
      'api_keys',
      'sso_providers',
      'sso_identities',
    ])
      expect(names).not.toContain(secret);
    expect(names.filter((n) => PROTECTED_TABLES.has(n))).toEqual([]);
    for (const secret of PROTECTED_TABLES) {
      const res = await admin('POST', `/tool/gen/importTable?tables=${secret}`);
      expect(res.statusCode, secret).toBe(400);
      expect(res.json<{ msg: string }>().msg).toBe(
        `The table [${secret}] holds secrets or sign-in state of the platform: the code generator does not offer it`,
      );
    }
    const master = await importTable('gen_safe_master');
    const child = await admin(
      'PUT',
      '/tool/gen',
      saveBody(await detailOf(master.tableId), {
        tplCategory: 'sub',
        subTableName: 'sessions',
        subTableFkName: 'user_id',
      }),
    );
    expect(child.statusCode).toBe(400);
    expect(child.json<{ msg: string }>().msg).toMatch(/\[sessions\] holds secrets/);
    expect((await admin('GET', '/tool/gen/synchDb/users')).statusCode).toBe(400);
    // Imported before the rule: no code is written for it.
    const [stored] = await t.app.db
      .insert(genTable)
      .values({
        tableName: 'api_keys',
        className: 'ApiKeys',
        moduleName: 'api-keys',
        businessName: 'api-keys',
        functionName: 'Keys',
        functionAuthor: 'admin',
      })
      .returning();
    const preview = await admin('GET', `/tool/gen/preview/${stored?.id}`);
    expect(preview.statusCode).toBe(400);
    expect(preview.json<{ msg: string }>().msg).toMatch(/\[api_keys\] holds secrets/);
  });

  it('keeps every table whose name or columns name a secret on the protected list', async () => {
    const result = await t.app.db.execute(sql`
      select distinct c.table_name as "table" from information_schema.columns c
      where c.table_schema = current_schema()
        and (c.column_name ~ '(password|secret|token|hash|sealed|verifier|nonce|answer)'
          or c.table_name ~ '(secret|session|captcha|login|sso_|api_key)')`);
    const tables = rowsOf(result).map((r) => String(r.table));
    expect(tables).toEqual(expect.arrayContaining(['users', 'sessions', 'api_keys', 'server_secrets']));
    expect(tables.filter((name) => !PROTECTED_TABLES.has(name))).toEqual([]);
  });
});
