// npm test: every suite, in phases, with the time each took. The build first (the server's and the console's
// side by side). Then the unit and API suites (two workers), then the browser suite's files that share
// servers with ESLint beside them (the browser halves mostly wait: ESLint used the build phase's second core
// for 106 s, and the halves left most of a core free), and last the browser files that start a simulated
// campus of their own (see browserPhases in scripts/phases.mjs: why not beside the API suite). Each line of
// output is prefixed with the suite it comes from. A phase that fails stops the run; the summary says which.
import { browserPhases, runPhases } from './phases.mjs';

const build = {
  name: 'build',
  steps: [
    // What `npm run build` does, the console beside the rest: the server's build (tsc -b) builds shared
    // and the simulator first, through its project references; then the server's test files, which the
    // build leaves out (the typed client's test needs the client package built), are type-checked too.
    {
      label: 'build',
      command: [
        'sh',
        [
          '-c',
          'npx tsc -b apps/server packages/client apps/bridge && npx tsc -p apps/server/tsconfig.test.json && npx tsc -p apps/bridge/tsconfig.test.json',
        ],
      ],
    },
    { label: 'web', command: ['npm', ['run', 'build', '-w', '@sbuilding/web']] },
  ],
};
// One thread: beside two browser halves, ESLint's second worker would compete with their servers.
const lint = { label: 'lint', command: ['npx', ['eslint', '.', '--concurrency', '1']] };

const passed = await runPhases('npm test', [
  build,
  { name: 'unit and API', steps: [{ label: 'api', command: ['npx', ['vitest', 'run']] }] },
  ...browserPhases({ beside: [lint] }),
]);
process.exitCode = passed ? 0 : 1;
