// Fault detection against the simulator (issue 38): a building of the demo project stepped every simulated
// minute for nine days by the simulator's own models, eight devices given the simulator's faults on the last
// Monday at 08:00, the rules run every five simulated minutes over the last two days. The figures come from
// the test that asserts them (apps/server/src/modules/fdd/fdd.sim.test.ts: every fault found by its rule,
// nothing raised on a healthy device but the waste its simulated people made); this prints its lines for its
// own week (seed 38) and two other weeks of the simulator's people (seeds 5, 7): recall, precision and how
// long each fault took to be found after it began. Set BENCH_DATABASE_URL to run it on PostgreSQL.
import { spawnSync } from 'node:child_process';

const ROOT = new URL('../', import.meta.url).pathname;
const database = process.env.BENCH_DATABASE_URL
  ? { TEST_DATABASE_URL: process.env.BENCH_DATABASE_URL, TEST_DB_DRIVER: 'pg' }
  : {};
for (const seed of (process.env.SIM_SEEDS ?? '38,5,7').split(',')) {
  const result = spawnSync(
    'npx',
    ['vitest', 'run', '--project', 'server', 'apps/server/src/modules/fdd/fdd.sim.test.ts'],
    { cwd: ROOT, encoding: 'utf8', env: { ...process.env, ...database, FORCE_COLOR: '0', SIM_SEED: seed } },
  );
  const lines = `${result.stdout}`.split('\n').filter((l) => /^fdd[ :]/.test(l));
  for (const line of lines) process.stdout.write(`seed ${seed}: ${line}\n`);
  if (result.status !== 0) {
    process.stdout.write(`${result.stdout}\n${result.stderr}\n`);
    process.exitCode = 1;
  }
}
