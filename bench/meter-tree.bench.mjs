// The meter tree (issue 22): the tree call (every node's kWh, cost, carbon, kWh/m² and remainder) for a month
// and a year, and a month's bill of a tenant unit that is a virtual meter (floor − common areas), on the demo
// campus with its seeded tree, a year of rollups (every ammeter channel hourly and daily for 365 days, as
// energy-cost.bench.mjs writes them) and the demo five-period tariff. The first call of a period splits the
// channel-days by tariff period (printed as "first call"). Prints p50/p95/p99 of one user asking in turn, on
// PGlite and, with BENCH_DATABASE_URL, on PostgreSQL. Target (issue 22): p95 under 200 ms on PGlite and 50 ms
// on PostgreSQL.
import { apiAs, ENERGY_YEAR_SQL, load, onBothDatabases, printP95 as print } from './support.mjs';

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

await onBothDatabases(
  {
    name: 'tree',
    history: ENERGY_YEAR_SQL,
    written: (channels) => `a year of rollups of ${channels} ammeter channels`,
  },
  measure,
);
