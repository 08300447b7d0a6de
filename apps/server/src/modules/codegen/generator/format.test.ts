import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as prettier from 'prettier';
import { formatFiles, PRETTIER_OPTIONS } from './format.js';

const REPO = fileURLToPath(new URL('../../../../../../', import.meta.url));

describe('formatting the generated files', () => {
  it("uses the repository's Prettier options, as `prettier --check` reads them (with .editorconfig)", async () => {
    const options = await prettier.resolveConfig(`${REPO}apps/server/src/modules/example/service.ts`, {
      editorconfig: true,
    });
    expect(options).toEqual(PRETTIER_OPTIONS);
  });

  it('lays out code and Markdown, and leaves the SQL migration as it is written', async () => {
    const files = await formatFiles({
      'a.ts': 'export const a = {b:1}',
      'README.md': '# Title\n* item',
      'apps/server/drizzle/0001_x.sql': 'CREATE TABLE  "x" ();',
    });
    expect(files).toEqual({
      'a.ts': 'export const a = { b: 1 };\n',
      'README.md': '# Title\n\n- item\n',
      'apps/server/drizzle/0001_x.sql': 'CREATE TABLE  "x" ();',
    });
  });
});
