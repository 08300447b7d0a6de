import type { GenPreview } from '@sbuilding/shared';

/**
 * The generated files laid out as the project's Prettier lays them out. Where a line breaks depends on the
 * names (up to 63 characters each) and on which fields a table has, so only the formatter itself writes
 * what `prettier --check` accepts for every table: the templates write valid code, Prettier lays it out.
 * The options are the repository's `.prettierrc.json` with its `.editorconfig` (a test compares them).
 * Prettier is loaded on the first generation only: the server does not pay for it otherwise.
 */
export const PRETTIER_OPTIONS = {
  printWidth: 110,
  tabWidth: 2,
  useTabs: false,
  endOfLine: 'lf',
  singleQuote: true,
  semi: true,
  trailingComma: 'all',
} as const;

/** The files Prettier formats (the SQL migration is left as drizzle-kit writes its own). */
const FORMATTED = /\.(tsx?|md)$/;

let loading: Promise<typeof import('prettier')> | undefined;

export async function formatFiles(files: GenPreview): Promise<GenPreview> {
  const prettier = await (loading ??= import('prettier'));
  const formatted: GenPreview = {};
  for (const [path, content] of Object.entries(files))
    formatted[path] = FORMATTED.test(path)
      ? await prettier.format(content, { ...PRETTIER_OPTIONS, filepath: path })
      : content;
  return formatted;
}
