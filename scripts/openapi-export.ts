/**
 * Writes the server's OpenAPI document (/docs/json) to a file without starting the server or opening a
 * database: the typed client (packages/client) is generated from it. Usage: tsx --conditions=source
 * scripts/openapi-export.ts <out.json>
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/platform/env.js';

const out = process.argv[2];
if (!out) throw new Error('usage: openapi-export <out.json>');
const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  JWT_SECRET: 'x'.repeat(32),
  DATA_DIR: path.join(os.tmpdir(), 'sbuilding-openapi-export'),
});
const app = await buildApp({ config, logger: false });
await app.ready();
fs.writeFileSync(out, `${JSON.stringify(app.swagger(), null, 2)}\n`);
await app.close();
