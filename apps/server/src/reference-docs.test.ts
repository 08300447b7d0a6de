import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { format, resolveConfig } from 'prettier';
import { GENERATED_DOCS, renderReferenceDocs } from './reference-docs.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

describe("the repository's generated reference (docs/)", () => {
  it('is what the code says today (run npm run docs after changing routes, the policy or the catalogue)', async () => {
    const rendered = await renderReferenceDocs(ROOT);
    expect(Object.keys(rendered).sort()).toEqual([...GENERATED_DOCS].sort());
    for (const [file, content] of Object.entries(rendered)) {
      const full = path.join(ROOT, file);
      const options = await resolveConfig(full, { editorconfig: true });
      const expected = await format(content, { ...options, filepath: full });
      expect(fs.existsSync(full), `${file} is missing: npm run docs`).toBe(true);
      expect(fs.readFileSync(full, 'utf8'), `${file} is stale: npm run docs`).toBe(expected);
    }
  });
});
