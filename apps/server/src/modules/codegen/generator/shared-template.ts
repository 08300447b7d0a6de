import { comment } from './escape.js';
import { lines, type Field, type Model } from './model.js';

/** A number carried as a decimal string: digits, a sign, for a float a fraction. */
const decimalPattern = (f: Field) => (f.kind === 'int' ? '/^-?\\d+$/' : '/^-?\\d+(\\.\\d+)?$/');
const decimalText = (f: Field) =>
  `z.string({ error: 'invalid' }).trim().regex(${decimalPattern(f)}, 'invalid')`;

/** The zod expression of a field in create and save bodies (and the console's form). */
export function bodyZod(f: Field): string {
  const optional = (scalar: string) => `${scalar}.nullish().transform((v) => v ?? null)`;
  const blankIsNull = (scalar: string) =>
    `z.union([z.literal(''), ${scalar}]).nullish().transform((v) => v || null)`;
  if (f.image) return f.required ? 'fileIdSchema' : 'optionalFileId';
  if (f.asText)
    return f.required
      ? `requiredText(40).regex(${decimalPattern(f)}, 'invalid')`
      : blankIsNull(decimalText(f));
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
export function rowZod(f: Field): string {
  const scalar = f.asText
    ? 'z.string()'
    : f.kind === 'int' || f.kind === 'float'
      ? 'z.number()'
      : f.kind === 'bool'
        ? 'z.boolean()'
        : 'z.string()';
  return f.required || f.kind === 'bool' ? scalar : `${scalar}.nullable()`;
}

/** The zod expression of a list filter value. */
function filterZod(f: Field): string {
  if (f.asText) return `optionalFilter(${decimalText(f)})`;
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
  const child = m.child;
  // What the file imports is read from the expressions it writes: nothing unused, whichever fields are in.
  const written = [
    ...[...m.insertFields, ...m.editFields, ...(child?.fields ?? [])].map(bodyZod),
    ...m.queryFields.map(filterZod),
  ].join('\n');
  const uses = (name: string) => new RegExp(`\\b${name}\\b`).test(written);
  const used = [
    'idSchema',
    'versionSchema',
    'timestampSchema',
    ...['requiredText', 'isoDateSchema', 'optionalFilter'].filter(uses),
  ].sort();
  const list = child ? `${child.camel}List` : '';
  const files = ['fileIdSchema', 'optionalFileId'].filter(uses);
  return lines(
    `import { z } from 'zod';`,
    `import { pagingSchema } from '../envelope.js';`,
    files.length > 0 ? `import { ${files.join(', ')} } from './building.js';` : null,
    `import { ${used.join(', ')} } from './fields.js';`,
    '',
    `/* ---------- ${comment(m.functionName)} (table ${m.tableName}; generated for ${comment(m.author)}) ---------- */`,
    '',
    child
      ? lines(
          `/** A row of the child table ${child.tableName}, as the master's create and save bodies carry it. */`,
          `export const ${child.camel}InputSchema = z.object({`,
          ...body(child.fields),
          '});',
          `export type ${child.className}Input = z.infer<typeof ${child.camel}InputSchema>;`,
          '',
          `export const ${child.camel}Schema = z.object({`,
          '  id: z.number().int(),',
          `  ${child.fkName}: z.number().int(),`,
          ...child.fields.map((f) => `  ${f.name}: ${rowZod(f)},`),
          '});',
          `export type ${child.className} = z.infer<typeof ${child.camel}Schema>;`,
          '',
        )
      : null,
    `/** The fields a new ${comment(m.functionName)} row is created with. */`,
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
    child
      ? `export const ${c}CreateBodySchema = z.object({
  ...${c}InsertFields,
  /** The child rows, created with the master. */
  ${list}: z.array(${child.camel}InputSchema).max(500, 'tooLong').default([]),
  tenantId: idSchema.optional(),
});`
      : `export const ${c}CreateBodySchema = z.object({ ...${c}InsertFields, tenantId: idSchema.optional() });`,
    `export type ${C}CreateBody = z.infer<typeof ${c}CreateBodySchema>;`,
    '',
    `/** POST ${m.baseUrl}/save/{id} body: the version read, so a concurrent change answers 409. */`,
    child
      ? `export const ${c}SaveBodySchema = z.object({
  version: versionSchema,
  ...${c}EditFields,
  /** The child rows replacing the master's (absent: its rows stay as they are). */
  ${list}: z.array(${child.camel}InputSchema).max(500, 'tooLong').optional(),
});`
      : `export const ${c}SaveBodySchema = z.object({ version: versionSchema, ...${c}EditFields });`,
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
    m.treeParent
      ? lines(
          '',
          `/** POST ${m.baseUrl}/tree body: the list's filters, no paging (the whole tree of the tenant). */`,
          `export const ${c}TreeBodySchema = ${c}ListBodySchema.omit({ pageNum: true, pageSize: true });`,
          `export type ${C}TreeBody = z.infer<typeof ${c}TreeBodySchema>;`,
          `export type ${C}TreeParams = z.input<typeof ${c}TreeBodySchema>;`,
        )
      : null,
    '',
    `export const ${c}Schema = z.object({`,
    '  id: z.number().int(),',
    '  tenantId: z.number().int(),',
    ...m.fields.flatMap((f) => [
      `  ${f.name}: ${rowZod(f)},`,
      ...(f.image
        ? [`  /** Signed link of the picture for \`<img src>\`. */\n  ${f.name}Url: z.string().nullable(),`]
        : []),
    ]),
    '  version: z.number().int(),',
    '  createTime: timestampSchema,',
    '  updateTime: timestampSchema,',
    '});',
    `export type ${C} = z.infer<typeof ${c}Schema>;`,
    child
      ? lines(
          '',
          `/** One ${comment(m.functionName)} row with its child rows (the detail, and the answer of create and save). */`,
          `export const ${c}DetailSchema = ${c}Schema.extend({ ${list}: z.array(${child.camel}Schema) });`,
          `export type ${C}Detail = z.infer<typeof ${c}DetailSchema>;`,
        )
      : null,
    '',
  );
}
