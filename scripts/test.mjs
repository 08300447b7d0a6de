// npm test: every suite, in phases, with the time each took. The build and the lint share the machine's two
// cores (both are mostly one thread each). Then the unit and API suites and most of the browser suite run
// side by side: the browser suite drives one page at a time and mostly waits for the page, its server and
// Chromium (measured on the idle machine: 300 s of CPU in 680 s), so it runs in two halves beside the API
// suite's workers. Last, the
// browser files that start a simulated campus of their own run on the machine the API suite has left (see
// tests/e2e/vitest.config.ts). Each line of output is prefixed with the suite it comes from. A phase that
// fails stops the run (the later ones would only fail for the same reason); the summary says which.
import { spawn } from 'node:child_process';
import readline from 'node:readline';

const phases = [
  {
    name: 'build and lint',
    steps: [
      // What `npm run build` does, the console beside the rest: the server's build (tsc -b) builds shared
      // and the simulator first, through its project references; then the server's test files, which the
      // build leaves out (the typed client's test needs the client package built), are type-checked too.
      {
        label: 'build',
        command: [
          'sh',
          ['-c', 'npx tsc -b apps/server packages/client && npx tsc -p apps/server/tsconfig.test.json'],
        ],
      },
      { label: 'web', command: ['npm', ['run', 'build', '-w', '@sbuilding/web']] },
      { label: 'lint', command: ['npm', ['run', 'lint']] },
    ],
  },
  {
    name: 'unit, API and browser',
    steps: [
      { label: 'api', command: ['npx', ['vitest', 'run']] },
      // The browser files in two halves side by side, each with the servers of its own global setup: the
      // halves share no server, so no file sees another half's changes.
      ...[1, 2].map((shard) => ({
        label: `browser ${shard}/2`,
        command: ['npx', ['vitest', 'run', '--config', 'tests/e2e/vitest.config.ts', `--shard=${shard}/2`]],
        env: { E2E_GROUP: 'shared' },
      })),
    ],
  },
  {
    // The browser files that start a simulated campus of their own, on a machine the API suite has left.
    name: 'browser, own campuses',
    steps: [
      {
        label: 'browser',
        command: ['npx', ['vitest', 'run', '--config', 'tests/e2e/vitest.config.ts']],
        env: { E2E_GROUP: 'alone' },
      },
    ],
  },
];

const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;
const timings = [];

/** Runs one step, its output's lines prefixed with the step's label; resolves with its exit code. */
function run({ label, command: [command, args], env = {} }) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      readline.createInterface({ input: stream }).on('line', (line) => out.write(`[${label}] ${line}\n`));
    }
    child.on('exit', (code, signal) => {
      timings.push(`  ${label}: ${seconds(Date.now() - started)}`);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

const started = Date.now();
let failed = null;
for (const phase of phases) {
  const t0 = Date.now();
  process.stdout.write(`\n=== ${phase.name} ===\n`);
  const codes = await Promise.all(phase.steps.map(run));
  timings.push(`${phase.name}: ${seconds(Date.now() - t0)}`);
  if (codes.some((code) => code !== 0)) {
    failed = phase.name;
    break;
  }
}
process.stdout.write(`\n=== npm test: ${failed ? `FAILED in ${failed}` : 'passed'} ===\n`);
for (const line of timings) process.stdout.write(`  ${line}\n`);
process.stdout.write(`  total: ${seconds(Date.now() - started)}\n`);
process.exitCode = failed ? 1 : 0;
