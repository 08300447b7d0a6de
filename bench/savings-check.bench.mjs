// Savings against the meters (issue 23): a simulated month (November 2026, the simulator's lights, people and
// 4-channel ammeters, stored by the server's telemetry writer) with a noon nap dimming one building's lights on
// every other workday and an after-work switch-off scene in another; the energy board's check then sets each
// estimate beside the metered difference. The figures come from the test that asserts them
// (apps/server/src/modules/energy/savings-check.sim.test.ts: the nap's estimate within 15% of the meters);
// this prints its lines. Target (issue 23): the estimate within 15% of the metered difference.
import { spawnSync } from 'node:child_process';

const ROOT = new URL('../', import.meta.url).pathname;
const result = spawnSync(
  'npx',
  ['vitest', 'run', 'apps/server/src/modules/energy/savings-check.sim.test.ts'],
  { cwd: ROOT, encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0' } },
);
const lines = `${result.stdout}`.split('\n').filter((l) => /^(noon nap|lights off after work)/.test(l));
for (const line of lines) process.stdout.write(`${line}\n`);
if (result.status !== 0) {
  process.stdout.write(`${result.stdout}\n${result.stderr}\n`);
  process.exitCode = 1;
}
