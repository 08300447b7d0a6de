// Sign-in and session checks: what every API call pays for authentication.
// Prints sign-in latency (argon2id-bound by design) and authenticated GET /getInfo throughput, on the
// embedded database and, when BENCH_DATABASE_URL is set, on PostgreSQL.
import pg from 'pg';
import { load, printRow, startServer } from './support.mjs';

async function run(label, env) {
  const server = await startServer(env);
  try {
    const signIn = async () => {
      const res = await fetch(`${server.url}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'manager', password: 'manager123' }),
      });
      const body = await res.json();
      if (body.code !== 200) throw new Error(`login failed: ${JSON.stringify(body)}`);
      return body.data.token;
    };
    printRow(`${label}: POST /login`, await load(signIn, { total: 40, concurrency: 2 }));
    const token = await signIn();
    const getInfo = async () => {
      const res = await fetch(`${server.url}/getInfo`, { headers: { authorization: `Bearer ${token}` } });
      if (res.status !== 200) throw new Error(`getInfo ${res.status}`);
      await res.arrayBuffer();
    };
    await load(getInfo, { total: 500, concurrency: 16 }); // warm-up
    printRow(`${label}: GET /getInfo (16 in flight)`, await load(getInfo, { total: 5000, concurrency: 16 }));
  } finally {
    await server.stop();
  }
}

await run('PGlite', {});
const adminUrl = process.env.BENCH_DATABASE_URL;
if (adminUrl) {
  const name = `sb_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    await run('PostgreSQL', { DATABASE_URL: url.toString() });
  } finally {
    await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
    await admin.end();
  }
} else {
  process.stdout.write('(set BENCH_DATABASE_URL=postgres://… to measure on PostgreSQL too)\n');
}
