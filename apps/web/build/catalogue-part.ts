import fs from 'node:fs';
import type { Plugin } from 'vite';

const QUERY = '?first';
const PREFIX = '\0catalogue-part:';
// Not ending in .json: Vite's own JSON plugin would take it.
const SUFFIX = '.mjs';
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * `import { login } from '@/locales/en.json?first'`: the catalogue's top-level sections as named exports of
 * a module of their own, so that a bundle holds only the sections it imports (the login page's part of the
 * English catalogue, lib/i18n.ts) while `import('@/locales/en.json')` still loads the whole file elsewhere.
 */
export function cataloguePart(): Plugin {
  return {
    name: 'sbuilding-catalogue-part',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!source.endsWith(`.json${QUERY}`)) return null;
      const resolved = await this.resolve(source.slice(0, -QUERY.length), importer, { skipSelf: true });
      return resolved ? PREFIX + resolved.id + SUFFIX : null;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const file = id.slice(PREFIX.length, -SUFFIX.length);
      this.addWatchFile(file);
      const catalogue: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
      if (typeof catalogue !== 'object' || catalogue === null) throw new Error(`${file}: not an object`);
      return Object.entries(catalogue)
        .filter(([section]) => IDENTIFIER.test(section))
        .map(([section, texts]) => `export const ${section} = ${JSON.stringify(texts)};`)
        .join('\n');
    },
  };
}
