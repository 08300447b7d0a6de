import { filterKeys } from './shared-template.js';
import { comment, sheetName, str } from './escape.js';
import { lines, type Field, type Model } from './model.js';

/** The feature's service: the list with its query filters, detail, create, save and delete in the tenancy scope. */

const OPERATORS: Record<string, string> = {
  EQ: 'eq',
  NE: 'ne',
  GT: 'gt',
  GTE: 'gte',
  LT: 'lt',
  LTE: 'lte',
  LIKE: 'ilike',
};

/** The value of a filter key as the column compares it. */
function filterValue(f: Field, key: string): string {
  if (f.convert) return `Number(filter.${key})`;
  return f.kind === 'timestamp' ? `new Date(filter.${key})` : `filter.${key}`;
}

function filterLines(m: Model): string[] {
  return m.queryFields.flatMap((f) => {
    const col = `${m.camel}Table.${f.name}`;
    if (f.column.queryType === 'BETWEEN') {
      const [from, to] = filterKeys(f);
      return [
        `  if (filter.${from} !== undefined && filter.${from} !== null) conditions.push(gte(${col}, ${filterValue(f, from ?? '')}));`,
        `  if (filter.${to} !== undefined && filter.${to} !== null) conditions.push(lte(${col}, ${filterValue(f, to ?? '')}));`,
      ];
    }
    const op =
      f.column.queryType === 'LIKE' && f.kind !== 'text' ? 'eq' : (OPERATORS[f.column.queryType] ?? 'eq');
    const value = op === 'ilike' ? `likePattern(filter.${f.name})` : filterValue(f, f.name);
    return [
      `  if (filter.${f.name} !== undefined && filter.${f.name} !== null) conditions.push(${op}(${col}, ${value}));`,
    ];
  });
}

function operatorsUsed(m: Model): string[] {
  const ops = new Set<string>();
  for (const f of m.queryFields) {
    if (f.column.queryType === 'BETWEEN') ['gte', 'lte'].forEach((o) => ops.add(o));
    else
      ops.add(
        f.column.queryType === 'LIKE' && f.kind !== 'text' ? 'eq' : (OPERATORS[f.column.queryType] ?? 'eq'),
      );
  }
  return [...ops];
}

/** A row's field in the answer. */
function answerValue(f: Field): string {
  if (f.convert)
    return f.required ? `String(row.${f.name})` : `row.${f.name} === null ? null : String(row.${f.name})`;
  if (f.kind !== 'timestamp') return `row.${f.name}`;
  return f.required ? `row.${f.name}.toISOString()` : `row.${f.name}?.toISOString() ?? null`;
}

/** A body's field as the column stores it (`body` names the object holding it). */
function storedValue(f: Field, body = 'body'): string {
  const v = `${body}.${f.name}`;
  if (f.richText) return `sanitizeRichText(${v})`;
  if (f.convert) return f.required ? `Number(${v})` : `${v} === null ? null : Number(${v})`;
  if (f.kind !== 'timestamp') return v;
  return f.required ? `new Date(${v})` : `${v} === null ? null : new Date(${v})`;
}

