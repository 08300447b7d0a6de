import { filterKeys } from './shared-template.js';
import { lines, str, type Field, type Model } from './model.js';

export function tablesFile(m: Model): string {
  const imports = new Set([
    'index',
    'integer',
    'pgTable',
    'serial',
    'timestamp',
    ...m.fields.map((f) => f.drizzleImport),
  ]);
  const column = (f: Field) => {
    let expr = f.drizzle;
    if (f.kind === 'bool') expr += '.notNull().default(false)';
    else if (f.required) expr += '.notNull()';
    return `    /** ${f.label} */\n    ${f.name}: ${expr},`;
  };
  return lines(
    `import { ${[...imports].sort().join(', ')} } from 'drizzle-orm/pg-core';`,
    `import { tenants } from '../tenants/tables.js';`,
    '',
    `/** ${m.functionName}: rows of a tenant (tenant_id), with a row version for optimistic saves. */`,
    `export const ${m.camel}Table = pgTable(`,
    `  ${str(m.tableName)},`,
    '  {',
    `    id: serial(${str(m.pkColumn)}).primaryKey(),`,
    `    tenantId: integer('tenant_id')`,
    '      .notNull()',
    `      .references(() => tenants.id, { onDelete: 'cascade' }),`,
    ...m.fields.map(column),
    `    version: integer('version').notNull().default(1),`,
    `    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),`,
    `    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),`,
    '  },',
    `  (t) => [index(${str(`${m.tableName}_tenant_idx`)}).on(t.tenantId)],`,
    ');',
    '',
  );
}

/** The migration: creates the table unless it exists (a table made by hand before importing it). */
export function migrationSql(m: Model): string {
  const q = (name: string) => `"${name}"`;
  const column = (f: Field) => {
    let sql = `\t${q(f.column.columnName)} ${f.sqlType}`;
    if (f.kind === 'bool') sql += ' DEFAULT false NOT NULL';
    else if (f.required) sql += ' NOT NULL';
    return `${sql},`;
  };
  const fk = `${m.tableName}_tenant_id_tenants_id_fk`;
  return lines(
    `CREATE TABLE IF NOT EXISTS ${q(m.tableName)} (`,
    `\t${q(m.pkColumn)} serial PRIMARY KEY NOT NULL,`,
    `\t"tenant_id" integer NOT NULL,`,
    ...m.fields.map(column),
    `\t"version" integer DEFAULT 1 NOT NULL,`,
    `\t"created_at" timestamp with time zone DEFAULT now() NOT NULL,`,
    `\t"updated_at" timestamp with time zone DEFAULT now() NOT NULL`,
    ');',
    '--> statement-breakpoint',
    `DO $$ BEGIN`,
    ` ALTER TABLE ${q(m.tableName)} ADD CONSTRAINT ${q(fk)} FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;`,
    'EXCEPTION',
    ' WHEN duplicate_object THEN null;',
    'END $$;',
    '--> statement-breakpoint',
    `CREATE INDEX IF NOT EXISTS ${q(`${m.tableName}_tenant_idx`)} ON ${q(m.tableName)} USING btree ("tenant_id");`,
    '',
  );
}

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
  if (f.kind !== 'timestamp') return `row.${f.name}`;
  return f.required ? `row.${f.name}.toISOString()` : `row.${f.name}?.toISOString() ?? null`;
}

/** A body's field as the column stores it. */
function storedValue(f: Field): string {
  if (f.kind !== 'timestamp') return `body.${f.name}`;
  return f.required
    ? `new Date(body.${f.name})`
    : `body.${f.name} === null ? null : new Date(body.${f.name})`;
}

