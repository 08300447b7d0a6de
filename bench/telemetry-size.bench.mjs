// Telemetry sizes (issue 22, "data that lasts years"): bytes a device's readings take per year, raw and rolled up,
// measured with pg_total_relation_size (tables, indexes, TOAST, free-space and visibility maps) on PGlite and, with
// BENCH_DATABASE_URL, on PostgreSQL. Devices report every 15 s as the simulator does (DEFAULT_REPORT_INTERVAL_MS):
// an air sensor its 4 numbers (co2, ch2o, temperature, humidity), a meter channel 2 (power and its energy
// counter). DAYS days of readings are written in time order (as they arrive: every device's readings of one
// instant, then the next instant) and scaled to a year; a whole year of hourly and daily rollups and, for the
// meters, of demand quarters (small rows: a few days would measure mostly empty pages). Needs the server built
// (npx tsc -b apps/server). Run: npm run bench telemetry-size.
import pg from 'pg';
import { openDatabase } from '../apps/server/dist/platform/db/client.js';
import { scratchDatabase } from './support.mjs';

const DAYS = Number(process.env.SIZE_DAYS ?? 2);
const SENSORS = 10;
const METERS = 10;
const STEP_S = 15;
const SENSOR_KEYS = ['co2', 'ch2o', 'temperature', 'humidity'];
const METER_KEYS = ['power', 'energy'];
const START = '2030-01-01T00:00:00Z';

const tables = {
  raw: `select coalesce(sum(pg_total_relation_size(relid)), 0)::float8 as bytes from pg_partition_tree('telemetry_raw')`,
  hourly: `select pg_total_relation_size('telemetry_hourly')::float8 as bytes`,
  daily: `select pg_total_relation_size('telemetry_daily')::float8 as bytes`,
  quarters: `select pg_total_relation_size('energy_demand_quarters')::float8 as bytes`,
};

/** The readings of `days` days from START, in time order, then their rollups; what each table grew by. */
async function measure(label, query) {
  const one = async (sql) => (await query(sql))[0];
  // Sizes only: the rows point at device ids 1..20 without the devices themselves (foreign keys off).
  await query('set session_replication_role = replica');
  // The partitions of the measured days (retention makes them ahead on a running server).
  await query(`create table if not exists telemetry_raw_p203001 partition of telemetry_raw
    for values from ('2030-01-01T00:00:00Z') to ('2030-02-01T00:00:00Z')`);
  if (DAYS > 31) throw new Error('SIZE_DAYS: at most 31 (one partition)');
  const before = {};
  for (const [name, sql] of Object.entries(tables)) before[name] = (await one(sql)).bytes;
  const series = [
    ...Array.from({ length: SENSORS }, (_, i) => SENSOR_KEYS.map((key) => [i + 1, key])).flat(),
    ...Array.from({ length: METERS }, (_, i) => METER_KEYS.map((key) => [SENSORS + i + 1, key])).flat(),
  ];
  const values = series.map(([id, key]) => `(${id}, '${key}')`).join(', ');
  const started = performance.now();
  // An hour a statement, so PGlite's memory stays small; each hour in arrival order.
  for (let hour = 0; hour < DAYS * 24; hour++) {
    await query(`insert into telemetry_raw (device_id, key, ts, num)
      select s.id, s.key, t,
        case s.key
          when 'co2' then round(400 + random() * 600)
          when 'ch2o' then round((random() * 0.1)::numeric, 3)::float8
          when 'temperature' then round((18 + random() * 8)::numeric, 2)::float8
          when 'humidity' then round((30 + random() * 40)::numeric, 1)::float8
          when 'power' then round((random() * 5000)::numeric, 1)::float8
          else round((10000 + extract(epoch from t - '${START}'::timestamptz) / 3600 * 2 + random())::numeric, 3)::float8
        end
      from generate_series('${START}'::timestamptz + interval '${hour} hours',
        '${START}'::timestamptz + interval '${hour + 1} hours' - interval '1 second', interval '${STEP_S} seconds') t
      cross join (values ${values}) as s(id, key)
      order by t, s.id, s.key`);
  }
  const year = `'${START}'::timestamptz + interval '365 days' - interval '1 second'`;
  const rollup = (
    table,
    column,
    step,
  ) => `insert into ${table} (device_id, key, ${column}, count, sum, min, max, delta)
    select s.id, s.key, b${column === 'day' ? '::date' : ''}, ${step / STEP_S}, ${step / STEP_S} * 21.5, 18, 26,
      case when s.key = 'energy' then 2 * ${step / 3600} + random() else 0 end
    from generate_series('${START}'::timestamptz, ${year}, interval '${step} seconds') b
    cross join (values ${values}) as s(id, key)
    order by b, s.id, s.key`;
  await query(rollup('telemetry_hourly', 'bucket', 3600));
  await query(rollup('telemetry_daily', 'day', 86400));
  await query(`insert into energy_demand_quarters (device_id, quarter, kwh)
    select id, q, 0.5 + random() from generate_series('${START}'::timestamptz, ${year}, interval '15 minutes') q
    cross join generate_series(${SENSORS + 1}, ${SENSORS + METERS}) id order by q, id`);
  await query('vacuum analyze');
  const ms = performance.now() - started;
  const grew = {};
  for (const [name, sql] of Object.entries(tables)) grew[name] = (await one(sql)).bytes - before[name];
  const rows = (await one(`select count(*)::float8 as n from telemetry_raw`)).n;
  const perSeriesYear = (bytes) => (bytes / series.length / DAYS) * 365;
  const raw = perSeriesYear(grew.raw);
  const hourly = grew.hourly / series.length;
  const daily = grew.daily / series.length;
  const quarters = grew.quarters / METERS;
  const mb = (b) => `${(b / 1e6).toFixed(1)} MB`;
  const kb = (b) => `${(b / 1e3).toFixed(0)} kB`;
  process.stdout.write(
    `${label}: ${rows} readings of ${series.length} keys over ${DAYS} days written and measured in ${(ms / 1000).toFixed(1)} s` +
      ` (raw ${(grew.raw / rows).toFixed(1)} bytes a reading with its index)\n` +
      `${label}: one key every ${STEP_S} s, a year: raw ${mb(raw)}, hourly rollups ${kb(hourly)}, daily ${kb(daily)}\n` +
      `${label}: an air sensor (4 keys), a year: raw ${mb(4 * raw)}, rolled up ${kb(4 * (hourly + daily))}\n` +
      `${label}: a meter channel (2 keys), a year: raw ${mb(2 * raw)}, rolled up ${kb(2 * (hourly + daily))} + demand quarters ${kb(quarters)}\n`,
  );
}

{
  const database = await openDatabase({});
  try {
    await measure('PGlite', async (sql) => {
      const result = await database.db.$client.query(sql);
      return result.rows;
    });
  } finally {
    await database.close();
  }
}

const adminUrl = process.env.BENCH_DATABASE_URL;
if (adminUrl) {
  const scratch = await scratchDatabase(adminUrl, pg);
  try {
    const database = await openDatabase({ url: scratch.url });
    await database.close();
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    try {
      await measure('PostgreSQL', async (sql) => (await client.query(sql)).rows);
    } finally {
      await client.end();
    }
  } finally {
    await scratch.drop();
  }
} else {
  process.stdout.write('(set BENCH_DATABASE_URL=postgres://… to measure on PostgreSQL too)\n');
}
