/**
 * Writes the repository's generated reference (docs/console-routes.md, api-operations.md, device-models.md)
 * from the code: apps/server/src/reference-docs.ts. Usage: npm run docs
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderReferenceDocs } from '../apps/server/src/reference-docs.js';

const root = fileURLToPath(new URL('..', import.meta.url));
for (const [file, content] of Object.entries(await renderReferenceDocs(root))) {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), content);
  process.stdout.write(`wrote ${file}\n`);
}
