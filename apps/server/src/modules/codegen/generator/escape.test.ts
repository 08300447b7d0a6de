import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ts from 'typescript';
import {
  catalogueText,
  comment,
  jsxText,
  lineComment,
  markdown,
  sheetName,
  sqlComment,
  sqlName,
  sqlString,
  str,
  templateText,
} from './escape.js';

/**
 * Each context's escaping, proven by the parser of that context: TypeScript's for code, PostgreSQL's
 * (PGlite) for SQL. A hostile text must come out as data (a comment, the value of a literal), never as code.
 */
const HOSTILE = [
  'Lease */ pwned(); /*',
  "it's \"quoted\" and 'more'",
  'back\\slash \\n and `tick` ${pwned()} $ {}',
  'line\nbreak\r\nand\u2028separators\u2029 // pwned()',
  '<b onclick="pwned()">{pwned()}</b> &amp; &',
  'bidi \u202eevil\u202c and tab\t and nul-free',
  "'); DROP TABLE users; --> statement-breakpoint\nDROP TABLE users; --",
  '**/ *//* */*/',
  '中文注释 */ 运行();',
];

/** The statements of a TypeScript source and whether it parsed without an error. */
function parse(source: string, kind = ts.ScriptKind.TS) {
  const file = ts.createSourceFile(
    `x.${kind === ts.ScriptKind.TSX ? 'tsx' : 'ts'}`,
    source,
    ts.ScriptTarget.Latest,
    true,
    kind,
  );
  const diagnostics = (file as unknown as { parseDiagnostics: unknown[] }).parseDiagnostics;
  return { statements: file.statements, errors: diagnostics.length };
}

/** Every identifier the parser sees in the code (text in comments and literals is none). */
function identifiers(source: string, kind = ts.ScriptKind.TS): string[] {
  const file = ts.createSourceFile('x.tsx', source, ts.ScriptTarget.Latest, true, kind);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isIdentifier(node)) found.push(node.text);
    node.forEachChild(visit);
  };
  visit(file);
  return found;
}

describe('escaping free text for the place it lands in generated code', () => {
  it('keeps a text inside a block or JSDoc comment, on one line, whatever it holds', () => {
    for (const text of HOSTILE) {
      const source = `/** ${comment(text)} */\n/* ${comment(text)} */\nexport const a = 1;`;
      const { statements, errors } = parse(source);
      expect(errors, text).toBe(0);
      expect(statements, text).toHaveLength(1);
      expect(identifiers(source), text).toEqual(['a']);
      expect(comment(text)).not.toMatch(/[\n\r\u2028\u2029\u202e]/);
    }
  });

  it('keeps a text inside a line comment: a line break cannot start code', () => {
    for (const text of HOSTILE) {
      const source = `// ${lineComment(text)}\nexport const a = 1;`;
      expect(identifiers(source), text).toEqual(['a']);
    }
  });

  it('writes a string literal whose value is the text exactly, in the quote Prettier keeps', () => {
    for (const text of HOSTILE) {
      const { statements, errors } = parse(`export const a = ${str(text)};`);
      expect(errors, text).toBe(0);
      expect(statements).toHaveLength(1);
      const [statement] = statements;
      const init =
        statement && ts.isVariableStatement(statement)
          ? statement.declarationList.declarations[0]?.initializer
          : undefined;
      expect(init && ts.isStringLiteral(init) ? init.text : undefined, text).toBe(text);
    }
    expect(str('plain')).toBe(`'plain'`);
    expect(str(`it's`)).toBe(`"it's"`);
    expect(str(`it's "x"`)).toBe(`'it\\'s "x"'`);
  });

  it('writes template literal text that neither ends the literal nor opens an expression', () => {
    for (const text of HOSTILE) {
      const { statements, errors } = parse(`export const a = \`${templateText(text)}\`;`);
      expect(errors, text).toBe(0);
      const [statement] = statements;
      const init =
        statement && ts.isVariableStatement(statement)
          ? statement.declarationList.declarations[0]?.initializer
          : undefined;
      expect(init && ts.isNoSubstitutionTemplateLiteral(init) ? init.text : undefined, text).toBe(text);
    }
  });

  it('writes JSX text as a string child, never as markup or an expression', () => {
    for (const text of HOSTILE) {
      const source = `export const a = <p>${jsxText(text)}</p>;`;
      const { errors } = parse(source, ts.ScriptKind.TSX);
      expect(errors, text).toBe(0);
      expect(identifiers(source, ts.ScriptKind.TSX), text).toEqual(['a', 'p', 'p']);
    }
  });

  it('writes Markdown with every character of inline meaning escaped, on one line', () => {
    for (const text of HOSTILE) {
      const escaped = markdown(text);
      expect(escaped).not.toMatch(/[\n\r]/);
      // Walking the text: a backslash escapes the next character; no special character is left bare.
      for (let i = 0; i < escaped.length; i++) {
        if (escaped[i] === '\\') i++;
        else expect('\\`*_{}[]()<>#+!|~&', `${text} at ${i}`).not.toContain(escaped[i]);
      }
    }
    expect(markdown('a *b* <i>')).toBe('a \\*b\\* \\<i\\>');
  });

  it('writes catalogue values that i18next cannot read as an interpolation or a nested key', () => {
    expect(catalogueText('Hello {{name}} $t(other.key)')).toBe('Hello { {name}} $ t(other.key)');
  });

  it('writes worksheet names Excel accepts', () => {
    expect(sheetName("'Leases: 2026/01 [all] * ?'")).toBe('Leases 2026 01 all');
    expect(sheetName('*/')).toBe('Sheet1');
    expect(sheetName('x'.repeat(40))).toHaveLength(31);
  });
});

describe('escaping free text for SQL, proven by PostgreSQL', () => {
  let db: PGlite;
  beforeAll(async () => {
    db = new PGlite();
    await db.exec('create table victim (id integer)');
  });
  afterAll(async () => {
    await db.close();
  });

  it('writes a string literal whose value is the text, never cut by a statement breakpoint', async () => {
    for (const text of HOSTILE) {
      const literal = sqlString(text);
      expect(literal).not.toContain('--> statement-breakpoint');
      const result = await db.query<{ v: string }>(`select ${literal} as v`);
      expect(result.rows[0]?.v, text).toBe(text);
    }
    expect((await db.query('select count(*) from victim')).rows).toHaveLength(1);
  });

  it('writes a line comment that stays a comment: neither a line break nor a breakpoint ends it', async () => {
    for (const text of HOSTILE) {
      const statement = `-- ${sqlComment(text)}\nselect 1 as one`;
      expect(statement.split('--> statement-breakpoint'), text).toHaveLength(1);
      const result = await db.query<{ one: number }>(statement);
      expect(result.rows, text).toEqual([{ one: 1 }]);
    }
  });

  it('quotes an identifier by doubling its quotes', async () => {
    const name = 'q" integer); DROP TABLE victim; --';
    await db.exec(`create table ${sqlName(name)} (id integer)`);
    const tables = await db.query<{ t: string }>(
      `select tablename as t from pg_tables where schemaname = 'public'`,
    );
    expect(tables.rows.map((r) => r.t).sort()).toEqual([name, 'victim'].sort());
  });
});