export function serviceFile(m: Model): string {
  const C = m.className;
  const c = m.camel;
  const T = `${c}Table`;
  const ops = operatorsUsed(m);
  const tree = m.treeParent;
  const child = m.child;
  const CT = child ? `${child.camel}Table` : '';
  const list = child ? `${child.camel}List` : '';
  const drizzleImports = [...new Set(['and', 'asc', 'count', 'eq', ...ops.filter((o) => o !== 'eq')])].sort();
  const usesLike = ops.includes('ilike');
  const Answer = child ? `${C}Detail` : C;
  const sharedTypes = [
    C,
    `${C}CreateBody`,
    `${C}ListBody`,
    `${C}SaveBody`,
    'PageResult',
    ...(tree ? [`${C}TreeBody`] : []),
    ...(child ? [`${C}Detail`, child.className, `${child.className}Input`] : []),
  ].sort();
  const errors = ['AppError', 'conflict', ...(tree ? ['badRequest'] : [])].sort();
  const images = m.fields.filter((f) => f.image);
  const richText = [...m.fields, ...(child?.fields ?? [])].some((f) => f.richText);
  // Pictures: the answer carries signed links, so the calls take the server's link signer.
  const L = images.length > 0 ? ', links' : '';
  const LP = images.length > 0 ? ', links: FileLinks' : '';
  const checkImages = (tenant: string, fields: Field[]) =>
    fields.filter((f) => f.image).map((f) => `  await requireFile(db, ${tenant}, body.${f.name}, 'image');`);
  return lines(
    `import { ${drizzleImports.join(', ')}, type SQL } from 'drizzle-orm';`,
    `import type { ${sharedTypes.join(', ')} } from '@sbuilding/shared';`,
    `import type { Db } from '../../platform/db/client.js';`,
    usesLike ? `import { likePattern } from '../../platform/db/like.js';` : null,
    `import { ${errors.join(', ')} } from '../../platform/errors.js';`,
    `import { exportDate, writeXlsx, type ExportColumn, type ExportTarget } from '../../platform/exports.js';`,
    richText ? `import { sanitizeRichText } from '../../platform/rich-text.js';` : null,
    `import { ownedOr404, tenantFilter, tenantForWrite, type Scope } from '../../platform/tenancy.js';`,
    images.length > 0 ? `import { requireFile, type FileLinks } from '../files/index.js';` : null,
    `import { ${[T, ...(child ? [CT] : [])].sort().join(', ')} } from './tables.js';`,
    '',
    `/** ${comment(m.functionName)}: every read and write goes through the caller's tenancy scope. */`,
    '',
    `type Row = typeof ${T}.$inferSelect;`,
    child ? `type ChildRow = typeof ${CT}.$inferSelect;` : null,
    '',
    `function to${C}(row: Row${LP}): ${C} {`,
    '  return {',
    '    id: row.id,',
    '    tenantId: row.tenantId,',
    ...m.fields.flatMap((f) => [
      `    ${f.name}: ${answerValue(f)},`,
      ...(f.image ? [`    ${f.name}Url: row.${f.name} ? links.url(row.${f.name}) : null,`] : []),
    ]),
    '    version: row.version,',
    '    createTime: row.createdAt.toISOString(),',
    '    updateTime: row.updatedAt.toISOString(),',
    '  };',
    '}',
    '',
    child
      ? lines(
          `function to${child.className}(row: ChildRow): ${child.className} {`,
          '  return {',
          '    id: row.id,',
          `    ${child.fkName}: row.${child.fkName},`,
          ...child.fields.map((f) => `    ${f.name}: ${answerValue(f)},`),
          '  };',
          '}',
          '',
          `/** A master row with its child rows (${child.tableName}), in the order they were written. */`,
          `async function detailOf(db: Db, row: Row${LP}): Promise<${C}Detail> {`,
          `  const children = await db.select().from(${CT}).where(eq(${CT}.${child.fkName}, row.id)).orderBy(asc(${CT}.id));`,
          `  return { ...to${C}(row${L}), ${list}: children.map(to${child.className}) };`,
          '}',
          '',
          `/** Writes the child rows of a master (its former ones already deleted). */`,
          `async function insertChildren(db: Db, masterId: number, children: ${child.className}Input[]): Promise<void> {`,
          '  if (children.length === 0) return;',
          `  await db.insert(${CT}).values(`,
          '    children.map((item) => ({',
          `      ${child.fkName}: masterId,`,
          ...child.fields.map((f) => `      ${f.name}: ${storedValue(f, 'item')},`),
          '    })),',
          '  );',
          '}',
          '',
        )
      : null,
    `function whereOf(scope: Scope, filter: Omit<${C}ListBody, 'pageNum' | 'pageSize'>): SQL | undefined {`,
    `  const conditions: (SQL | undefined)[] = [tenantFilter(scope, ${T}.tenantId)];`,
    ...filterLines(m),
    '  return and(...conditions);',
    '}',
    '',
    `export async function list${C}(db: Db, scope: Scope, filter: ${C}ListBody${LP}): Promise<PageResult<${C}>> {`,
    '  const where = whereOf(scope, filter);',
    '  const [rows, [total]] = await Promise.all([',
    '    db',
    '      .select()',
    `      .from(${T})`,
    '      .where(where)',
    `      .orderBy(asc(${T}.id))`,
    '      .limit(filter.pageSize)',
    '      .offset((filter.pageNum - 1) * filter.pageSize),',
    `    db.select({ value: count() }).from(${T}).where(where),`,
    '  ]);',
    `  return { rows: rows.map((row) => to${C}(row${L})), total: total?.value ?? 0 };`,
    '}',
    '',
    tree
      ? lines(
          `/** Every row of the tenant matching the filter, flat (each names its parent): the console builds the tree. */`,
          `export async function tree${C}(db: Db, scope: Scope, filter: ${C}TreeBody${LP}): Promise<${C}[]> {`,
          `  const rows = await db.select().from(${T}).where(whereOf(scope, filter)).orderBy(asc(${T}.id)).limit(5000);`,
          `  return rows.map((row) => to${C}(row${L}));`,
          '}',
          '',
          '/**',
          " * A row's parent must be a row of the same tenant, and neither the row itself nor one of its",
          ' * descendants (walking up from the parent must not meet the row): 400 otherwise.',
          ' */',
          `async function checkParent(db: Db, tenantId: number, id: number | null, parentId: number | null): Promise<void> {`,
          '  if (parentId === null) return;',
          `  const [parent] = await db.select({ tenantId: ${T}.tenantId }).from(${T}).where(eq(${T}.id, parentId));`,
          `  if (parent?.tenantId !== tenantId) throw badRequest('tree.parentNotFound');`,
          '  const seen = new Set<number>();',
          '  for (let cursor: number | null = parentId; cursor !== null && !seen.has(cursor); ) {',
          `    if (cursor === id) throw badRequest('tree.cycle');`,
          '    seen.add(cursor);',
          `    const [up]: { parent: number | null }[] = await db.select({ parent: ${T}.${tree.name} }).from(${T}).where(eq(${T}.id, cursor));`,
          '    cursor = up?.parent ?? null;',
          '  }',
          '}',
          '',
        )
      : null,
    `async function find(db: Db, scope: Scope, id: number): Promise<Row> {`,
    `  const [row] = await db.select().from(${T}).where(eq(${T}.id, id));`,
    '  return ownedOr404(scope, row);',
    '}',
    '',
    `export async function get${C}(db: Db, scope: Scope, id: number${LP}): Promise<${Answer}> {`,
    child
      ? `  return detailOf(db, await find(db, scope, id)${L});`
      : `  return to${C}(await find(db, scope, id)${L});`,
    '}',
    '',
    `export async function create${C}(db: Db, scope: Scope, body: ${C}CreateBody${LP}): Promise<${Answer}> {`,
    '  const tenantId = tenantForWrite(scope, body.tenantId);',
    ...checkImages('tenantId', m.insertFields),
    tree && tree.column.isInsert ? `  await checkParent(db, tenantId, null, body.${tree.name});` : null,
    child ? '  return db.transaction(async (tx) => {' : null,
    `  const [row] = await ${child ? 'tx' : 'db'}`,
    `    .insert(${T})`,
    '    .values({',
    '      tenantId,',
    ...m.insertFields.map((f) => `      ${f.name}: ${storedValue(f)},`),
    '    })',
    '    .returning();',
    `  if (!row) throw new AppError(500, 'error.internal');`,
    child
      ? lines(`  await insertChildren(tx, row.id, body.${list});`, `  return detailOf(tx, row${L});`, '  });')
      : `  return to${C}(row${L});`,
    '}',
    '',
    `/** 409 when the row changed since the version the caller read. */`,
    `export async function save${C}(db: Db, scope: Scope, id: number, body: ${C}SaveBody${LP}): Promise<${Answer}> {`,
    (tree && tree.column.isEdit) || checkImages('', m.editFields).length > 0
      ? lines(
          '  const current = await find(db, scope, id);',
          tree && tree.column.isEdit
            ? `  await checkParent(db, current.tenantId, id, body.${tree.name});`
            : null,
          ...checkImages('current.tenantId', m.editFields),
        )
      : '  await find(db, scope, id);',
    child ? '  return db.transaction(async (tx) => {' : null,
    `  const [row] = await ${child ? 'tx' : 'db'}`,
    `    .update(${T})`,
    '    .set({',
    ...m.editFields.map((f) => `      ${f.name}: ${storedValue(f)},`),
    '      version: body.version + 1,',
    '      updatedAt: new Date(),',
    '    })',
    `    .where(and(eq(${T}.id, id), eq(${T}.version, body.version)))`,
    '    .returning();',
    '  if (!row) throw conflict();',
    child
      ? lines(
          `  if (body.${list}) {`,
          `    // The child rows are replaced as a whole, as RuoYi's master-child save does.`,
          `    await tx.delete(${CT}).where(eq(${CT}.${child.fkName}, id));`,
          `    await insertChildren(tx, id, body.${list});`,
          '  }',
          `  return detailOf(tx, row${L});`,
          '  });',
        )
      : `  return to${C}(row${L});`,
    '}',
    '',
    tree
      ? `/** A row with child rows is not deleted (409): delete or move them first. */`
      : child
        ? `/** Deletes the row and its child rows together. */`
        : null,
    `export async function delete${C}(db: Db, scope: Scope, id: number): Promise<void> {`,
    '  await find(db, scope, id);',
    tree
      ? lines(
          `  const [children] = await db.select({ value: count() }).from(${T}).where(eq(${T}.${tree.name}, id));`,
          `  if ((children?.value ?? 0) > 0) throw conflict('tree.hasChildren');`,
        )
      : null,
    child
      ? lines(
          '  await db.transaction(async (tx) => {',
          `    await tx.delete(${CT}).where(eq(${CT}.${child.fkName}, id));`,
          `    await tx.delete(${T}).where(eq(${T}.id, id));`,
          '  });',
        )
      : `  await db.delete(${T}).where(eq(${T}.id, id));`,
    '}',
    '',
    `const EXPORT_COLUMNS: ExportColumn<${C}>[] = [`,
    `  { key: 'id', header: 'Id' },`,
    ...m.listFields.map((f) => `  { key: ${str(f.name)}, header: ${str(f.label)} },`),
    `  { key: 'createTime', header: 'Create time' },`,
    '];',
    '',
    `/** Writes every row matching the filter (all pages) to an .xlsx in \`dir\`; answers its file name. */`,
    `export async function export${C}(`,
    '  db: Db,',
    '  scope: Scope,',
    `  filter: Omit<${C}ListBody, 'pageNum' | 'pageSize'>,`,
    '  exports: ExportTarget,',
    images.length > 0 ? '  links: FileLinks,' : null,
    '): Promise<string> {',
    `  const rows = await db.select().from(${T}).where(whereOf(scope, filter)).orderBy(asc(${T}.id));`,
    `  return writeXlsx(exports, [${str(m.business)}, exportDate('UTC')], ${str(sheetName(m.functionName))}, EXPORT_COLUMNS, rows.map((row) => to${C}(row${L})));`,
    '}',
    '',
  );
}
