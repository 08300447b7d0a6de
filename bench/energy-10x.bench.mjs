// Energy at ten times the demo (issue 22): the demo campus cloned ten times in SQL (20 buildings, 60 floors,
// 600 zones, ~1,800 devices, 240 meter channels; each channel of a floor's 4-channel meter marked in a room of
// its own, so every floor has four tenant units with a meter), three years of hourly rollups (a working-hours
// profile), the daily rollups summed from them by local day, readings every 15 minutes (a meter read each quarter
// hour) from the day before last month to now (the peak-demand quarters of last month's and this month's bills),
// the demo's five-period tariff and emission factor, all written straight into the tables (generate_series).
// Then, on PGlite and, with BENCH_DATABASE_URL, on a PostgreSQL database created and dropped for the run:
//   1. every energy and bill call (callsOf below) for one user asking in turn: first call, p50/p95/p99;
//   2. PostgreSQL only: 200 concurrent users (each a session of its own) on each call: p50/p99;
//   3. last month's bill of every bill node (building, floor, zone) as PDF (Chinese): total time.
// Targets (issue 22): p95 < 200 ms PGlite, < 50 ms PostgreSQL; p99 < 300 ms with 200 users on PostgreSQL;
// every unit's PDF bill < 30 s. Knobs: BENCH_YEARS (3), BENCH_N (50 calls per call), BENCH_USERS (200),
// BENCH_REQUESTS (calls per call under load; one per user by default: at 200 users a cost YEAR takes minutes),
// BENCH_PDF_CONCURRENCY (2), BENCH_SKIP_PGLITE=1, BENCH_ONLY=a,b (call names containing a or b).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { buildCampus, writeHistory } from './energy-10x-data.mjs';
import { apiAs, load, percentile, scratchDatabase, startServer } from './support.mjs';

const YEARS = Number(process.env.BENCH_YEARS ?? 3);
const N = Number(process.env.BENCH_N ?? 50);
const USERS = Number(process.env.BENCH_USERS ?? 200);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? USERS);
const PDF_CONCURRENCY = Number(process.env.BENCH_PDF_CONCURRENCY ?? 2);
const ONLY = process.env.BENCH_ONLY?.split(',');

const TARGET = { PGlite: 200, PostgreSQL: 50 };
const TARGET_LOAD = 300;
const TARGET_PDF_S = 30;

/** Local month strings of the project time zone. */
function months(zone) {
  const now = new Date();
  const local = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  })
    .format(now)
    .slice(0, 10);
  const y = Number(local.slice(0, 4));
  const m = Number(local.slice(5, 7));
  const last = m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
  return { today: local, lastMonth: last };
}

/**
 * The calls measured, each [name, path] (GET): add a line to measure a new call. `ctx` has the project, a
 * building, floor and zone bill node, last month and today. A call answering code 200 counts; a call whose
 * route does not exist (404 from the router) is left out with a note.
 */
function callsOf(ctx) {
  const p = `projectId=${ctx.projectId}`;
  const bill = (level, id) =>
    `/sbuilding/energy/bill?${p}&month=${ctx.lastMonth}&level=${level}&nodeId=${id}`;
  return [
    ...['DAY', 'WEEK', 'MONTH', 'YEAR'].map((period) => [
      `summary ${period}`,
      `/sbuilding/board/energy/summary?${p}&period=${period}`,
    ]),
    ...['DAY', 'WEEK', 'MONTH', 'YEAR'].map((period) => [
      `cost ${period}`,
      `/sbuilding/board/energy/cost?${p}&period=${period}`,
    ]),
    ['bill nodes', `/sbuilding/energy/bill/nodes?${p}`],
    ['bill of a building', bill('building', ctx.building)],
    ['bill of a floor', bill('floor', ctx.floor)],
    ['bill of a zone', bill('zone', ctx.zone)],
    ['tariff day', `/sbuilding/energy/tariff/day?${p}&date=${ctx.today}`],
    ['tariff list', `/sbuilding/energy/tariff/list?${p}`],
    // The portfolio (another branch): measured once it is on the branch run, left out (404) before.
    ['portfolio MONTH', `/sbuilding/energy/portfolio?period=MONTH`],
    ['portfolio YEAR', `/sbuilding/energy/portfolio?period=YEAR`],
  ].filter(([name]) => !ONLY || ONLY.some((o) => name.includes(o)));
}

const rows = [];
const f0 = (n) => (Number.isFinite(n) ? n.toFixed(0) : '-');

