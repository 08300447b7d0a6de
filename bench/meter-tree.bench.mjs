// The meter tree (issue 22): the tree call (every node's kWh, cost, carbon, kWh/m² and remainder) for a month
// and a year, and a month's bill of a tenant unit that is a virtual meter (floor − common areas), on the demo
// campus with its seeded tree, a year of rollups (every ammeter channel hourly and daily for 365 days, as
// energy-cost.bench.mjs writes them) and the demo five-period tariff. The first call of a period splits the
// channel-days by tariff period (printed as "first call"). Prints p50/p95/p99 of one user asking in turn, on
// PGlite and, with BENCH_DATABASE_URL, on PostgreSQL. Target (issue 22): p95 under 200 ms on PGlite and 50 ms
// on PostgreSQL.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { apiAs, load, percentile, scratchDatabase, startServer } from './support.mjs';

const HISTORY_SQL = [
  `insert into telemetry_hourly (device_id, key, bucket, count, sum, min, max, delta)
   select d.id, 'energy' || coalesce(d.props->>'channel', ''), h, 4, 400, 90, 110, 0.5 + random()
   from devices d
   cross join generate_series(date_trunc('hour', now()) - interval '365 days', date_trunc('hour', now()), interval '1 hour') h
   where d.category = 'ammeter'
   on conflict do nothing`,
  `insert into telemetry_daily (device_id, key, day, count, sum, min, max, delta)
   select d.id, 'energy' || coalesce(d.props->>'channel', ''), day::date, 96, 9600, 90, 110, 24 + random() * 10
   from devices d
   cross join generate_series(now() - interval '365 days', now(), interval '1 day') day
   where d.category = 'ammeter'
   on conflict do nothing`,
];

function print(label, { latencies }) {
  const f = (n) => n.toFixed(2).padStart(8);
  process.stdout.write(
    `${label.padEnd(44)} n=${String(latencies.length).padStart(5)}  p50 ${f(percentile(latencies, 50))} ms  p95 ${f(percentile(latencies, 95))} ms  p99 ${f(percentile(latencies, 99))} ms\n`,
  );
}

async function measure(label, server) {
  const api = await apiAs(server.url, 'manager', 'manager123');
  const { data: projects } = await api('POST', '/sbuilding/project/getList', { projectName: 'Demo Campus' });
  const projectId = projects.rows[0].id;
  for (const period of ['MONTH', 'YEAR']) {
    const tree = async () => {
      const answer = await api('GET', `/sbuilding/energy/meter-tree?projectId=${projectId}&period=${period}`);
      if (answer.code !== 200 || !(answer.data.nodes.length > 0) || !(answer.data.nodes[0].kwh > 0))
        throw new Error(`${period}: ${JSON.stringify(answer).slice(0, 500)}`);
    };
    const first = performance.now();
    await tree();
    process.stdout.write(
      `${`${label}: tree ${period}, first call`.padEnd(44)} ${(performance.now() - first).toFixed(0)} ms\n`,
    );
    await load(tree, { total: 10, concurrency: 1 }); // warm-up
    print(`${label}: tree ${period}`, await load(tree, { total: 100, concurrency: 1 }));
    // The energy board's cost call of the same period (the same channels priced), beside it on the same machine.
    const cost = async () => {
      const answer = await api('GET', `/sbuilding/board/energy/cost?projectId=${projectId}&period=${period}`);
      if (answer.code !== 200) throw new Error(`${period}: ${JSON.stringify(answer)}`);
    };
    print(`${label}: cost ${period} (beside it)`, await load(cost, { total: 50, concurrency: 1 }));
  }
  const { data: nodes } = await api('GET', `/sbuilding/energy/bill/nodes?projectId=${projectId}`);
  const unit = nodes.find((n) => n.level === 'node' && n.name === 'Tenant A');
  const now = new Date();
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const month = `${last.getUTCFullYear()}-${String(last.getUTCMonth() + 1).padStart(2, '0')}`;
  const bill = async () => {
    const answer = await api(
      'GET',
      `/sbuilding/energy/bill?projectId=${projectId}&level=node&nodeId=${unit.id}&month=${month}`,
    );
    if (answer.code !== 200 || !(answer.data.total > 0)) throw new Error(`bill: ${JSON.stringify(answer)}`);
  };
  await load(bill, { total: 5, concurrency: 1 });
  print(`${label}: bill of tenant A (virtual), last month`, await load(bill, { total: 50, concurrency: 1 }));
}

{
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-bench-tree-'));
  try {
    await (await startServer({ DATA_DIR: dataDir })).stop();
    const db = new PGlite(path.join(dataDir, 'pglite'));
    const started = performance.now();
    for (const statement of HISTORY_SQL) await db.query(statement);
    const { rows } = await db.query(`select count(*)::int as n from devices where category = 'ammeter'`);
    await db.close();
    process.stdout.write(
      `PGlite: a year of rollups of ${rows[0].n} ammeter channels written in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
    );
    const server = await startServer({ DATA_DIR: dataDir });
    try {
      await measure('PGlite', server);
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const adminUrl = process.env.BENCH_DATABASE_URL;
if (adminUrl) {
  const database = await scratchDatabase(adminUrl, pg);
  try {
    const server = await startServer({ DATABASE_URL: database.url });
    try {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      for (const statement of HISTORY_SQL) await client.query(statement);
      await client.query('analyze telemetry_hourly; analyze telemetry_daily');
      await client.end();
      await measure('PostgreSQL', server);
    } finally {
      await server.stop();
    }
  } finally {
    await database.drop();
  }
} else {
  process.stdout.write('(set BENCH_DATABASE_URL=postgres://… to measure on PostgreSQL too)\n');
}
