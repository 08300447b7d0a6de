// npm run test:browser [-- --times N]: the browser suite as npm test runs it (scripts/phases.mjs), N times in
// a row (1 by default), stopping at the first failure: a test that fails now and then is a bug to find.
// Run `npm run build` first: the suite serves the built console from the built server.
import { browserPhases, runPhases } from './phases.mjs';

const at = process.argv.indexOf('--times');
const times = at > 0 ? Number(process.argv[at + 1]) : 1;
if (!Number.isInteger(times) || times < 1) throw new Error('--times takes a whole number of runs');

let passed = true;
for (let i = 1; i <= times && passed; i += 1) {
  passed = await runPhases(`browser suite, run ${i} of ${times}`, browserPhases());
}
process.exitCode = passed ? 0 : 1;
