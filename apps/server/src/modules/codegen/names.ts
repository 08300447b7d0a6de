import {
  DICT_TYPE_PATTERN,
  GEN_CLASS_PATTERN,
  GEN_FIELD_PATTERN,
  GEN_KEBAB_PATTERN,
  GEN_MENU_PATTERN,
  GEN_RESERVED_CLASS_NAMES,
  GEN_RESERVED_FIELDS,
  GEN_SQL_NAME_PATTERN,
} from '@sbuilding/shared';
import { badRequest } from '../../platform/errors.js';
import type { GenInput } from './generator/model.js';
import { MANAGED_COLUMNS } from './introspect.js';

/**
 * What the generator accepts as names and as tables. A name becomes an identifier of SQL and TypeScript, a
 * file name and a URL: it is checked, never escaped (free text is escaped, generator/escape.ts).
 */

/**
 * The platform's tables that hold secrets or sign-in state: password hashes, sessions, API keys, the
 * server's own secrets, single sign-on (client secrets, linked identities, invitations, PKCE verifiers),
 * captcha answers and the sign-in lockout, device credentials (MQTT access tokens), webhook signing keys,
 * share-link tokens and the SMTP password (sys_config). Generated CRUD code answers every column of a row
 * to the project's readers: these tables are never listed nor imported, nor taken as a child table (the
 * generator's own tables are not offered either: introspect.ts). A test checks that every table with a
 * column named like a secret is on this list.
 */
export const PROTECTED_TABLES: ReadonlySet<string> = new Set([
  'users',
  'sessions',
  'login_failures',
  'captchas',
  'api_keys',
  'server_secrets',
  'sys_config',
  'sso_providers',
  'sso_identities',
  'sso_invitations',
  'sso_flows',
  'devices',
  'notification_channels',
  'energy_share_links',
]);

export const isProtectedTable = (name: string): boolean => PROTECTED_TABLES.has(name);

/** A table the generator may read: 400 naming it when it holds secrets or its name cannot be generated. */
export function assertTableOffered(table: string): void {
  if (isProtectedTable(table)) throw badRequest('gen.protectedTable', { table });
  if (!GEN_SQL_NAME_PATTERN.test(table)) throw badRequest('gen.badTableName', { table });
}

/** Every column name of a table can be written into SQL and code: 400 naming the first that cannot. */
export function assertColumnNames(table: string, columns: readonly { columnName: string }[]): void {
  const bad = columns.find((c) => !GEN_SQL_NAME_PATTERN.test(c.columnName));
  if (bad) throw badRequest('gen.badColumnName', { table, column: bad.columnName });
}

/** Whether the generated code writes a field for the column (not the key, not a column it manages). */
export const isFieldColumn = (c: { isPk: boolean; columnName: string }) =>
  !c.isPk && !MANAGED_COLUMNS.includes(c.columnName);

/**
 * The field names of a table's columns are unique and none is one every generated row already has (`id`,
 * `createTime`…): 400 naming the field.
 */
export function assertFieldNames(columns: readonly { isPk: boolean; columnName: string; tsField: string }[]) {
  const fields = columns.filter(isFieldColumn).map((c) => c.tsField);
  const reserved = fields.find((f) => GEN_RESERVED_FIELDS.includes(f));
  if (reserved !== undefined) throw badRequest('gen.reservedField', { field: reserved });
  const twice = fields.find((f, i) => fields.indexOf(f) !== i);
  if (twice !== undefined) throw badRequest('gen.duplicateField', { field: twice });
}

function setting(name: string, value: string, ok: boolean): void {
  if (!ok) throw badRequest('gen.badSetting', { setting: name, value });
}

const optionalColumn = (value: string) => value === '' || GEN_SQL_NAME_PATTERN.test(value);
const className = (value: string) =>
  GEN_CLASS_PATTERN.test(value) && !GEN_RESERVED_CLASS_NAMES.includes(value);

/**
 * Everything of the settings that becomes an identifier, a path or a URL, checked again before any code
 * is written: settings saved before these rules existed (or written to the database by hand) are refused
 * with the setting named, never generated.
 */
export function assertGenerable(input: GenInput): void {
  const { info, rows } = input.detail;
  assertTableOffered(info.tableName);
  assertColumnNames(info.tableName, rows);
  setting('className', info.className, className(info.className));
  setting('moduleName', info.moduleName, GEN_KEBAB_PATTERN.test(info.moduleName));
  setting('businessName', info.businessName, GEN_KEBAB_PATTERN.test(info.businessName));
  setting('parentMenu', info.parentMenu, GEN_MENU_PATTERN.test(info.parentMenu));
  for (const key of ['subTableName', 'subTableFkName', 'treeCode', 'treeParentCode', 'treeName'] as const)
    setting(key, info[key], optionalColumn(info[key]));
  for (const column of [...rows, ...(input.child?.rows ?? [])]) {
    setting('tsField', column.tsField, GEN_FIELD_PATTERN.test(column.tsField));
    setting('dictType', column.dictType, column.dictType === '' || DICT_TYPE_PATTERN.test(column.dictType));
  }
  assertFieldNames(rows);
  if (input.child) {
    assertTableOffered(input.child.tableName);
    assertColumnNames(input.child.tableName, input.child.rows);
    assertFieldNames(input.child.rows);
    setting('className', input.child.className, className(input.child.className));
  }
}