export function serviceFile(m: Model): string {
  const C = m.className;
  const c = m.camel;
  const T = `${c}Table`;
  const ops = operatorsUsed(m);
  const drizzleImports = ['and', 'asc', 'count', 'eq', ...ops.filter((o) => o !== 'eq')].sort();
  const usesLike = ops.includes('ilike');
  return lines(
    `import { ${drizzleImports.join(', ')}, type SQL } from 'drizzle-orm';`,
    `import type { ${C}, ${C}CreateBody, ${C}ListBody, ${C}SaveBody, PageResult } from '@sbuilding/shared';`,
    `import type { Db } from '../../platform/db/client.js';`,
    usesLike ? `import { likePattern } from '../../platform/db/like.js';` : null,
    `import { AppError, conflict } from '../../platform/errors.js';`,
    `import { exportDate, writeXlsx, type ExportColumn, type ExportTarget } from '../../platform/exports.js';`,
    `import { ownedOr404, tenantFilter, tenantForWrite, type Scope } from '../../platform/tenancy.js';`,
    `import { ${T} } from './tables.js';`,
    '',
    `/** ${m.functionName}: every read and write goes through the caller's tenancy scope. */`,
    '',
    `type Row = typeof ${T}.$inferSelect;`,
    '',
    `function to${C}(row: Row): ${C} {`,
    '  return {',
    '    id: row.id,',
    '    tenantId: row.tenantId,',
    ...m.fields.map((f) => `    ${f.name}: ${answerValue(f)},`),
    '    version: row.version,',
    '    createTime: row.createdAt.toISOString(),',
    '    updateTime: row.updatedAt.toISOString(),',
    '  };',
    '}',
    '',
    `function whereOf(scope: Scope, filter: Omit<${C}ListBody, 'pageNum' | 'pageSize'>): SQL | undefined {`,
    `  const conditions: (SQL | undefined)[] = [tenantFilter(scope, ${T}.tenantId)];`,
    ...filterLines(m),
    '  return and(...conditions);',
    '}',
    '',
    `export async function list${C}(db: Db, scope: Scope, filter: ${C}ListBody): Promise<PageResult<${C}>> {`,
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
    `  return { rows: rows.map(to${C}), total: total?.value ?? 0 };`,
    '}',
    '',
    `async function find(db: Db, scope: Scope, id: number): Promise<Row> {`,
    `  const [row] = await db.select().from(${T}).where(eq(${T}.id, id));`,
    '  return ownedOr404(scope, row);',
    '}',
    '',
    `export async function get${C}(db: Db, scope: Scope, id: number): Promise<${C}> {`,
    `  return to${C}(await find(db, scope, id));`,
    '}',
    '',
    `export async function create${C}(db: Db, scope: Scope, body: ${C}CreateBody): Promise<${C}> {`,
    '  const [row] = await db',
    `    .insert(${T})`,
    '    .values({',
    '      tenantId: tenantForWrite(scope, body.tenantId),',
    ...m.insertFields.map((f) => `      ${f.name}: ${storedValue(f)},`),
    '    })',
    '    .returning();',
    `  if (!row) throw new AppError(500, 'error.internal');`,
    `  return to${C}(row);`,
    '}',
    '',
    `/** 409 when the row changed since the version the caller read. */`,
    `export async function save${C}(db: Db, scope: Scope, id: number, body: ${C}SaveBody): Promise<${C}> {`,
    '  await find(db, scope, id);',
    '  const [row] = await db',
    `    .update(${T})`,
    '    .set({',
    ...m.editFields.map((f) => `      ${f.name}: ${storedValue(f)},`),
    '      version: body.version + 1,',
    '      updatedAt: new Date(),',
    '    })',
    `    .where(and(eq(${T}.id, id), eq(${T}.version, body.version)))`,
    '    .returning();',
    '  if (!row) throw conflict();',
    `  return to${C}(row);`,
    '}',
    '',
    `export async function delete${C}(db: Db, scope: Scope, id: number): Promise<void> {`,
    '  await find(db, scope, id);',
    `  await db.delete(${T}).where(eq(${T}.id, id));`,
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
    '): Promise<string> {',
    `  const rows = await db.select().from(${T}).where(whereOf(scope, filter)).orderBy(asc(${T}.id));`,
    `  return writeXlsx(exports, [${str(m.business)}, exportDate('UTC')], ${str(m.functionName.slice(0, 31))}, EXPORT_COLUMNS, rows.map(to${C}));`,
    '}',
    '',
  );
}

