import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import JSZip from 'jszip';
import type { GenColumn, GenTable, GenTableDetail } from '@sbuilding/shared';
import { createTestApp, type TestApp } from '../../test/app.js';
import { as } from '../../test/tenants.js';

/** /tool/gen/*: importing tables of the database, editing their settings, previewing and zipping code. */
let t: TestApp;
let admin: ReturnType<typeof as>;
let manager: ReturnType<typeof as>;

beforeAll(async () => {
  t = await createTestApp({ captchaEnabled: false });
  admin = as(t, await t.login('admin', 'admin123'));
  manager = as(t, await t.login('manager', 'manager123'));
  await t.app.db.execute(sql`
    create table gen_scratch_lease (
      id serial primary key,
      lease_name varchar(64) not null,
      rent numeric(10,2),
      status char(1) default '0',
      signed_time timestamp with time zone,
      remark text
    )`);
  await t.app.db.execute(sql`comment on table gen_scratch_lease is 'Tenant lease'`);
  await t.app.db.execute(sql`comment on column gen_scratch_lease.lease_name is 'Lease name'`);
  await t.app.db.execute(sql`create table gen_scratch_other (id serial primary key, title text not null)`);
  await t.app.db.execute(
    sql`create table gen_tree_node (id serial primary key, parent_id integer, node_name varchar(32) not null)`,
  );
  await t.app.db.execute(sql`comment on table gen_tree_node is 'Area'`);
  await t.app.db.execute(
    sql`create table gen_lease_item (id serial primary key, lease_id integer not null, item_name text not null)`,
  );
});

afterAll(async () => {
  await t.close();
});

type Data<T> = { data: T };

async function importLease(): Promise<GenTable> {
  const res = await admin('POST', '/tool/gen/importTable?tables=gen_scratch_lease');
  expect(res.statusCode, res.body).toBe(200);
  const [table] = res.json<Data<GenTable[]>>().data;
  if (!table) throw new Error('not imported');
  return table;
}

