// The 10x campus of energy-10x.bench.mjs, written straight into a database (PGlite or PostgreSQL) whose
// server has migrated and seeded the demo: `q(sql)` runs a statement and answers {rows}.
export const COPIES = 10;
/** Id offset of each copy (the demo's ids are small): copy k's rows are the demo's ids + k × OFFSET. */
const OFFSET = 100_000;

/** Columns of a table, in order (the clone copies every column, shifting the ones named in `exprs`). */
async function columnsOf(q, table) {
  const { rows } = await q(
    `select column_name from information_schema.columns where table_schema = 'public' and table_name = '${table}' order by ordinal_position`,
  );
  return rows.map((r) => r.column_name);
}

const shift = (c) => `${c} + k * ${OFFSET}`;
const CLONE = {
  buildings: { id: shift('id'), name: `name || ' (' || (k + 1) || ')'` },
  floors: { id: shift('id'), building_id: shift('building_id') },
  zones: { id: shift('id'), floor_id: shift('floor_id') },
  devices: {
    id: shift('id'),
    building_id: shift('building_id'),
    floor_id: shift('floor_id'),
    zone_id: shift('zone_id'),
    parent_id: shift('parent_id'),
    identity: `"identity" || '/c' || k`,
    access_token: `access_token || 'c' || k`,
  },
};

export async function buildCampus(q) {
  const t0 = performance.now();
  for (const [table, exprs] of Object.entries(CLONE)) {
    const cols = await columnsOf(q, table);
    const select = cols.map((c) => exprs[c] ?? `"${c}"`).join(', ');
    await q(
      `insert into ${table} (${cols.map((c) => `"${c}"`).join(', ')})
       select ${select} from ${table} cross join generate_series(1, ${COPIES - 1}) k where id < ${OFFSET}`,
    );
    await q(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`);
  }
  // Each channel of a floor's meter in a room of its own (channel n: the floor's (n+1)-th zone).
  await q(`update devices d set zone_id = z.id
    from (select id, floor_id, row_number() over (partition by floor_id order by id) as n from zones) z
    where d.category = 'ammeter' and z.floor_id = d.floor_id and z.n = (d.props->>'channel')::int + 1`);
  const { rows } =
    await q(`select (select count(*) from buildings)::int as b, (select count(*) from floors)::int as f,
    (select count(*) from zones)::int as z, (select count(*) from devices)::int as d,
    (select count(*) from devices where category = 'ammeter')::int as ch, (select time_zone from projects order by id limit 1) as tz`);
  const c = rows[0];
  process.stdout.write(
    `campus: ${c.b} buildings, ${c.f} floors, ${c.z} zones, ${c.d} devices, ${c.ch} meter channels (${((performance.now() - t0) / 1000).toFixed(1)} s)\n`,
  );
  return c.tz;
}

/** Three years of rollups and two months of readings of every meter channel. */
export async function writeHistory(q, zone, years = 3) {
  const steps = [
    [
      'hourly rollups',
      // A working-hours profile (08-19 local: 1.4, else 0.6) × a per-channel size, and some noise; min/max
      // are the counter's readings at the hour's ends.
      `insert into telemetry_hourly (device_id, key, bucket, count, sum, min, max, delta)
       select id, key, h, 12, 1200, e, e + x, x from (
         select d.id, 'energy' || coalesce(d.props->>'channel', '') as key, h,
           extract(epoch from h) / 3600 - 400000 as e,
           (1 + (d.id % 7) * 0.1) * (0.6 + 0.8 * (extract(hour from h at time zone '${zone}') between 8 and 19)::int)
             + random() * 0.2 as x
         from devices d
         cross join generate_series(date_trunc('hour', now()) - interval '${years} years', date_trunc('hour', now()), interval '1 hour') h
         where d.category = 'ammeter') s
       on conflict do nothing`,
    ],
    [
      'daily rollups (sums of the hourly by local day)',
      `insert into telemetry_daily (device_id, key, day, count, sum, min, max, delta)
       select device_id, key, (bucket at time zone '${zone}')::date, sum(count)::int, sum(sum), min(min), max(max), sum(delta)
       from telemetry_hourly where key like 'energy%' group by 1, 2, 3
       on conflict do nothing`,
    ],
    [
      'readings every 15 minutes since the day before last month',
      // A counter rising at 1 ± 0.5 kWh/h (a daily wave) × the channel's size: always rising.
      `insert into telemetry_raw (device_id, key, ts, num)
       select d.id, 'energy' || coalesce(d.props->>'channel', ''), t,
         (1 + (d.id % 7) * 0.1) * (extract(epoch from t) / 3600 - 400000
           - 0.5 * 24 / (2 * pi()) * sin(2 * pi() * extract(epoch from t) / 86400))
       from devices d
       cross join generate_series(
         (date_trunc('month', now() at time zone '${zone}') - interval '1 month' - interval '1 day') at time zone '${zone}',
         now(), interval '15 minutes') t
       where d.category = 'ammeter'
       on conflict do nothing`,
    ],
    [
      'counters',
      `insert into telemetry_counters (device_id, key, ts, value)
       select device_id, key, max(ts), max(num) from telemetry_raw where key like 'energy%' group by 1, 2
       on conflict (device_id, key) do update set ts = excluded.ts, value = excluded.value`,
    ],
  ];
  for (const [label, statement] of steps) {
    const t0 = performance.now();
    const result = await q(statement);
    process.stdout.write(
      `  ${label}: ${result.affectedRows ?? result.rowCount ?? '?'} rows in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`,
    );
  }
}
