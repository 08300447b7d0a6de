// Fault detection against the simulator (issue 38): the test that asserts it (apps/server/src/modules/fdd/
// fdd.sim.test.ts: every fault found by its rule, nothing raised on a healthy device but the waste its
// simulated people made, and a twin building without faults raising nothing else), run larger than in npm
// test: three blocks of four offices and a meter (three faults of each of the nine kinds), the rules every
// five simulated minutes for a week after the faults begin, on three weeks of the simulator's people (seeds 38,
// 5, 7). It prints recall, precision and how long each fault took to be found after it began.
// FDD_SIM_COPIES, FDD_SIM_DAYS and SIM_SEEDS change the size; BENCH_DATABASE_URL runs it on PostgreSQL.
import { spawnSync } from 'node:child_process';

const ROOT = new URL('../', import.meta.url).pathname;
const database = process.env.BENCH_DATABASE_URL
  ? { TEST_DATABASE_URL: process.env.BENCH_DATABASE_URL, TEST_DB_DRIVER: 'pg' }
  : {};
for (const seed of (process.env.SIM_SEEDS ?? '38,5,7').split(',')) {
  const result = spawnSync(
    'npx',
    ['vitest', 'run', '--project', 'server', 'apps/server/src/modules/fdd/fdd.sim.test.ts'],
    {
      cwd: ROOT,
      encoding: 'utf8',
      env: {
        FDD_SIM_COPIES: '3',
        FDD_SIM_DAYS: '7',
        ...process.env,
        ...database,
        FORCE_COLOR: '0',
        SIM_SEED: seed,
      },
    },
  );
  const lines = `${result.stdout}`.split('\n').filter((l) => /^fdd[ :]/.test(l));
  for (const line of lines) process.stdout.write(`seed ${seed}: ${line}\n`);
  if (result.status !== 0) {
    process.stdout.write(`${result.stdout}\n${result.stderr}\n`);
    process.exitCode = 1;
  }
}
