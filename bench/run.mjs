// npm run bench: runs every benchmark under bench/ in turn and prints its figures.
// Each benchmark is a bench/*.bench.mjs file that prints its own figures and exits.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const only = process.argv[2];
// Long benchmarks run only when named (`npm run bench energy-10x`): the 10x campus writes millions of rows.
const NAMED_ONLY = ['energy-10x.bench.mjs'];
const files = fs
  .readdirSync(new URL('.', import.meta.url))
  .filter((f) => f.endsWith('.bench.mjs') && (only ? f.includes(only) : !NAMED_ONLY.includes(f)))
  .sort();
if (files.length === 0) {
  process.stdout.write('no benchmarks found\n');
}
for (const file of files) {
  process.stdout.write(`\n# ${file}\n`);
  // Node 20 has its WebSocket client (the socket benchmarks) behind a flag.
  const result = spawnSync(
    process.execPath,
    ['--experimental-websocket', new URL(file, import.meta.url).pathname],
    {
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) process.exitCode = 1;
}
