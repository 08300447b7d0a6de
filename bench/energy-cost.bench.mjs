// Energy cost (issue 22): the energy board's cost call and a month's bill on the demo campus with a year of
// rollups (every ammeter channel hourly and daily for 365 days, as boards.bench.mjs writes them) and the demo
// five-period tariff. The first call of each period splits the channel-days by tariff period and stores them
// (printed as "first call"); later calls read the small table. Prints p50/p95/p99 of one user asking in turn,
// beside the summary call of the same period, on PGlite and, with BENCH_DATABASE_URL, on PostgreSQL.
// Target (issue 22): p95 under 200 ms on PGlite and 50 ms on PostgreSQL.
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

/** Up to 50 different local dates (Asia/Shanghai, the demo's zone) of the current period. */
function anchorsOf(period) {
  const day = (ms) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);
  const today = day(Date.now());
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
  const monday = day(Date.parse(`${today}T00:00:00+08:00`) - weekday * 86_400_000);
  const same = {
    WEEK: (d) => d >= monday && d <= day(Date.parse(`${monday}T00:00:00+08:00`) + 6 * 86_400_000),
    MONTH: (d) => d.slice(0, 7) === today.slice(0, 7),
    YEAR: (d) => d.slice(0, 4) === today.slice(0, 4),
    DAY: (d) => d === today,
  }[period];
  const out = [];
  for (let k = -40; k < 40 && out.length < 50; k++) {
    const d = day(Date.now() - k * 86_400_000);
    if (same(d)) out.push(d);
  }
  return out;
}

async function measure(label, server) {
  const api = await apiAs(server.url, 'manager', 'manager123');
  const { data: projects } = await api('POST', '/sbuilding/project/getList', { projectName: 'Demo Campus' });
  const projectId = projects.rows[0].id;
  for (const period of ['DAY', 'WEEK', 'MONTH', 'YEAR']) {
    const query = `projectId=${projectId}&period=${period}`;
    const cost = async () => {
      const answer = await api('GET', `/sbuilding/board/energy/cost?${query}`);
      if (answer.code !== 200 || !(answer.data.cost > 0))
        throw new Error(`${period}: ${JSON.stringify(answer)}`);
    };
    const first = performance.now();
    await cost();
    process.stdout.write(
      `${`${label}: cost ${period}, first call`.padEnd(44)} ${(performance.now() - first).toFixed(0)} ms\n`,
    );
    await load(cost, { total: 10, concurrency: 1 }); // warm-up
    print(`${label}: cost ${period}`, await load(cost, { total: 100, concurrency: 1 }));
    const summary = async () => {
      const answer = await api('GET', `/sbuilding/board/energy/summary?${query}`);
      if (answer.code !== 200) throw new Error(`${period}: ${JSON.stringify(answer)}`);
    };
    print(`${label}: summary ${period} (beside it)`, await load(summary, { total: 50, concurrency: 1 }));
    // Viewers share an answer for the same query and minute (routes.ts), so the calls above mostly measure
    // the shared answer. Here each call names another date of the same period as its anchor: the same
    // computation, never shared (DAY has one date, left out).
    const anchors = anchorsOf(period);
    if (anchors.length > 1) {
      let i = 0;
      const computed = async () => {
        const anchor = anchors[i++ % anchors.length];
        const answer = await api('GET', `/sbuilding/board/energy/cost?${query}&anchor=${anchor}`);
        if (answer.code !== 200) throw new Error(`${period}: ${JSON.stringify(answer)}`);
      };
      print(
        `${label}: cost ${period}, computed each call`,
        await load(computed, { total: anchors.length, concurrency: 1 }),
      );
    }
  }
  const { data: nodes } = await api('GET', `/sbuilding/energy/bill/nodes?projectId=${projectId}`);
  const building = nodes.find((n) => n.level === 'building');
  const now = new Date();
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const month = `${last.getUTCFullYear()}-${String(last.getUTCMonth() + 1).padStart(2, '0')}`;
  const billQuery = `projectId=${projectId}&level=building&nodeId=${building.id}&month=${month}`;
  const bill = async () => {
    const answer = await api('GET', `/sbuilding/energy/bill?${billQuery}`);
    if (answer.code !== 200 || !(answer.data.total > 0)) throw new Error(`bill: ${JSON.stringify(answer)}`);
  };
  await load(bill, { total: 5, concurrency: 1 });
  print(`${label}: bill of a building, last month`, await load(bill, { total: 50, concurrency: 1 }));
  const pdf = async () => {
    const res = await fetch(`${server.url}/sbuilding/energy/bill/file?${billQuery}&format=pdf`, {
      headers: { authorization: `Bearer ${api.token}`, lang: 'ZH' },
    });
    if (!res.ok || (await res.arrayBuffer()).byteLength < 1000) throw new Error(`pdf: ${res.status}`);
  };
  await load(pdf, { total: 2, concurrency: 1 });
  print(`${label}: the same bill as PDF (Chinese)`, await load(pdf, { total: 20, concurrency: 1 }));
}

{
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-bench-cost-'));
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
