// npm test: every suite, in phases, with the time each took. The build and the lint share the machine's two
// cores (both are mostly one thread each); the unit and API suites use both cores through vitest's workers;
// the browser suite drives the built console. A phase that fails stops the run (the later ones would only
// fail for the same reason); the summary says which.
import { spawn } from 'node:child_process';

const phases = [
  {
    name: 'build and lint',
    steps: [
      // What `npm run build` does, the console beside the rest: the server's build (tsc -b) builds shared
      // and the simulator first, through its project references; then the server's test files, which the
      // build leaves out (the typed client's test needs the client package built), are type-checked too.
      ['sh', ['-c', 'npx tsc -b apps/server packages/client && npx tsc -p apps/server/tsconfig.test.json']],
      ['npm', ['run', 'build', '-w', '@sbuilding/web']],
      ['npm', ['run', 'lint']],
    ],
  },
  { name: 'unit and API', steps: [['npx', ['vitest', 'run']]] },
  { name: 'browser', steps: [['npx', ['vitest', 'run', '--config', 'tests/e2e/vitest.config.ts']]] },
];

function run([command, args]) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit' });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;
const timings = [];
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