async function detailOf(tableId: number): Promise<GenTableDetail> {
  const res = await admin('GET', `/tool/gen/${tableId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Data<GenTableDetail>>().data;
}

function saveBody(detail: GenTableDetail, change: (c: GenColumn) => Partial<GenColumn> = () => ({})) {
  const { info } = detail;
  return {
    tableId: info.tableId,
    version: info.version,
    tableComment: info.tableComment,
    className: info.className,
    tplCategory: info.tplCategory,
    moduleName: info.moduleName,
    businessName: info.businessName,
    functionName: info.functionName,
    functionAuthor: info.functionAuthor,
    subTableName: info.subTableName,
    subTableFkName: info.subTableFkName,
    treeCode: info.treeCode,
    treeParentCode: info.treeParentCode,
    treeName: info.treeName,
    parentMenu: info.parentMenu,
    remark: info.remark,
    columns: detail.rows.map((c) => {
      const merged = { ...c, ...change(c) };
      return {
        columnId: merged.columnId,
        columnComment: merged.columnComment,
        tsType: merged.tsType,
        tsField: merged.tsField,
        isRequired: merged.isRequired,
        isInsert: merged.isInsert,
        isEdit: merged.isEdit,
        isList: merged.isList,
        isQuery: merged.isQuery,
        queryType: merged.queryType,
        htmlType: merged.htmlType,
        dictType: merged.dictType,
      };
    }),
  };
}

describe('code generation calls', () => {
  it('lists the database tables not yet imported, imports one with defaults read from its columns, and lists it', async () => {
    const before = await admin('GET', '/tool/gen/db/list?tableName=gen_scratch');
    expect(before.json<Data<{ rows: { tableName: string; tableComment: string }[] }>>().data.rows).toEqual([
      { tableName: 'gen_scratch_lease', tableComment: 'Tenant lease' },
      { tableName: 'gen_scratch_other', tableComment: '' },
    ]);
    const table = await importLease();
    expect(table).toMatchObject({
      tableName: 'gen_scratch_lease',
      className: 'GenScratchLease',
      businessName: 'gen-scratch-lease',
      functionName: 'Tenant lease',
      functionAuthor: 'admin',
      tplCategory: 'crud',
    });
    const { rows } = await detailOf(table.tableId);
    const byName = Object.fromEntries(rows.map((r) => [r.columnName, r]));
    expect(byName.id).toMatchObject({ isPk: true, isIncrement: true, isInsert: false, isList: false });
    expect(byName.lease_name).toMatchObject({
      columnComment: 'Lease name',
      columnType: 'character varying(64)',
      tsType: 'string',
      tsField: 'leaseName',
      isRequired: true,
      isQuery: true,
      queryType: 'LIKE',
    });
    expect(byName.rent).toMatchObject({ columnType: 'numeric(10,2)', tsType: 'number', isRequired: false });
    expect(byName.status).toMatchObject({
      htmlType: 'radio',
      dictType: 'sys_normal_disable',
      isRequired: false,
    });
    expect(byName.signed_time).toMatchObject({ htmlType: 'datetime', queryType: 'BETWEEN' });
    expect(byName.remark).toMatchObject({ htmlType: 'textarea', isList: false });

    const after = await admin('GET', '/tool/gen/db/list?tableName=gen_scratch');
    expect(after.json<Data<{ rows: { tableName: string }[] }>>().data.rows.map((r) => r.tableName)).toEqual([
      'gen_scratch_other',
    ]);
    const list = await admin('GET', '/tool/gen/list?tableComment=lease');
    expect(list.json<Data<{ rows: GenTable[]; total: number }>>().data).toMatchObject({
      total: 1,
      rows: [{ tableName: 'gen_scratch_lease' }],
    });
    await admin('DELETE', `/tool/gen/${table.tableId}`);
  });

  it('refuses to import a table that does not exist, a bad name, or one already imported (400), importing nothing', async () => {
    const missing = await admin('POST', '/tool/gen/importTable?tables=gen_scratch_other,no_such_table');
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ msg: string }>().msg).toBe(
      'The table [no_such_table] does not exist in the database',
    );
    expect((await admin('POST', '/tool/gen/importTable?tables=Robert%27);drop')).statusCode).toBe(400);
    expect((await admin('POST', '/tool/gen/importTable')).statusCode).toBe(400);
    const table = await importLease();
    const again = await admin('POST', '/tool/gen/importTable?tables=gen_scratch_lease');
    expect(again.statusCode).toBe(400);
    expect(again.json<{ msg: string }>().msg).toBe('The table [gen_scratch_lease] is already imported');
    const list = await admin('GET', '/tool/gen/list?tableName=gen_scratch');
    expect(list.json<Data<{ total: number }>>().data.total).toBe(1);
    await admin('DELETE', `/tool/gen/${table.tableId}`);
  });

  it('saves the settings and the columns, and refuses a stale version (409)', async () => {
    const table = await importLease();
    const detail = await detailOf(table.tableId);
    const body = saveBody(detail, (c) =>
      c.columnName === 'lease_name' ? { columnComment: 'Lease title', isQuery: false } : {},
    );
    const saved = await admin('PUT', '/tool/gen', { ...body, functionName: 'Leases', moduleName: 'leases' });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await detailOf(table.tableId);
    expect(after.info).toMatchObject({
      functionName: 'Leases',
      moduleName: 'leases',
      version: detail.info.version + 1,
    });
    expect(after.rows.find((r) => r.columnName === 'lease_name')).toMatchObject({
      columnComment: 'Lease title',
      isQuery: false,
    });
    const stale = await admin('PUT', '/tool/gen', body);
    expect(stale.statusCode).toBe(409);
    await admin('DELETE', `/tool/gen/${table.tableId}`);
  });

  it('refuses bad settings with 400 and a message naming the field', async () => {
    const table = await importLease();
    const detail = await detailOf(table.tableId);
    const body = saveBody(detail);
    const cases: [object, RegExp][] = [
      [{ ...body, functionName: '' }, /Function name is required/],
      [{ ...body, className: 'lower' }, /Class name is invalid/],
      [{ ...body, businessName: 'Not Kebab' }, /Business name is invalid/],
      [{ ...body, tplCategory: 'tree' }, /Tree id column is required/],
      [
        { ...body, tplCategory: 'tree', treeCode: 'id', treeParentCode: 'nope', treeName: 'lease_name' },
        /\[nope\] does not exist/,
      ],
      [{ ...body, tplCategory: 'sub' }, /Child table is required/],
      [
        { ...body, tplCategory: 'sub', subTableName: 'gen_scratch_other', subTableFkName: 'lease_id' },
        /\[lease_id\] does not exist/,
      ],
      [
        { ...body, tplCategory: 'tree', treeCode: 'id', treeParentCode: 'remark', treeName: 'lease_name' },
        /id column must be the table's key, its parent column an integer/,
      ],
      [
        { ...body, tplCategory: 'tree', treeCode: 'lease_name', treeParentCode: 'id', treeName: 'remark' },
        /id column must be the table's key/,
      ],
      [
        { ...body, tplCategory: 'sub', subTableName: 'gen_scratch_lease', subTableFkName: 'id' },
        /child table must be another table than the master/,
      ],
      [
        saveBody(detail, (c) => (c.columnName === 'remark' ? { tsType: 'number' } : {})),
        /\[remark\] \(text\) cannot be generated as a number/,
      ],
      [
        saveBody(detail, (c) => (c.columnName === 'rent' ? { tsType: 'boolean' } : {})),
        /\[rent\] \(numeric\(10,2\)\) cannot be generated as a boolean/,
      ],
      [saveBody(detail, () => ({ htmlType: 'select', dictType: '' })), /Dictionary type is required/],
      [saveBody(detail, () => ({ tsField: 'same' })), /\[same\] is used twice/],
      [saveBody(detail, () => ({ queryType: 'ALMOST' as 'EQ' })), /Query type is invalid/],
    ];
    for (const [payload, message] of cases) {
      const res = await admin('PUT', '/tool/gen', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json<{ msg: string }>().msg).toMatch(message);
    }
    expect((await admin('PUT', '/tool/gen', { ...body, tableId: 999999 })).statusCode).toBe(404);
    await admin('DELETE', `/tool/gen/${table.tableId}`);
  });

  it('previews the code of every file, and zips it for download', async () => {
    const table = await importLease();
    const preview = await admin('GET', `/tool/gen/preview/${table.tableId}`);
    expect(preview.statusCode, preview.body).toBe(200);
    const files = preview.json<Data<Record<string, string>>>().data;
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining([
        'packages/shared/src/schemas/gen-scratch-lease.ts',
        'apps/server/src/modules/gen-scratch-lease/tables.ts',
        'apps/server/src/modules/gen-scratch-lease/service.ts',
        'apps/server/src/modules/gen-scratch-lease/routes.ts',
        'apps/server/src/modules/gen-scratch-lease/gen-scratch-lease.test.ts',
        'apps/web/src/features/gen-scratch-lease/pages/gen-scratch-lease-page.tsx',
        'INTEGRATE-gen_scratch_lease.md',
      ]),
    );
    expect(files['apps/server/src/modules/gen-scratch-lease/tables.ts']).toContain(
      "leaseName: varchar('lease_name', { length: 64 }).notNull()",
    );
    expect(
      Object.keys(files).some((p) => /^apps\/server\/drizzle\/\d{4}_gen_scratch_lease\.sql$/.test(p)),
    ).toBe(true);
    // The Chinese keys keep an English name apart from the Chinese words ('新增 Tenant lease'), as Chinese
    // typesetting does, instead of running them together ('新增Tenant lease').
    const integrate = files['INTEGRATE-gen_scratch_lease.md'] ?? '';
    expect(integrate).toMatch(/新增 Tenant lease/);
    expect(integrate).not.toMatch(/[新增修改][A-Za-z]/);

    const download = await admin('GET', '/tool/gen/download/gen_scratch_lease');
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    const zip = await JSZip.loadAsync(download.rawPayload);
    expect(
      Object.keys(zip.files)
        .filter((p) => !zip.files[p]?.dir)
        .sort(),
    ).toEqual(Object.keys(files).sort());
    expect(await zip.file('apps/server/src/modules/gen-scratch-lease/tables.ts')?.async('string')).toBe(
      files['apps/server/src/modules/gen-scratch-lease/tables.ts'],
    );

    const other = await admin('POST', '/tool/gen/importTable?tables=gen_scratch_other');
    const batch = await admin('GET', '/tool/gen/batchGenCode?tables=gen_scratch_lease,gen_scratch_other');
    expect(batch.statusCode).toBe(200);
    const both = await JSZip.loadAsync(batch.rawPayload);
    expect(both.file('INTEGRATE-gen_scratch_lease.md')).not.toBeNull();
    expect(both.file('INTEGRATE-gen_scratch_other.md')).not.toBeNull();

    expect((await admin('GET', '/tool/gen/download/not_imported')).statusCode).toBe(404);
    expect((await admin('GET', '/tool/gen/preview/999999')).statusCode).toBe(404);
    expect((await admin('GET', '/tool/gen/preview/abc')).statusCode).toBe(400);
    const otherId = other.json<Data<GenTable[]>>().data[0]?.tableId;
    await admin('DELETE', `/tool/gen/${table.tableId},${otherId}`);
  });

  it("writes a tree's and a master's own code, and each field as its TypeScript type says", async () => {
    const lease = await importLease();
    const leaseDetail = await detailOf(lease.tableId);
    const savedLease = await admin('PUT', '/tool/gen', {
      ...saveBody(leaseDetail, (c) => (c.columnName === 'rent' ? { tsType: 'string' } : {})),
      tplCategory: 'sub',
      subTableName: 'gen_lease_item',
      subTableFkName: 'lease_id',
    });
    expect(savedLease.statusCode, savedLease.body).toBe(200);
    const leaseFiles = (await admin('GET', `/tool/gen/preview/${lease.tableId}`)).json<
      Data<Record<string, string>>
    >().data;
    const schema = leaseFiles['packages/shared/src/schemas/gen-scratch-lease.ts'] ?? '';
    // The rent (numeric) as a decimal string, in the bodies and the answer (however Prettier lays it out).
    expect(schema.replace(/\s+/g, '')).toContain(
      "rent:z.union([z.literal(''),z.string({error:'invalid'}).trim().regex(",
    );
    expect(schema).toContain('  rent: z.string().nullable(),');
    expect(schema).toContain('genLeaseItemList: z.array(genLeaseItemInputSchema)');
    const tables = leaseFiles['apps/server/src/modules/gen-scratch-lease/tables.ts'] ?? '';
    expect(tables).toContain('export const genLeaseItemTable = pgTable(');
    expect(tables).toContain(".references(() => genScratchLeaseTable.id, { onDelete: 'cascade' })");
    expect(
      leaseFiles['apps/web/src/features/gen-scratch-lease/components/gen-scratch-lease-form.tsx'],
    ).toContain('<Form.List name="genLeaseItemList">');

    const node = (await admin('POST', '/tool/gen/importTable?tables=gen_tree_node')).json<Data<GenTable[]>>()
      .data[0];
    if (!node) throw new Error('not imported');
    const tree = await admin('PUT', '/tool/gen', {
      ...saveBody(await detailOf(node.tableId)),
      tplCategory: 'tree',
      treeCode: 'id',
      treeParentCode: 'parent_id',
      treeName: 'node_name',
    });
    expect(tree.statusCode, tree.body).toBe(200);
    const treeFiles = (await admin('GET', `/tool/gen/preview/${node.tableId}`)).json<
      Data<Record<string, string>>
    >().data;
    expect(treeFiles['apps/server/src/modules/gen-tree-node/routes.ts']).toContain(
      "'/sbuilding/gen-tree-node/tree'",
    );
    expect(treeFiles['apps/server/src/modules/gen-tree-node/service.ts']).toContain(
      "throw badRequest('tree.cycle')",
    );
    expect(treeFiles['apps/web/src/features/gen-tree-node/components/gen-tree-node-form.tsx']).toContain(
      '<TreeSelect',
    );
    expect(Object.keys(treeFiles)).toContain('apps/web/src/features/gen-tree-node/api/tree-gen-tree-node.ts');
    await admin('DELETE', `/tool/gen/${lease.tableId},${node.tableId}`);
  });

  it('picks up added columns and drops removed ones on synchronisation, keeping edited settings', async () => {
    const table = await importLease();
    const detail = await detailOf(table.tableId);
    await admin(
      'PUT',
      '/tool/gen',
      saveBody(detail, (c) => (c.columnName === 'lease_name' ? { columnComment: 'Edited' } : {})),
    );
    await t.app.db.execute(sql`alter table gen_scratch_lease add column floor_area integer`);
    await t.app.db.execute(sql`alter table gen_scratch_lease drop column remark`);
    const res = await admin('GET', '/tool/gen/synchDb/gen_scratch_lease');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Data<unknown>>().data).toEqual({ added: ['floor_area'], removed: ['remark'] });
    const after = await detailOf(table.tableId);
    const names = after.rows.map((r) => r.columnName);
    expect(names).toContain('floor_area');
    expect(names).not.toContain('remark');
    expect(after.rows.find((r) => r.columnName === 'lease_name')?.columnComment).toBe('Edited');
    expect((await admin('GET', '/tool/gen/synchDb/not_imported')).statusCode).toBe(404);
    await admin('DELETE', `/tool/gen/${table.tableId}`);
  });

  it('deletes imported tables (the database tables stay); unknown ids are 404 and bad ones 400', async () => {
    const table = await importLease();
    expect((await admin('DELETE', `/tool/gen/${table.tableId},999999`)).statusCode).toBe(404);
    expect((await admin('DELETE', '/tool/gen/1,x')).statusCode).toBe(400);
    expect((await admin('DELETE', `/tool/gen/${table.tableId}`)).statusCode).toBe(200);
    expect((await admin('GET', `/tool/gen/${table.tableId}`)).statusCode).toBe(404);
    const db = await admin('GET', '/tool/gen/db/list?tableName=gen_scratch_lease');
    expect(db.json<Data<{ total: number }>>().data.total).toBe(1);
  });

  it("refuses every call to a tenant's administrator with 403", async () => {
    const table = await importLease();
    const calls: [Parameters<typeof manager>[0], string][] = [
      ['GET', '/tool/gen/list'],
      ['GET', '/tool/gen/db/list'],
      ['POST', '/tool/gen/importTable?tables=gen_scratch_other'],
      ['GET', `/tool/gen/${table.tableId}`],
      ['PUT', '/tool/gen'],
      ['DELETE', `/tool/gen/${table.tableId}`],
      ['GET', '/tool/gen/synchDb/gen_scratch_lease'],
      ['GET', `/tool/gen/preview/${table.tableId}`],
      ['GET', '/tool/gen/download/gen_scratch_lease'],
      ['GET', '/tool/gen/batchGenCode?tables=gen_scratch_lease'],
    ];
    for (const [method, url] of calls) {
      const res = await manager(
        method,
        url,
        method === 'PUT' ? saveBody(await detailOf(table.tableId)) : undefined,
      );
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await detailOf(table.tableId)).info.version).toBe(table.version);
    await admin('DELETE', `/tool/gen/${table.tableId}`);
  });
});
