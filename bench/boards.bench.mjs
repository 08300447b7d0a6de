// Boards: every board's data call on the demo campus with a year of rollups (every ammeter channel hourly
// and daily for 365 days, and one key of every other device: daily for the year, hourly for 92 days, so the
// tables are not the energy board's alone). The history is written straight into the rollup tables (what a
// year of the simulator's backfill leaves there, in minutes rather than hours). Prints p50/p95/p99 of one user
// asking in turn, on PGlite and, with BENCH_DATABASE_URL, on PostgreSQL: the energy board for DAY, WEEK,
// MONTH and YEAR, then the overview, light, AC, air (and its 7-day trend) and space boards.
// Target (issue 6): p95 under 200 ms on PGlite and 50 ms on PostgreSQL.
import { apiAs, ENERGY_YEAR_SQL, load, onBothDatabases, printP95 } from './support.mjs';

const HISTORY_SQL = [
  ...ENERGY_YEAR_SQL,
  `insert into telemetry_daily (device_id, key, day, count, sum, min, max, delta)
   select d.id, 'temperature', day::date, 96, 2200, 20, 26, 0
   from devices d
   cross join generate_series(now() - interval '365 days', now(), interval '1 day') day
   where d.category <> 'ammeter'
   on conflict do nothing`,
  `insert into telemetry_hourly (device_id, key, bucket, count, sum, min, max, delta)
   select d.id, 'temperature', h, 4, 92, 22, 24, 0
   from devices d
   cross join generate_series(date_trunc('hour', now()) - interval '92 days', date_trunc('hour', now()), interval '1 hour') h
   where d.category <> 'ammeter'
   on conflict do nothing`,
];

async function measure(label, server) {
  const api = await apiAs(server.url, 'manager', 'manager123');
  const { data: projects } = await api('POST', '/sbuilding/project/getList', { projectName: 'Demo Campus' });
  const projectId = projects.rows[0].id;
  for (const period of ['DAY', 'WEEK', 'MONTH', 'YEAR']) {
    const call = async () => {
      const answer = await api(
        'GET',
        `/sbuilding/board/energy/summary?projectId=${projectId}&period=${period}`,
      );
      if (answer.code !== 200 || answer.data.energy <= 0)
        throw new Error(`${period}: ${JSON.stringify(answer)}`);
    };
    await load(call, { total: 10, concurrency: 1 }); // warm-up
    printP95(`${label}: energy ${period}`, await load(call, { total: 100, concurrency: 1 }));
  }
  const { data: halls } = await api('POST', '/sbuilding/hall/getList', {
    projectId,
    pageNum: 1,
    pageSize: 100,
  });
  const buildingId = halls.rows[0].id;
  const { data: sensors } = await api('POST', '/sbuilding/device/getList/v2', {
    projectId,
    model: 'sair4g',
    pageSize: 1,
  });
  const boards = [
    ['overview', `/sbuilding/board/overview?projectId=${projectId}`],
    ['light (one building)', `/sbuilding/board/light?buildingId=${buildingId}`],
    ['ac', `/sbuilding/board/ac?projectId=${projectId}`],
    ['air', `/sbuilding/board/air?projectId=${projectId}`],
    ['air trend, 7 days', `/sbuilding/board/air/trend?deviceId=${sensors.rows[0].id}&range=7d`],
    ['space', `/sbuilding/board/space?projectId=${projectId}`],
  ];
  for (const [name, url] of boards) {
    const call = async () => {
      const answer = await api('GET', url);
      if (answer.code !== 200) throw new Error(`${name}: ${JSON.stringify(answer)}`);
    };
    await load(call, { total: 10, concurrency: 1 }); // warm-up
    printP95(`${label}: ${name}`, await load(call, { total: 100, concurrency: 1 }));
  }
}

await onBothDatabases({ name: 'boards', history: HISTORY_SQL, written: () => 'a year of rollups' }, measure);
