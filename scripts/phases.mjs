// Runs suites in phases, each phase's steps side by side, and prints the time each took. Used by npm test
// (scripts/test.mjs) and by the browser suite on its own (scripts/test-browser.mjs).
import { spawn } from 'node:child_process';
import readline from 'node:readline';

const E2E = ['vitest', 'run', '--config', 'tests/e2e/vitest.config.ts'];

/**
 * The browser suite as npm test runs it. First the files that share servers, in two halves of about the same
 * length side by side (E2E_HALF, tests/e2e/vitest.config.ts; three were slower: 531 s against 465 s, measured
 * 2026-12-08), each half with the servers of its own global setup: a browser file mostly waits for its page, its server
 * and Chromium, and the halves share no server, so no file sees the other half's changes. `beside` runs
 * next to the halves (npm test puts ESLint there: a half kept about half a core busy, measured 2026-12-08).
 * Then the files that start a simulated campus of their own (`E2E_GROUP=alone`, tests/e2e/vitest.config.ts).
 * npm test runs these phases after the unit and API suites, not beside them: beside the API suite's two
 * workers, a browser flow took four to five times as long as on the idle machine (buildings.e2e: 14 s alone,
 * 65 s in the CI run of 2026-12-07, past its timeout), for about the same total time.
 */
export function browserPhases({ beside = [] } = {}) {
  return [
    {
      name: 'browser',
      steps: [
        ...[1, 2].map((half) => ({
          label: `browser ${half}/2`,
          command: ['npx', E2E],
          env: { E2E_GROUP: 'shared', E2E_HALF: String(half) },
        })),
        ...beside,
      ],
    },
    {
      name: 'browser, own campuses',
      steps: [{ label: 'browser', command: ['npx', E2E], env: { E2E_GROUP: 'alone' } }],
    },
  ];
}

const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;

// What names a failure in vitest's and tsc's output: the summary repeats these lines, so the end of a long
// log (all a CI page may show) says what failed.
const FAILURE_LINE = /(\bFAIL\b|\s[×✗]\s|error TS\d+|^\s*\d+:\d+\s+error\s)/;
// And why: after vitest's "Failed Tests" header, the error's first line and where it was thrown.
const FAILED_TESTS_HEADER = /Failed Tests \d+/;
const ERROR_LINE = /^\s*([A-Z]\w*(Error|Exception)\b.*|Error: .*|❯ \S+:\d+:\d+.*)$/;
const MAX_FAILURE_LINES = 60;

/** Runs one step, its output's lines prefixed with the step's label; resolves with its exit code. */
function run({ label, command: [command, args], env = {} }, timings, failures) {
  const started = Date.now();
  return new Promise((resolve) => {
    // Through sh, whose `times` says how much CPU the step and everything it started used (issue 33: on two
    // cores, a phase's CPU over its wall time says whether it waits or competes).
    const child = spawn('sh', ['-c', `"$@"; s=$?; echo; times; exit $s`, 'sh', command, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    let cpu = '';
    let inFailedTests = false;
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      readline.createInterface({ input: stream }).on('line', (line) => {
        // `times`' second line: the children's user and system time, as 1m2.345s.
        const times = /^(\d+)m([\d.]+)s (\d+)m([\d.]+)s$/.exec(line);
        if (times) {
          const [, um, us, sm, ss] = times.map(Number);
          cpu = `, ${seconds(((um ?? 0) * 60 + (us ?? 0) + (sm ?? 0) * 60 + (ss ?? 0)) * 1000)} of CPU`;
          return;
        }
        out.write(`[${label}] ${line}\n`);
        // eslint-disable-next-line no-control-regex -- the colours vitest writes
        const plain = line.replace(/\u001b\[[0-9;]*m/g, '');
        if (FAILED_TESTS_HEADER.test(plain)) inFailedTests = true;
        const why = inFailedTests && ERROR_LINE.test(plain);
        if ((FAILURE_LINE.test(plain) || why) && failures.length < MAX_FAILURE_LINES)
          failures.push(`  [${label}] ${plain}`);
      });
    }
    child.on('exit', (code, signal) => {
      const status = code === 0 ? '' : ` (exit ${code ?? signal})`;
      timings.push(`  ${label}: ${seconds(Date.now() - started)}${cpu}${status}`);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

/**
 * Runs the phases in order; a phase that fails stops the run (the later ones would only fail for the same
 * reason). Prints a summary titled `title` and resolves with whether every phase passed.
 */
export async function runPhases(title, phases) {
  const timings = [];
  const failures = [];
  const started = Date.now();
  let failed = null;
  for (const phase of phases) {
    const t0 = Date.now();
    process.stdout.write(`\n=== ${phase.name} ===\n`);
    const codes = await Promise.all(phase.steps.map((step) => run(step, timings, failures)));
    timings.push(`${phase.name}: ${seconds(Date.now() - t0)}`);
    if (codes.some((code) => code !== 0)) {
      failed = phase.name;
      break;
    }
  }
  process.stdout.write(`\n=== ${title}: ${failed ? `FAILED in ${failed}` : 'passed'} ===\n`);
  if (failed && failures.length > 0) {
    process.stdout.write('what failed:\n');
    for (const line of failures) process.stdout.write(`${line}\n`);
  }
  for (const line of timings) process.stdout.write(`  ${line}\n`);
  process.stdout.write(`  total: ${seconds(Date.now() - started)}\n`);
  return failed === null;
}
