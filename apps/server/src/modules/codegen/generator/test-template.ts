import { comment, str } from './escape.js';
import { lines, type Field, type Model } from './model.js';

/** The generated module's API test: the tenant's rows, optimistic saves, required fields, other tenants kept out. */

/** A value a test sends for a field. */
export function sampleValue(f: Field, variant = 0): string {
  if (f.asText) return f.kind === 'int' ? `'${variant + 1}'` : variant === 0 ? `'2.5'` : `'3.25'`;
  switch (f.kind) {
    case 'text': {
      const text = `${variant === 0 ? 'Sample' : 'Changed'} ${f.name}`.slice(0, Math.max(1, f.maxLength));
      return str(f.column.columnType.startsWith('character(') ? text.padEnd(f.maxLength, 'x') : text);
    }
    case 'int':
      return String(variant + 1);
    case 'float':
      return variant === 0 ? '2' : '3';
    case 'bool':
      return variant === 0 ? 'true' : 'false';
    case 'date':
      return variant === 0 ? `'2026-01-02'` : `'2026-02-03'`;
    case 'timestamp':
      return variant === 0 ? `'2026-01-02T03:04:05.000Z'` : `'2026-02-03T04:05:06.000Z'`;
  }
}

/** What `typeof` answers for a field of the answer: the TypeScript type setting decides. */
const typeOf = (f: Field) => f.ts;

