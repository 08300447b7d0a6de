// Many viewers on the boards at once: 200 concurrent users (each a signed-in session of its own) asking a board
// call over and over, on the demo campus; p50/p99 per call, on PGlite and, with BENCH_DATABASE_URL, on
// PostgreSQL. Board answers are shared between viewers for BOARD_CACHE_MS (modules/boards/routes.ts).
// Target (issue 18): p99 under 300 ms on PostgreSQL for 200 concurrent users on each board call.
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
  const calls = {
    air: `/sbuilding/board/air?projectId=${projectId}`,
    space: `/sbuilding/board/space?projectId=${projectId}`,
  };
  for (const [board, path] of Object.entries(calls)) {
    let i = 0;
    const result = await load(
      async () => {
        const answer = await users[i++ % USERS]('GET', path);
        if (answer.code !== 200) throw new Error(`${board}: ${JSON.stringify(answer).slice(0, 200)}`);
      },
      { total: REQUESTS, concurrency: USERS },
    );
    printRow(`${label} ${board} board, ${USERS} users`, result);
  }
}

{
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
