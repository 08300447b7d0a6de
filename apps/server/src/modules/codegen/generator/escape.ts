/**
 * Free text put into generated code (comments of tables and columns, the author, the function name,
 * labels), escaped for the exact place it lands: what is harmless in one place ends another (`*\/` a block
 * comment, a line break a `//` comment, a quote a string, `${` a template, `{` JSX text, `-->` a drizzle
 * migration's statement). One function per place; a template calls the one for where it puts the text.
 * Names (tables, columns, classes, fields) are not escaped here: they are checked (../names.ts).
 */

/** Bidirectional controls make code read otherwise than it runs (Trojan Source, CVE-2021-42574). */
const isBidi = (ch: string) => /^[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]$/.test(ch);
/** C0 and C1 controls (by code, not by a pattern: the lint rightly flags control characters in patterns). */
const isC0 = (ch: string) => ch.charCodeAt(0) < 0x20;
/** Controls, with the line and paragraph separators JavaScript also ends a line at. */
const isControl = (ch: string) => {
  const code = ch.charCodeAt(0);
  return isC0(ch) || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029;
};
const hex4 = (ch: string) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** The text on one line: line breaks and other controls become a space, bidirectional controls go. */
export function oneLine(text: string): string {
  let line = '';
  for (const ch of text) if (!isBidi(ch)) line += isControl(ch) ? ' ' : ch;
  return line.replace(/ {2,}/g, ' ').trim();
}

/** Inside a `/* … *\/` or `/** … *\/` comment, on one line: `*\/` would close it. */
export function comment(text: string): string {
  return oneLine(text).replace(/\*\//g, '*\\/');
}

/** After `//`: a line break would end the comment and start code. */
export function lineComment(text: string): string {
  return oneLine(text);
}

/**
 * A TypeScript string literal. Its quote is Prettier's choice for the project's `singleQuote` (single,
 * unless the text holds more single quotes than double), so the formatter leaves it as it is.
 */
export function str(text: string): string {
  const count = (quote: string) => text.split(quote).length - 1;
  const quote = count("'") > count('"') ? '"' : "'";
  let body = '';
  for (const ch of text) {
    if (ch === '\\') body += '\\\\';
    else if (ch === quote) body += `\\${quote}`;
    else if (ch === '\n') body += '\\n';
    else if (ch === '\r') body += '\\r';
    else if (ch === '\t') body += '\\t';
    else if (isControl(ch) || isBidi(ch)) body += hex4(ch);
    else body += ch;
  }
  return `${quote}${body}${quote}`;
}

/** Inside a template literal (between its backticks): a backtick ends it, `${` starts code. */
export function templateText(text: string): string {
  let body = '';
  for (const ch of text) {
    if (ch === '\\' || ch === '`' || ch === '$') body += `\\${ch}`;
    else if (ch === '\n') body += '\\n';
    else if (ch === '\r') body += '\\r';
    else if (isControl(ch) || isBidi(ch)) body += hex4(ch);
    else body += ch;
  }
  return body;
}

/** A JSX child: `{`, `<` and `&` are syntax there, so the text goes in as a string expression. */
export function jsxText(text: string): string {
  return `{${str(text)}}`;
}

/**
 * An SQL string literal. drizzle's migrator cuts a migration at every `--> statement-breakpoint`, even
 * inside a literal: such a text (or one with a backslash or a control character) is written as an E''
 * string whose `>` is `\x3e`. PostgreSQL's text holds no NUL: it is dropped.
 */
export function sqlString(text: string): string {
  const clean = withoutNul(text);
  if (!clean.includes('-->') && !clean.includes('\\') && ![...clean].some(isC0))
    return `'${clean.replace(/'/g, "''")}'`;
  let body = '';
  for (const ch of clean) {
    if (ch === '\\' || ch === "'") body += `\\${ch}`;
    else if (ch === '>' || isC0(ch)) body += `\\x${ch.charCodeAt(0).toString(16).padStart(2, '0')}`;
    else body += ch;
  }
  return `E'${body}'`;
}

function withoutNul(text: string): string {
  return [...text].filter((ch) => ch.charCodeAt(0) !== 0).join('');
}

/** After `--` in SQL: on one line, and never `-->` (drizzle's statement breakpoint). */
export function sqlComment(text: string): string {
  return oneLine(text).replace(/-->/g, '-- >');
}

/** A quoted SQL identifier (`"name"`, quotes doubled): names are checked as well, this is the second line. */
export function sqlName(name: string): string {
  return `"${withoutNul(name).replace(/"/g, '""')}"`;
}

/**
 * Markdown text on one line (a heading, a list item): every character with an inline meaning (emphasis,
 * code, links, HTML, entities, tables) is backslash-escaped, which CommonMark allows for any punctuation.
 */
export function markdown(text: string): string {
  return oneLine(text).replace(/[\\`*_{}[\]()<>#+!|~&]/g, '\\$&');
}

/**
 * A value of the console's catalogue (i18next): `{{` would be read as an interpolation and `$t(` as a
 * nested key.
 */
export function catalogueText(text: string): string {
  return oneLine(text).replace(/\{\{/g, '{ {').replace(/\$t\(/g, '$ t(');
}

/**
 * A worksheet name as Excel (and exceljs, which throws otherwise) accepts it: at most 31 characters, none
 * of `* ? : \ / [ ]`, not starting or ending with an apostrophe.
 */
export function sheetName(text: string): string {
  const name = oneLine(text)
    .replace(/[*?:\\/[\]]/g, ' ')
    .replace(/ {2,}/g, ' ')
    .slice(0, 31)
    .replace(/^[\s']+|[\s']+$/g, '');
  return name === '' ? 'Sheet1' : name;
}