export function routesFile(m: Model): string {
  const C = m.className;
  const c = m.camel;
  return lines(
    `import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';`,
    `import { z } from 'zod';`,
    'import {',
    `  ${c}CreateBodySchema,`,
    `  ${c}ListBodySchema,`,
    `  ${c}SaveBodySchema,`,
    `  ${c}Schema,`,
    '  envelopeSchema,',
    '  exportResultSchema,',
    '  idParamsSchema,',
    '  pageSchema,',
    '  PROJECT_READ_ROLES,',
    '  PROJECT_WRITE_ROLES,',
    `} from '@sbuilding/shared';`,
    `import { ok } from '../../platform/envelope.js';`,
    `import { errorResponses } from '../../platform/openapi.js';`,
    `import { create${C}, delete${C}, export${C}, get${C}, list${C}, save${C} } from './service.js';`,
    '',
    `const tags = [${str(m.functionName)}];`,
    `const rowEnvelope = envelopeSchema(${c}Schema);`,
    '',
    `/** ${m.baseUrl}/*: ${m.functionName} of the caller's tenant. Registered in the protected context. */`,
    `export const ${c}Routes: FastifyPluginAsyncZod = async (app) => {`,
    '  app.post(',
    `    '${m.baseUrl}/getList',`,
    '    {',
    '      config: { roles: PROJECT_READ_ROLES, read: true },',
    '      schema: {',
    '        tags,',
    `        summary: ${str(`A page of ${m.functionName}, filtered`)},`,
    `        body: ${c}ListBodySchema,`,
    `        response: { 200: envelopeSchema(pageSchema(${c}Schema)), ...errorResponses(400, 403) },`,
    '      },',
    '    },',
    `    async (request) => ok(request, await list${C}(app.db, request.scope(), request.body)),`,
    '  );',
    '',
    '  app.post(',
    `    '${m.baseUrl}/export',`,
    '    {',
    '      config: { roles: PROJECT_READ_ROLES, read: true },',
    '      schema: {',
    '        tags,',
    `        summary: 'Writes the rows matching the filter to an .xlsx; download it with GET /common/download',`,
    `        body: ${c}ListBodySchema,`,
    '        response: { 200: envelopeSchema(exportResultSchema), ...errorResponses(400, 403) },',
    '      },',
    '    },',
    '    async (request) => {',
    `      const fileName = await export${C}(app.db, request.scope(), request.body, app.storage.exports);`,
    '      return ok(request, { fileName });',
    '    },',
    '  );',
    '',
    '  app.get(',
    `    '${m.baseUrl}/:id',`,
    '    {',
    '      config: { roles: PROJECT_READ_ROLES },',
    '      schema: {',
    '        tags,',
    `        summary: 'One row',`,
    '        params: idParamsSchema,',
    '        response: { 200: rowEnvelope, ...errorResponses(400, 403, 404) },',
    '      },',
    '    },',
    `    async (request) => ok(request, await get${C}(app.db, request.scope(), request.params.id)),`,
    '  );',
    '',
    '  app.put(',
    `    '${m.baseUrl}/create',`,
    '    {',
    '      config: { roles: PROJECT_WRITE_ROLES },',
    '      schema: {',
    '        tags,',
    `        summary: 'Creates a row of the tenant (an administrator names the tenant)',`,
    `        body: ${c}CreateBodySchema,`,
    '        response: { 200: rowEnvelope, ...errorResponses(400, 403, 404) },',
    '      },',
    '    },',
    `    async (request) => ok(request, await create${C}(app.db, request.scope(), request.body)),`,
    '  );',
    '',
    '  app.post(',
    `    '${m.baseUrl}/save/:id',`,
    '    {',
    '      config: { roles: PROJECT_WRITE_ROLES },',
    '      schema: {',
    '        tags,',
    `        summary: 'Saves a row; 409 when it changed since \`version\`',`,
    '        params: idParamsSchema,',
    `        body: ${c}SaveBodySchema,`,
    '        response: { 200: rowEnvelope, ...errorResponses(400, 403, 404, 409) },',
    '      },',
    '    },',
    `    async (request) => ok(request, await save${C}(app.db, request.scope(), request.params.id, request.body)),`,
    '  );',
    '',
    '  app.delete(',
    `    '${m.baseUrl}/del/:id',`,
    '    {',
    '      config: { roles: PROJECT_WRITE_ROLES },',
    '      schema: {',
    '        tags,',
    `        summary: 'Deletes a row',`,
    '        params: idParamsSchema,',
    '        response: { 200: envelopeSchema(z.null()), ...errorResponses(400, 403, 404) },',
    '      },',
    '    },',
    '    async (request) => {',
    `      await delete${C}(app.db, request.scope(), request.params.id);`,
    '      return ok(request, null);',
    '    },',
    '  );',
    '};',
    '',
  );
}

export function indexFile(m: Model): string {
  return lines(
    '/** The public surface of this module: what other modules may import (the lint fences check it). */',
    `export { ${m.camel}Routes } from './routes.js';`,
    '',
  );
}

export function readmeFile(m: Model): string {
  return lines(
    `# ${m.module}: ${m.functionName}`,
    '',
    `Generated by the code generator (/tool/gen) from the table \`${m.tableName}\` for ${m.author}; adapt it freely.`,
    '',
    `- Calls: \`POST ${m.baseUrl}/getList\`, \`POST ${m.baseUrl}/export\`, \`GET ${m.baseUrl}/{id}\`, \`PUT ${m.baseUrl}/create\`,`,
    `  \`POST ${m.baseUrl}/save/{id}\` (with the row's \`version\`: 409 when it changed meanwhile), \`DELETE ${m.baseUrl}/del/{id}\`.`,
    '- Rows belong to a tenant (`tenant_id`); every query goes through the tenancy scope, so another tenant',
    "  sees nothing and gets 404 on the ids. tbAdmin (and the platform administrator) write; the project's",
    '  readers read.',
    '- Validation: the shared zod schemas in `packages/shared/src/schemas/' +
      m.business +
      '.ts`, used by the routes and the',
    '  console form alike.',
    '',
  );
}