export function testFile(m: Model): string {
  const url = m.baseUrl;
  const text = m.editFields.find((f) => f.kind === 'text');
  const required = m.insertFields.find((f) => f.required);
  const tree = m.treeParent;
  const child = m.child;
  const list = child ? `${child.camel}List` : '';
  // A picture needs an uploaded file: its id is filled in once the test has uploaded one.
  const value = (f: Field, variant = 0) => (f === tree || f.image ? 'null' : sampleValue(f, variant));
  const images = m.fields.filter((f) => f.image);
  const image = images.find((f) => f.column.isInsert);
  const rich = m.insertFields.find((f) => f.richText && f.maxLength >= 60);
  const childRequired = child?.fields.find((f) => f.required);
  return lines(
    `import { afterAll, beforeAll, describe, expect, it } from 'vitest';`,
    child ? `import { eq } from 'drizzle-orm';` : null,
    `import { createTestApp, type TestApp } from '../../test/app.js';`,
    images.length > 0 ? `import { multipartFile, PNG_1X1 } from '../../test/multipart.js';` : null,
    `import { as, createTenant } from '../../test/tenants.js';`,
    child ? `import { ${child.camel}Table } from './tables.js';` : null,
    '',
    `/** ${comment(m.functionName)} through the API: the tenant's own rows, optimistic saves, other tenants kept out. */`,
    'let t: TestApp;',
    'let manager: ReturnType<typeof as>;',
    'let stranger: ReturnType<typeof as>;',
    'type Data<T> = { data: T };',
    '',
    'beforeAll(async () => {',
    '  t = await createTestApp({ captchaEnabled: false });',
    `  manager = as(t, await t.login('manager', 'manager123'));`,
    `  await createTenant(t, ${str(`${m.business} other tenant`)}, [{ username: 'gen_stranger', role: 'tbAdmin' }]);`,
    `  stranger = as(t, await t.login('gen_stranger', 'gen_stranger123'));`,
    images.length > 0
      ? lines(
          "  const png = multipartFile('picture.png', PNG_1X1, 'image/png');",
          `  const uploaded = await manager('POST', '/sbuilding/file/upload/image', png.payload, png.headers);`,
          '  expect(uploaded.statusCode, uploaded.body).toBe(200);',
          '  const picture = uploaded.json<Data<{ id: string }>>().data.id;',
          ...images.flatMap((f) => [
            ...(f.column.isInsert ? [`  sample.${f.name} = picture;`] : []),
            ...(f.column.isEdit ? [`  changes.${f.name} = picture;`] : []),
          ]),
        )
      : null,
    '});',
    '',
    'afterAll(async () => {',
    '  await t.close();',
    '});',
    '',
    child
      ? lines(
          `/** A child row (${child.tableName}). */`,
          'const item = {',
          ...child.fields.map((f) => `  ${f.name}: ${sampleValue(f)},`),
          '};',
          '',
        )
      : null,
    'const sample: Record<string, unknown> = {',
    ...m.insertFields.map((f) => `  ${f.name}: ${value(f)},`),
    '};',
    '',
    'const changes: Record<string, unknown> = {',
    ...m.editFields.map((f) => `  ${f.name}: ${value(f, 1)},`),
    '};',
    '',
    `/** The TypeScript type of each field of the answer, as the generator's settings say. */`,
    'const TYPES: Record<string, string> = {',
    ...m.insertFields.filter((f) => f !== tree).map((f) => `  ${f.name}: ${str(typeOf(f))},`),
    '};',
    '',
    'async function create(body: Record<string, unknown> = sample): Promise<{ id: number; version: number }> {',
    `  const res = await manager('PUT', '${url}/create', body);`,
    '  expect(res.statusCode, res.body).toBe(200);',
    '  return res.json<Data<{ id: number; version: number }>>().data;',
    '}',
    '',
    `describe(${str(m.functionName)}, () => {`,
    `  it('creates a row that the list and the detail then show, each field of its type', async () => {`,
    '    const row = await create();',
    `    const list = await manager('POST', '${url}/getList', { pageNum: 1, pageSize: 500 });`,
    '    expect(list.statusCode).toBe(200);',
    '    const ids = list.json<Data<{ rows: { id: number }[] }>>().data.rows.map((r) => r.id);',
    '    expect(ids).toContain(row.id);',
    `    const detail = await manager('GET', \`${url}/\${row.id}\`);`,
    '    expect(detail.statusCode).toBe(200);',
    '    const data = detail.json<Data<Record<string, unknown>>>().data;',
    text && text.column.isInsert ? `    expect(data.${text.name}).toBe(sample.${text.name});` : null,
    '    for (const [key, type] of Object.entries(TYPES)) expect(typeof data[key], key).toBe(type);',
    '  });',
    '',
    `  it('saves a row with the version read, and refuses a save with an older one (409)', async () => {`,
    '    const row = await create();',
    `    const saved = await manager('POST', \`${url}/save/\${row.id}\`, { version: row.version, ...changes });`,
    '    expect(saved.statusCode, saved.body).toBe(200);',
    '    expect(saved.json<Data<{ version: number }>>().data.version).toBe(row.version + 1);',
    text
      ? `    expect(saved.json<Data<Record<string, unknown>>>().data.${text.name}).toBe(changes.${text.name});`
      : null,
    `    const stale = await manager('POST', \`${url}/save/\${row.id}\`, { version: row.version, ...changes });`,
    '    expect(stale.statusCode).toBe(409);',
    '  });',
    '',
    required
      ? lines(
          `  it('refuses a row without its required fields with 400 naming the field', async () => {`,
          '    const rest: Record<string, unknown> = { ...sample };',
          `    delete rest.${required.name};`,
          `    const res = await manager('PUT', '${url}/create', rest);`,
          '    expect(res.statusCode).toBe(400);',
          '    expect(res.json<{ msg: string }>().msg).toMatch(/required/);',
          '  });',
          '',
        )
      : null,
    tree
      ? lines(
          `  it('creates a row under a parent, answers the tree, and refuses a cycle or a missing parent', async () => {`,
          '    const root = await create();',
          `    const leaf = await create({ ...sample, ${tree.name}: root.id });`,
          `    const res = await manager('POST', '${url}/tree', {});`,
          '    expect(res.statusCode, res.body).toBe(200);',
          `    const rows = res.json<Data<{ id: number; ${tree.name}: number | null }[]>>().data;`,
          `    expect(rows.find((r) => r.id === leaf.id)?.${tree.name}).toBe(root.id);`,
          `    expect(rows.find((r) => r.id === root.id)?.${tree.name}).toBeNull();`,
          `    const save = (id: number, version: number, parent: number | null) =>`,
          `      manager('POST', \`${url}/save/\${id}\`, { version, ...changes, ${tree.name}: parent });`,
          '    // Under its own child, under itself: a cycle.',
          '    for (const parent of [leaf.id, root.id]) {',
          '      const cycle = await save(root.id, root.version, parent);',
          '      expect(cycle.statusCode, cycle.body).toBe(400);',
          '      expect(cycle.json<{ msg: string }>().msg).toMatch(/under itself or under one of its own descendants/);',
          '    }',
          `    const nowhere = await manager('PUT', '${url}/create', { ...sample, ${tree.name}: 999999 });`,
          '    expect(nowhere.statusCode).toBe(400);',
          '    expect(nowhere.json<{ msg: string }>().msg).toMatch(/parent row does not exist/);',
          '    // Moving the leaf to the top is allowed.',
          '    expect((await save(leaf.id, leaf.version, null)).statusCode).toBe(200);',
          '  });',
          '',
          `  it('does not delete a row that still has child rows (409)', async () => {`,
          '    const root = await create();',
          `    const leaf = await create({ ...sample, ${tree.name}: root.id });`,
          `    expect((await manager('DELETE', \`${url}/del/\${root.id}\`)).statusCode).toBe(409);`,
          `    expect((await manager('DELETE', \`${url}/del/\${leaf.id}\`)).statusCode).toBe(200);`,
          `    expect((await manager('DELETE', \`${url}/del/\${root.id}\`)).statusCode).toBe(200);`,
          '  });',
          '',
          `  it("refuses another tenant's row as a parent", async () => {`,
          '    const row = await create();',
          `    const res = await stranger('PUT', '${url}/create', { ...sample, ${tree.name}: row.id });`,
          '    expect(res.statusCode).toBe(400);',
          `    const list = await stranger('POST', '${url}/tree', {});`,
          '    expect(list.json<Data<unknown[]>>().data).toEqual([]);',
          '  });',
          '',
        )
      : null,
    child
      ? lines(
          `  it('creates a row with its child rows, replaces them on save, and deletes them with it', async () => {`,
          `    const row = await create({ ...sample, ${list}: [item, item] });`,
          `    const detail = await manager('GET', \`${url}/\${row.id}\`);`,
          `    const children = detail.json<Data<{ ${list}: { id: number; ${child.fkName}: number }[] }>>().data.${list};`,
          '    expect(children).toHaveLength(2);',
          `    expect(children.every((c) => c.${child.fkName} === row.id)).toBe(true);`,
          `    const saved = await manager('POST', \`${url}/save/\${row.id}\`, { version: row.version, ...changes, ${list}: [item] });`,
          '    expect(saved.statusCode, saved.body).toBe(200);',
          `    expect(saved.json<Data<{ ${list}: unknown[] }>>().data.${list}).toHaveLength(1);`,
          '    // A save without the list keeps the child rows.',
          `    const kept = await manager('POST', \`${url}/save/\${row.id}\`, { version: row.version + 1, ...changes });`,
          `    expect(kept.json<Data<{ ${list}: unknown[] }>>().data.${list}).toHaveLength(1);`,
          `    expect((await manager('DELETE', \`${url}/del/\${row.id}\`)).statusCode).toBe(200);`,
          `    const left = await t.app.db.select().from(${child.camel}Table).where(eq(${child.camel}Table.${child.fkName}, row.id));`,
          '    expect(left).toEqual([]);',
          '  });',
          '',
          childRequired
            ? lines(
                `  it('refuses a child row without its required fields (400)', async () => {`,
                '    const incomplete: Record<string, unknown> = { ...item };',
                `    delete incomplete.${childRequired.name};`,
                `    const res = await manager('PUT', '${url}/create', { ...sample, ${list}: [incomplete] });`,
                '    expect(res.statusCode).toBe(400);',
                '  });',
                '',
              )
            : null,
        )
      : null,
    image
      ? lines(
          `  it('stores an uploaded picture and answers its signed link; an unknown file is refused (404)', async () => {`,
          '    const row = await create();',
          `    const data = (await manager('GET', \`${url}/\${row.id}\`)).json<Data<Record<string, unknown>>>().data;`,
          `    expect(data.${image.name}).toBe(sample.${image.name});`,
          `    expect(data.${image.name}Url).toMatch(/^\\/sbuilding\\/file\\/[0-9a-f-]+\\?exp=\\d+&sig=/);`,
          `    const unknown = await manager('PUT', '${url}/create', { ...sample, ${image.name}: '00000000-0000-4000-8000-000000000000' });`,
          '    expect(unknown.statusCode).toBe(404);',
          `    const notAnId = await manager('PUT', '${url}/create', { ...sample, ${image.name}: 'picture.png' });`,
          '    expect(notAnId.statusCode).toBe(400);',
          '  });',
          '',
        )
      : null,
    rich
      ? lines(
          `  it('sanitises rich text before storing it: no script, no event handler', async () => {`,
          `    const row = await create({ ...sample, ${rich.name}: '<p onclick="x()">Hi <b>there</b></p><script>alert(1)</script>' });`,
          `    const data = (await manager('GET', \`${url}/\${row.id}\`)).json<Data<Record<string, unknown>>>().data;`,
          `    expect(data.${rich.name}).toBe('<p>Hi <b>there</b></p>');`,
          '  });',
          '',
        )
      : null,
    `  it('deletes a row, after which it is not found', async () => {`,
    '    const row = await create();',
    `    expect((await manager('DELETE', \`${url}/del/\${row.id}\`)).statusCode).toBe(200);`,
    `    expect((await manager('GET', \`${url}/\${row.id}\`)).statusCode).toBe(404);`,
    '  });',
    '',
    `  it("keeps another tenant out: 404 on the row's id, nothing of it in the list", async () => {`,
    '    const row = await create();',
    `    expect((await stranger('GET', \`${url}/\${row.id}\`)).statusCode).toBe(404);`,
    `    expect((await stranger('POST', \`${url}/save/\${row.id}\`, { version: row.version })).statusCode).toBeGreaterThanOrEqual(400);`,
    `    expect((await stranger('DELETE', \`${url}/del/\${row.id}\`)).statusCode).toBe(404);`,
    `    const list = await stranger('POST', '${url}/getList', {});`,
    '    expect(list.json<Data<{ total: number }>>().data.total).toBe(0);',
    `    expect((await manager('GET', \`${url}/\${row.id}\`)).statusCode).toBe(200);`,
    '  });',
    '',
    `  it('exports the rows to a spreadsheet for /common/download', async () => {`,
    '    await create();',
    `    const res = await manager('POST', '${url}/export', {});`,
    '    expect(res.statusCode).toBe(200);',
    '    expect(res.json<Data<{ fileName: string }>>().data.fileName).toMatch(/\\.xlsx$/);',
    '  });',
    '});',
    '',
  );
}