async function measure(label, server, isPg) {
  const api = await apiAs(server.url, 'manager', 'manager123');
  const { data: projects } = await api('POST', '/sbuilding/project/getList', { projectName: 'Demo Campus' });
  const projectId = projects.rows[0].id;
  const { data: nodes } = await api('GET', `/sbuilding/energy/bill/nodes?projectId=${projectId}`);
  const tz = (await api('GET', `/sbuilding/board/energy/summary?projectId=${projectId}&period=DAY`)).data
    .timeZone;
  const { today, lastMonth } = months(tz);
  // The last building (a copy), its first floor, and a zone of it holding a meter channel.
  const building = nodes.filter((n) => n.level === 'building').at(-1);
  const floor = nodes.find((n) => n.level === 'floor' && n.parentId === building.id);
  const zone = nodes.filter((n) => n.level === 'zone' && n.parentId === floor.id)[1];
  const ctx = { projectId, building: building.id, floor: floor.id, zone: zone.id, lastMonth, today };
  const calls = [];
  for (const [name, url] of callsOf(ctx)) {
    const once = async (call = api) => {
      const answer = await call('GET', url);
      if (answer.code !== 200) throw new Error(`${name}: ${JSON.stringify(answer).slice(0, 300)}`);
    };
    const t0 = performance.now();
    const probe = await api('GET', url);
    const firstMs = performance.now() - t0;
    if (probe.code === 404 && name.startsWith('portfolio')) {
      process.stdout.write(`${label}: ${name}: not on this branch (404), left out\n`);
      continue;
    }
    if (probe.code !== 200) throw new Error(`${name}: ${JSON.stringify(probe).slice(0, 300)}`);
    await load(() => once(), { total: 5, concurrency: 1 });
    const { latencies } = await load(() => once(), { total: N, concurrency: 1 });
    const row = {
      db: label,
      name,
      first: firstMs,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
    };
    rows.push(row);
    calls.push([name, url]);
    process.stdout.write(
      `${`${label}: ${name}`.padEnd(34)} first ${f0(row.first).padStart(6)} ms  p50 ${f0(row.p50).padStart(5)}  p95 ${f0(row.p95).padStart(5)}  p99 ${f0(row.p99).padStart(5)} ms  (target p95 < ${TARGET[label]})\n`,
    );
  }

  if (isPg) {
    // Each user a session of its own: display users, or managers for the calls the display role may not make
    // (the portfolio is a manager's page).
    const sessions = async (user, password) => {
      const list = [];
      for (let i = 0; i < USERS; i++) list.push(await apiAs(server.url, user, password));
      return list;
    };
    const displays = await sessions('display', 'display123');
    let managers;
    for (const [name, url] of calls) {
      let users = displays;
      if ((await users[0]('GET', url)).code === 403)
        users = managers ??= await sessions('manager', 'manager123');
      const probe = await users[0]('GET', url);
      if (probe.code !== 200) {
        process.stdout.write(`${label}: ${name}: answers ${probe.code} under load, left out\n`);
        continue;
      }
      let i = 0;
      const cpu0 = server.cpuMs();
      const result = await load(
        async () => {
          const answer = await users[i++ % USERS]('GET', url);
          if (answer.code !== 200) throw new Error(`${name}: ${JSON.stringify(answer).slice(0, 300)}`);
        },
        { total: REQUESTS, concurrency: USERS },
      );
      const cpu1 = server.cpuMs();
      const row = rows.find((r) => r.db === label && r.name === name);
      row.loadP50 = percentile(result.latencies, 50);
      row.loadP99 = percentile(result.latencies, 99);
      row.rps = (result.latencies.length / result.wallMs) * 1000;
      row.cpu = cpu0 === null || cpu1 === null ? NaN : (cpu1 - cpu0) / REQUESTS;
      process.stdout.write(
        `${`${label}: ${name}, ${USERS} users`.padEnd(34)} ${f0(row.rps).padStart(5)} req/s  p50 ${f0(row.loadP50).padStart(5)}  p99 ${f0(row.loadP99).padStart(5)} ms  server CPU ${row.cpu.toFixed(1)} ms/call (target p99 < ${TARGET_LOAD})\n`,
      );
    }
  }

  // Last month's bill of every node as PDF, in Chinese; a node without a meter channel answers 400.
  const t0 = performance.now();
  let pdfs = 0;
  let bytes = 0;
  let empty = 0;
  let next = 0;
  const cpu0 = server.cpuMs();
  await Promise.all(
    Array.from({ length: PDF_CONCURRENCY }, async () => {
      while (next < nodes.length) {
        const node = nodes[next++];
        const res = await fetch(
          `${server.url}/sbuilding/energy/bill/file?projectId=${projectId}&month=${lastMonth}&level=${node.level}&nodeId=${node.id}&format=pdf`,
          { headers: { authorization: `Bearer ${api.token}`, lang: 'ZH' } },
        );
        const body = await res.arrayBuffer();
        if (res.status === 400) empty++;
        else if (!res.ok || body.byteLength < 1000)
          throw new Error(`pdf ${node.level} ${node.id}: ${res.status}`);
        else {
          pdfs++;
          bytes += body.byteLength;
        }
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  const cpu1 = server.cpuMs();
  rows.push({
    db: label,
    name: 'pdf',
    seconds,
    pdfs,
    empty,
    bytes,
    cpu: cpu0 === null ? NaN : (cpu1 - cpu0) / 1000,
  });
  process.stdout.write(
    `${label}: ${lastMonth} bills as PDF: ${pdfs} nodes with meters (${(bytes / 1e6).toFixed(1)} MB) and ${empty} without (400) in ${seconds.toFixed(1)} s, ${PDF_CONCURRENCY} at a time, server CPU ${f0(rows.at(-1).cpu)} s (target < ${TARGET_PDF_S} s)\n`,
  );
}

function table() {
  process.stdout.write(
    `\nload average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} (${os.cpus().length} cores)\n`,
  );
  process.stdout.write(
    `| call | PGlite first | PGlite p50 / p95 | PostgreSQL first | PostgreSQL p50 / p95 | ${USERS} users p99 (PostgreSQL) |\n|---|---|---|---|---|---|\n`,
  );
  const names = [...new Set(rows.filter((r) => r.name !== 'pdf').map((r) => r.name))];
  const mark = (v, target) => (Number.isFinite(v) ? `${f0(v)}${v < target ? '' : ' ✗'}` : '-');
  for (const name of names) {
    const a = rows.find((r) => r.db === 'PGlite' && r.name === name);
    const b = rows.find((r) => r.db === 'PostgreSQL' && r.name === name);
    process.stdout.write(
      `| ${name} | ${a ? f0(a.first) : '-'} | ${a ? `${f0(a.p50)} / ${mark(a.p95, TARGET.PGlite)}` : '-'} | ${b ? f0(b.first) : '-'} | ${b ? `${f0(b.p50)} / ${mark(b.p95, TARGET.PostgreSQL)}` : '-'} | ${b ? mark(b.loadP99, TARGET_LOAD) : '-'} |\n`,
    );
  }
  for (const r of rows.filter((x) => x.name === 'pdf'))
    process.stdout.write(
      `| ${r.db}: every unit's bill as PDF | ${r.pdfs} PDFs (${r.empty} nodes without a meter) in ${r.seconds.toFixed(1)} s${r.seconds < TARGET_PDF_S ? '' : ' ✗'} |\n`,
    );
}

if (!process.env.BENCH_SKIP_PGLITE) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-bench-10x-'));
  try {
    await (await startServer({ DATA_DIR: dataDir })).stop();
    const db = new PGlite(path.join(dataDir, 'pglite'));
    const t0 = performance.now();
    const zone = await buildCampus((s) => db.query(s));
    await writeHistory((s) => db.query(s), zone, YEARS);
    await db.query('analyze');
    await db.close();
    process.stdout.write(`PGlite: data set written in ${((performance.now() - t0) / 1000).toFixed(0)} s\n`);
    const server = await startServer({ DATA_DIR: dataDir });
    try {
      await measure('PGlite', server, false);
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
    // First start: migrations and the demo; the campus and its history go in while the server is down.
    await (await startServer({ DATABASE_URL: database.url })).stop();
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const t0 = performance.now();
    const q = (s) => client.query(s);
    const zone = await buildCampus(q);
    await writeHistory(q, zone, YEARS);
    await client.query('analyze');
    await client.end();
    process.stdout.write(
      `PostgreSQL: data set written in ${((performance.now() - t0) / 1000).toFixed(0)} s\n`,
    );
    const server = await startServer({ DATABASE_URL: database.url, DISPLAY_SESSION_MAX_DAYS: '7' });
    try {
      await measure('PostgreSQL', server, true);
    } finally {
      await server.stop();
    }
  } finally {
    await database.drop();
  }
} else {
  process.stdout.write('(set BENCH_DATABASE_URL=postgres://… to measure on PostgreSQL too)\n');
}
table();
