// Savings against the meters (issue 23): a simulated month (November 2026 after three weeks of history, the
// simulator's lights, people and 4-channel ammeters stepped every minute, stored by the server's telemetry
// writer) with a noon nap dimming one building's lights on every other workday and an after-work switch-off
// scene in another; the energy board's check then sets each estimate (held to its baseline of comparable
// days) beside the metered difference. The figures come from the test that asserts them
// (apps/server/src/modules/energy/savings-check.sim.test.ts: both estimates within 15% of the meters); this
// prints its lines for its own month (seed 23) and two other months of the simulator's people (seeds 5, 7),
// so that the agreement is seen not to be one lucky month. Target (issue 23): within 15%.
import { spawnSync } from 'node:child_process';

const ROOT = new URL('../', import.meta.url).pathname;
for (const seed of (process.env.SIM_SEEDS ?? '23,5,7').split(',')) {
  const result = spawnSync(
    'npx',
    ['vitest', 'run', 'apps/server/src/modules/energy/savings-check.sim.test.ts'],
    { cwd: ROOT, encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0', SIM_SEED: seed } },
  );
  const lines = `${result.stdout}`.split('\n').filter((l) => /^(noon nap|lights off after work)/.test(l));
  for (const line of lines) process.stdout.write(`seed ${seed}: ${line}\n`);
  if (result.status !== 0) {
    process.stdout.write(`${result.stdout}\n${result.stderr}\n`);
    process.exitCode = 1;
  }
}
