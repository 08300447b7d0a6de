// Energy cost (issue 22): the energy board's cost call and a month's bill on the demo campus with a year of
// rollups (every ammeter channel hourly and daily for 365 days, as boards.bench.mjs writes them) and the demo
// five-period tariff. The first call of each period splits the channel-days by tariff period and stores them
// (printed as "first call"); later calls read the small table. Prints p50/p95/p99 of one user asking in turn,
// beside the summary call of the same period, on PGlite and, with BENCH_DATABASE_URL, on PostgreSQL.
// Target (issue 22): p95 under 200 ms on PGlite and 50 ms on PostgreSQL.
import { apiAs, ENERGY_YEAR_SQL, load, onBothDatabases, printP95 as print } from './support.mjs';

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
    // Viewers share an answer for the same query and minute (priced-caches.ts), so the calls above mostly measure
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

await onBothDatabases(
  {
    name: 'cost',
    history: ENERGY_YEAR_SQL,
    written: (channels) => `a year of rollups of ${channels} ammeter channels`,
  },
  measure,
);
