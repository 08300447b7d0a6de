import { comment, sqlComment, sqlName, str } from './escape.js';
import { lines, type Field, type Model } from './model.js';

/** The feature's Drizzle table and its migration: one column a field. */

function columnLine(f: Field): string {
  let expr = f.drizzle;
  if (f.kind === 'bool') expr += '.notNull().default(false)';
  else if (f.required) expr += '.notNull()';
  return `    /** ${comment(f.label)} */\n    ${f.name}: ${expr},`;
}

export function tablesFile(m: Model): string {
  const child = m.child;
  const imports = new Set([
    'index',
    'integer',
    'pgTable',
    'serial',
    'timestamp',
    ...m.fields.map((f) => f.drizzleImport),
    ...(child?.fields ?? []).map((f) => f.drizzleImport),
  ]);
  return lines(
    `import { ${[...imports].sort().join(', ')} } from 'drizzle-orm/pg-core';`,
    `import { tenants } from '../tenants/tables.js';`,
    '',
    `/** ${comment(m.functionName)}: rows of a tenant (tenant_id), with a row version for optimistic saves. */`,
    `export const ${m.camel}Table = pgTable(`,
    `  ${str(m.tableName)},`,
    '  {',
    `    id: serial(${str(m.pkColumn)}).primaryKey(),`,
    `    tenantId: integer('tenant_id')`,
    '      .notNull()',
    `      .references(() => tenants.id, { onDelete: 'cascade' }),`,
    ...m.fields.map(columnLine),
    `    version: integer('version').notNull().default(1),`,
    `    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),`,
    `    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),`,
    '  },',
    m.treeParent
      ? `  (t) => [index(${str(`${m.tableName}_tenant_idx`)}).on(t.tenantId), index(${str(`${m.tableName}_parent_idx`)}).on(t.${m.treeParent.name})],`
      : `  (t) => [index(${str(`${m.tableName}_tenant_idx`)}).on(t.tenantId)],`,
    ');',
    child
      ? lines(
          '',
          `/** The child rows of ${comment(m.functionName)} (${child.tableName}): reached through their master only, deleted with it. */`,
          `export const ${child.camel}Table = pgTable(`,
          `  ${str(child.tableName)},`,
          '  {',
          `    id: serial(${str(child.pkColumn)}).primaryKey(),`,
          `    ${child.fkName}: integer(${str(child.fkColumn)})`,
          '      .notNull()',
          `      .references(() => ${m.camel}Table.id, { onDelete: 'cascade' }),`,
          ...child.fields.map(columnLine),
          '  },',
          `  (t) => [index(${str(`${child.tableName}_${child.fkColumn}_idx`)}).on(t.${child.fkName})],`,
          ');',
        )
      : null,
    '',
  );
}

/** The migration: creates the table unless it exists (a table made by hand before importing it). */
export function migrationSql(m: Model): string {
  const q = sqlName;
  const column = (f: Field) => {
    let sql = `\t${q(f.column.columnName)} ${f.sqlType}`;
    if (f.kind === 'bool') sql += ' DEFAULT false NOT NULL';
    else if (f.required) sql += ' NOT NULL';
    return `${sql},`;
  };
  const foreignKey = (table: string, fk: string, columnName: string, target: string, key = 'id') =>
    lines(
      `DO $$ BEGIN`,
      ` ALTER TABLE ${q(table)} ADD CONSTRAINT ${q(fk)} FOREIGN KEY (${q(columnName)}) REFERENCES "public".${q(target)}(${q(key)}) ON DELETE cascade ON UPDATE no action;`,
      'EXCEPTION',
      ' WHEN duplicate_object THEN null;',
      'END $$;',
      '--> statement-breakpoint',
    );
  const child = m.child;
  return lines(
    `-- ${sqlComment(m.functionName)}: written by the code generator`,
    `CREATE TABLE IF NOT EXISTS ${q(m.tableName)} (`,
    `\t${q(m.pkColumn)} serial PRIMARY KEY NOT NULL,`,
    `\t"tenant_id" integer NOT NULL,`,
    ...m.fields.map(column),
    `\t"version" integer DEFAULT 1 NOT NULL,`,
    `\t"created_at" timestamp with time zone DEFAULT now() NOT NULL,`,
    `\t"updated_at" timestamp with time zone DEFAULT now() NOT NULL`,
    ');',
    '--> statement-breakpoint',
    foreignKey(m.tableName, `${m.tableName}_tenant_id_tenants_id_fk`, 'tenant_id', 'tenants'),
    `CREATE INDEX IF NOT EXISTS ${q(`${m.tableName}_tenant_idx`)} ON ${q(m.tableName)} USING btree ("tenant_id");`,
    m.treeParent
      ? `--> statement-breakpoint\nCREATE INDEX IF NOT EXISTS ${q(`${m.tableName}_parent_idx`)} ON ${q(m.tableName)} USING btree (${q(m.treeParent.column.columnName)});`
      : null,
    child
      ? lines(
          '--> statement-breakpoint',
          `CREATE TABLE IF NOT EXISTS ${q(child.tableName)} (`,
          `\t${q(child.pkColumn)} serial PRIMARY KEY NOT NULL,`,
          `\t${q(child.fkColumn)} integer NOT NULL${child.fields.length > 0 ? ',' : ''}`,
          ...child.fields.map(column).map((l, i, all) => (i === all.length - 1 ? l.replace(/,$/, '') : l)),
          ');',
          '--> statement-breakpoint',
          foreignKey(
            child.tableName,
            `${child.tableName}_${child.fkColumn}_${m.tableName}_id_fk`,
            child.fkColumn,
            m.tableName,
            m.pkColumn,
          ),
          `CREATE INDEX IF NOT EXISTS ${q(`${child.tableName}_${child.fkColumn}_idx`)} ON ${q(child.tableName)} USING btree (${q(child.fkColumn)});`,
        )
      : null,
    '',
  );
}
