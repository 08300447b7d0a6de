// Many viewers on the boards at once: 200 concurrent users (each a signed-in session of its own) asking a board
// call over and over, on the demo campus; p50/p99 per call, on PGlite and, with BENCH_DATABASE_URL, on
// PostgreSQL. Board answers are shared between viewers for BOARD_CACHE_MS (modules/boards/routes.ts).
// Target (issue 18): p99 under 300 ms on PostgreSQL for 200 concurrent users on each board call.
// BENCH_BOARDS=air,light picks boards; BENCH_SKIP_PGLITE=1 measures PostgreSQL only.
import pg from 'pg';
import { apiAs, load, printRow, scratchDatabase, startServer } from './support.mjs';

const USERS = 200;
const REQUESTS = 2_000;

async function measure(label, server) {
  const first = await apiAs(server.url, 'manager', 'manager123');
  const { data: projects } = await first('POST', '/sbuilding/project/getList', {
    projectName: 'Demo Campus',
  });
  const projectId = projects.rows[0].id;
  const users = [];
  for (let i = 0; i < USERS; i++) users.push(await apiAs(server.url, 'display', 'display123'));
  const { data: halls } = await first('POST', '/sbuilding/hall/getList', { projectId });
  const buildingId = halls.rows?.[0]?.id ?? halls[0]?.id;
  // Each board page's opening call (the alarm board's counts; its list is paged per viewer's filter).
  const calls = {
    air: ['GET', `/sbuilding/board/air?projectId=${projectId}`],
    space: ['GET', `/sbuilding/board/space?projectId=${projectId}`],
    light: ['GET', `/sbuilding/board/light?buildingId=${buildingId}`],
    ac: ['GET', `/sbuilding/board/ac?projectId=${projectId}`],
    energy: ['GET', `/sbuilding/board/energy/summary?projectId=${projectId}&period=DAY`],
    overview: ['GET', `/sbuilding/board/overview?projectId=${projectId}`],
    alarm: ['POST', '/sbuilding/alert/counts', { projectId }],
  };
  // What the console does after sign-in, once per viewer and outside the figures: the first board measured
  // otherwise also pays the server's warm-up (its compiler and connection pool on the signed-in call path),
  // which made the air board, measured first, look slower than the rest.
  await Promise.all(
    users.map(async (call) => {
      const answer = await call('GET', '/getInfo');
      if (answer.code !== 200) throw new Error(`getInfo: ${JSON.stringify(answer).slice(0, 200)}`);
    }),
  );
  const only = process.env.BENCH_BOARDS?.split(',');
  for (const [board, [method, path, body]] of Object.entries(calls)) {
    if (only && !only.includes(board)) continue;
    let i = 0;
    const cpuBefore = server.cpuMs();
    const result = await load(
      async () => {
        const answer = await users[i++ % USERS](method, path, body);
        if (answer.code !== 200) throw new Error(`${board}: ${JSON.stringify(answer).slice(0, 200)}`);
      },
      { total: REQUESTS, concurrency: USERS },
    );
    printRow(`${label} ${board} board, ${USERS} users`, result);
    // The server's CPU per call hardly moves with the machine's load, unlike the latencies (support.mjs).
    const cpuAfter = server.cpuMs();
    if (cpuBefore !== null && cpuAfter !== null) {
      const perCall = (cpuAfter - cpuBefore) / REQUESTS;
      process.stdout.write(`${''.padEnd(44)} server CPU ${perCall.toFixed(2)} ms per call\n`);
    }
  }
}

if (!process.env.BENCH_SKIP_PGLITE) {
  const server = await startServer({ DISPLAY_SESSION_MAX_DAYS: '7' });
  try {
    await measure('PGlite', server);
  } finally {
    await server.stop();
  }
}
const adminUrl = process.env.BENCH_DATABASE_URL;
if (adminUrl) {
  const database = await scratchDatabase(adminUrl, pg);
  try {
    const server = await startServer({ DATABASE_URL: database.url });
    try {
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
