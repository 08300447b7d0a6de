import { lines, type Field, type Model } from './model.js';

/** The zod expression of a field in create and save bodies (and the console's form). */
function bodyZod(f: Field): string {
  const optional = (scalar: string) => `${scalar}.nullish().transform((v) => v ?? null)`;
  const blankIsNull = (scalar: string) =>
    `z.union([z.literal(''), ${scalar}]).nullish().transform((v) => v || null)`;
  switch (f.kind) {
    case 'text':
      return f.required
        ? `requiredText(${f.maxLength})`
        : `z.string({ error: 'invalid' }).trim().max(${f.maxLength}, 'tooLong').nullish().transform((v) => v || null)`;
    case 'int':
      return f.required
        ? `z.number({ error: 'required' }).int('invalid')`
        : optional(`z.number({ error: 'invalid' }).int('invalid')`);
    case 'float':
      return f.required ? `z.number({ error: 'required' })` : optional(`z.number({ error: 'invalid' })`);
    case 'bool':
      return `z.boolean({ error: 'invalid' }).default(false)`;
    case 'date':
      return f.required ? 'isoDateSchema' : blankIsNull('isoDateSchema');
    case 'timestamp':
      return f.required ? `requiredText(40).pipe(${DATETIME})` : blankIsNull(DATETIME);
  }
}

const DATETIME = `z.iso.datetime({ offset: true, error: 'invalid' })`;

/** The zod expression of a field in answers. */
function rowZod(f: Field): string {
  const scalar =
    f.kind === 'int' || f.kind === 'float' ? 'z.number()' : f.kind === 'bool' ? 'z.boolean()' : 'z.string()';
  return f.required || f.kind === 'bool' ? scalar : `${scalar}.nullable()`;
}

/** The zod expression of a list filter value. */
function filterZod(f: Field): string {
  switch (f.kind) {
    case 'text':
      return `optionalFilter(z.string().trim().max(${f.maxLength}, 'tooLong'))`;
    case 'int':
    case 'float':
      return `z.number({ error: 'invalid' }).nullish()`;
    case 'bool':
      return `z.boolean({ error: 'invalid' }).nullish()`;
    case 'date':
      return 'optionalFilter(isoDateSchema)';
    case 'timestamp':
      return `optionalFilter(${DATETIME})`;
  }
}

/** The filter keys of a queried field: BETWEEN gives a range. */
export function filterKeys(f: Field): string[] {
  return f.column.queryType === 'BETWEEN' ? [`${f.name}From`, `${f.name}To`] : [f.name];
}

export function sharedSchemaFile(m: Model): string {
  const C = m.className;
  const c = m.camel;
  const body = (fields: Field[]) => fields.map((f) => `  ${f.name}: ${bodyZod(f)},`);
  const used = [
    'idSchema',
    'versionSchema',
    'timestampSchema',
    ...(m.fields.some((f) => f.kind === 'text' && f.required) ||
    m.fields.some((f) => f.kind === 'timestamp' && f.required)
      ? ['requiredText']
      : []),
    ...(m.fields.some((f) => f.kind === 'date') ? ['isoDateSchema'] : []),
    ...(m.queryFields.some((f) => ['text', 'date', 'timestamp'].includes(f.kind)) ? ['optionalFilter'] : []),
  ].sort();
  return lines(
    `import { z } from 'zod';`,
    `import { pagingSchema } from '../envelope.js';`,
    `import { ${used.join(', ')} } from './fields.js';`,
    '',
    `/* ---------- ${m.functionName} (table ${m.tableName}; generated for ${m.author}) ---------- */`,
    '',
    `/** The fields a new ${m.functionName} row is created with. */`,
    `const ${c}InsertFields = {`,
    ...body(m.insertFields),
    '};',
    '',
    `/** The fields a save changes. */`,
    `const ${c}EditFields = {`,
    ...body(m.editFields),
    '};',
    '',
    `/** PUT ${m.baseUrl}/create body; an administrator names the tenant. */`,
    `export const ${c}CreateBodySchema = z.object({ ...${c}InsertFields, tenantId: idSchema.optional() });`,
    `export type ${C}CreateBody = z.infer<typeof ${c}CreateBodySchema>;`,
    '',
    `/** POST ${m.baseUrl}/save/{id} body: the version read, so a concurrent change answers 409. */`,
    `export const ${c}SaveBodySchema = z.object({ version: versionSchema, ...${c}EditFields });`,
    `export type ${C}SaveBody = z.infer<typeof ${c}SaveBodySchema>;`,
    '',
    `/** The console's create/edit form. */`,
    `export const ${c}FormSchema = z.object({ ...${c}InsertFields, ...${c}EditFields });`,
    '',
    `/** POST ${m.baseUrl}/getList and /export body. */`,
    `export const ${c}ListBodySchema = pagingSchema.extend({`,
    ...m.queryFields.flatMap((f) => filterKeys(f).map((key) => `  ${key}: ${filterZod(f)},`)),
    '});',
    `export type ${C}ListBody = z.infer<typeof ${c}ListBodySchema>;`,
    `/** What a console sends for the list (filters may be absent). */`,
    `export type ${C}ListParams = z.input<typeof ${c}ListBodySchema>;`,
    '',
    `export const ${c}Schema = z.object({`,
    '  id: z.number().int(),',
    '  tenantId: z.number().int(),',
    ...m.fields.map((f) => `  ${f.name}: ${rowZod(f)},`),
    '  version: z.number().int(),',
    '  createTime: timestampSchema,',
    '  updateTime: timestampSchema,',
    '});',
    `export type ${C} = z.infer<typeof ${c}Schema>;`,
    '',
  );
}
