import { lines, str, type Field, type Model } from './model.js';

/** The generated module's API test: the tenant's rows, optimistic saves, required fields, other tenants kept out. */

/** A value a test sends for a field. */
export function sampleValue(f: Field, variant = 0): string {
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

export function testFile(m: Model): string {
  const url = m.baseUrl;
  const text = m.editFields.find((f) => f.kind === 'text');
  const required = m.insertFields.find((f) => f.required);
  return lines(
    `import { afterAll, beforeAll, describe, expect, it } from 'vitest';`,
    `import { createTestApp, type TestApp } from '../../test/app.js';`,
    `import { as, createTenant } from '../../test/tenants.js';`,
    '',
    `/** ${m.functionName} through the API: the tenant's own rows, optimistic saves, other tenants kept out. */`,
    'let t: TestApp;',
    'let manager: ReturnType<typeof as>;',
    'let stranger: ReturnType<typeof as>;',
    '',
    'beforeAll(async () => {',
    '  t = await createTestApp({ captchaEnabled: false });',
    `  manager = as(t, await t.login('manager', 'manager123'));`,
    `  await createTenant(t, ${str(`${m.business} other tenant`)}, [{ username: 'gen_stranger', role: 'tbAdmin' }]);`,
    `  stranger = as(t, await t.login('gen_stranger', 'gen_stranger123'));`,
    '});',
    '',
    'afterAll(async () => {',
    '  await t.close();',
    '});',
    '',
    'const sample = {',
    ...m.insertFields.map((f) => `  ${f.name}: ${sampleValue(f)},`),
    '};',
    '',
    'async function create(): Promise<{ id: number; version: number }> {',
    `  const res = await manager('PUT', '${url}/create', sample);`,
    '  expect(res.statusCode, res.body).toBe(200);',
    '  return res.json<{ data: { id: number; version: number } }>().data;',
    '}',
    '',
    `describe(${str(m.functionName)}, () => {`,
    `  it('creates a row that the list and the detail then show', async () => {`,
    '    const row = await create();',
    `    const list = await manager('POST', '${url}/getList', { pageNum: 1, pageSize: 500 });`,
    '    expect(list.statusCode).toBe(200);',
    '    const ids = list.json<{ data: { rows: { id: number }[] } }>().data.rows.map((r) => r.id);',
    '    expect(ids).toContain(row.id);',
    `    const detail = await manager('GET', \`${url}/\${row.id}\`);`,
    '    expect(detail.statusCode).toBe(200);',
    text && text.column.isInsert
      ? `    expect(detail.json<{ data: Record<string, unknown> }>().data.${text.name}).toBe(sample.${text.name});`
      : null,
    '  });',
    '',
    `  it('saves a row with the version read, and refuses a save with an older one (409)', async () => {`,
    '    const row = await create();',
    '    const changes = {',
    ...m.editFields.map((f) => `      ${f.name}: ${sampleValue(f, 1)},`),
    '    };',
    `    const saved = await manager('POST', \`${url}/save/\${row.id}\`, { version: row.version, ...changes });`,
    '    expect(saved.statusCode, saved.body).toBe(200);',
    '    expect(saved.json<{ data: { version: number } }>().data.version).toBe(row.version + 1);',
    text
      ? `    expect(saved.json<{ data: Record<string, unknown> }>().data.${text.name}).toBe(changes.${text.name});`
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
    '    expect(list.json<{ data: { total: number } }>().data.total).toBe(0);',
    `    expect((await manager('GET', \`${url}/\${row.id}\`)).statusCode).toBe(200);`,
    '  });',
    '',
    `  it('exports the rows to a spreadsheet for /common/download', async () => {`,
    '    await create();',
    `    const res = await manager('POST', '${url}/export', {});`,
    '    expect(res.statusCode).toBe(200);',
    '    expect(res.json<{ data: { fileName: string } }>().data.fileName).toMatch(/\\.xlsx$/);',
    '  });',
    '});',
    '',
  );
}
