// Portfolio and peak demand (issue 22): GET /sbuilding/energy/portfolio and the energy board's
// GET /sbuilding/board/energy/demand on the demo campus (24 ammeter channels in two buildings whose floors
// have areas) with a year of hourly and daily rollups (as energy-cost.bench.mjs writes them), the demo
// five-period tariff, and the last two days of counter readings every 5 minutes (peak demand's source).
//
// The portfolio's answer is shared for 10 s between callers of the same scope and query (SharedCache); to
// measure the computation itself every measured call names a different anchor date (a date of the same or
// another period, all of them split beforehand by a YEAR call), so no call is served from the cache. The
// cached path (many viewers asking the same) is printed beside it. One user asking in turn; p50/p95/p99 in ms,
// on PGlite and, with BENCH_DATABASE_URL, on PostgreSQL. Target (issue 22): p95 under 200 ms on PGlite and
// 50 ms on PostgreSQL.
import { apiAs, ENERGY_YEAR_SQL, load, onBothDatabases, printP95 } from './support.mjs';

const channelKey = `'energy' || coalesce(d.props->>'channel', '')`;
const DATA_SQL = [
  ...ENERGY_YEAR_SQL,
  // Counter readings every 5 minutes for two days: 1 kWh an hour, and 0.5 kWh more every third hour.
  `insert into telemetry_raw (device_id, key, ts, num)
   select d.id, ${channelKey}, ts,
     extract(epoch from ts - (date_trunc('hour', now()) - interval '2 days')) / 3600.0
       + 0.5 * floor(extract(epoch from ts - (date_trunc('hour', now()) - interval '2 days')) / 10800.0) + d.id
   from devices d
   cross join generate_series(date_trunc('hour', now()) - interval '2 days', now(), interval '5 minutes') ts
   where d.category = 'ammeter'
   on conflict do nothing`,
  `insert into telemetry_counters (device_id, key, ts, value)
   select d.id, ${channelKey}, now(), 0 from devices d where d.category = 'ammeter'
   on conflict do nothing`,
];

const print = (label, result) => printP95(label, result, 48);

function dateBefore(days) {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

async function measure(label, server) {
  const api = await apiAs(server.url, 'manager', 'manager123');
  const { data: projects } = await api('POST', '/sbuilding/project/getList', { projectName: 'Demo Campus' });
  const projectId = projects.rows[0].id;
  const portfolio = (query) => async () => {
    const answer = await api('GET', `/sbuilding/energy/portfolio?${query}`);
    if (answer.code !== 200 || !(answer.data.projects[0]?.kwh > 0))
      throw new Error(`portfolio ${query}: ${JSON.stringify(answer).slice(0, 500)}`);
  };
  // The first YEAR call splits the year's channel-days by tariff period and into quarter hours.
  const first = performance.now();
  await portfolio('period=YEAR')();
  process.stdout.write(
    `${`${label}: portfolio YEAR, first call`.padEnd(48)} ${(performance.now() - first).toFixed(0)} ms\n`,
  );
  for (const period of ['DAY', 'WEEK', 'MONTH', 'YEAR']) {
    // 100 different anchors: the last 100 days (each a new cache key; the days are split already).
    let i = 1;
    const uncached = async () => portfolio(`period=${period}&anchor=${dateBefore(i++)}`)();
    await uncached(); // warm-up of this period's code path
    print(`${label}: portfolio ${period}`, await load(uncached, { total: 99, concurrency: 1 }));
  }
  print(
    `${label}: portfolio MONTH, shared (same query)`,
    await load(portfolio('period=MONTH'), { total: 100, concurrency: 1 }),
  );
  for (const period of ['DAY', 'MONTH']) {
    const demand = async () => {
      const answer = await api(
        'GET',
        `/sbuilding/board/energy/demand?projectId=${projectId}&period=${period}`,
      );
      if (answer.code !== 200 || !(answer.data.peak?.kw > 0))
        throw new Error(`demand: ${JSON.stringify(answer)}`);
    };
    await load(demand, { total: 5, concurrency: 1 });
    print(`${label}: board's peak demand ${period}`, await load(demand, { total: 100, concurrency: 1 }));
  }
}

await onBothDatabases(
  {
    name: 'portfolio',
    history: DATA_SQL,
    written: (channels) => `a year of rollups and two days of readings of ${channels} ammeter channels`,
    analyze: ['telemetry_hourly', 'telemetry_daily', 'telemetry_raw'],
  },
  measure,
);
