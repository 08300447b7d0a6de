// npm run cluster: the whole cluster on this machine (deploy/README.md). Three NATS servers (routes between
// them, JetStream), a fresh PostgreSQL database, three server nodes, HAProxy in front of HTTP/WebSocket and
// MQTT, and the building simulator driving the demo campus through HAProxy. Ctrl-C stops it all.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const env = process.env;
const NODES = 3;
const NATS_BIN = env.CLUSTER_NATS_SERVER ?? '/usr/sbin/nats-server';
const HAPROXY_BIN = env.CLUSTER_HAPROXY ?? '/usr/sbin/haproxy';
const DIR = path.resolve(env.CLUSTER_DIR ?? path.join(ROOT, '.cluster'));
const ADMIN_URL = env.CLUSTER_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = env.CLUSTER_DATABASE_NAME ?? 'sbuilding_cluster';
const HOST = '127.0.0.1';

const say = (line) => console.log(`[cluster] ${line}`);

/** A free TCP port (asked of the kernel, then released), or the configured one. */
async function port(configured, name) {
  if (configured !== undefined && configured !== '') {
    const value = Number(configured);
    if (!Number.isInteger(value) || value < 1 || value > 65535)
      throw new Error(`${name}: not a port: ${configured}`);
    return value;
  }
  const server = net.createServer();
  await new Promise((resolve) => server.listen(0, HOST, resolve));
  const { port: free } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return free;
}

/** Ports listed in CLUSTER_NODE_PORTS etc. ("8081,8082,8083"), else free ones. */
async function ports(list, name) {
  const given = list ? list.split(',').map((p) => p.trim()) : [];
  if (given.length > 0 && given.length !== NODES)
    throw new Error(`${name}: expected ${NODES} ports, got ${list}`);
  const out = [];
  for (let i = 0; i < NODES; i++) out.push(await port(given[i], name));
  return out;
}

function fill(template, values) {
  return template.replace(/\{\{(\w+)\}\}/g, (_, key) => {
    if (!(key in values)) throw new Error(`template field ${key} has no value`);
    return String(values[key]);
  });
}

const children = [];
let stopping = false;
/** Once all is up, a process that dies is reported, not the end: the cluster carries on without it. */
let running = false;

/**
 * Starts a process with its output in DIR/logs/<name>.log. One that exits while the cluster starts stops all
 * (unless it is a job that is meant to end, `finite`); once all runs, its exit is only reported.
 */
function start(name, command, args, extraEnv = {}, { finite = false } = {}) {
  const logFile = path.join(DIR, 'logs', `${name}.log`);
  const out = fs.openSync(logFile, 'a');
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...env, ...extraEnv },
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  const entry = { name, child, logFile, exited: null };
  entry.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  children.push(entry);
  void entry.exited.then(({ code, signal }) => {
    if (stopping || finite) return;
    if (running) {
      say(`${name} exited (${signal ?? code}); see ${logFile}. The others carry on; Ctrl-C stops them.`);
      return;
    }
    say(`${name} exited (${signal ?? code}) while starting; see ${logFile}. Stopping everything.`);
    void stopAll(1);
  });
  child.once('error', (error) => {
    if (!stopping) {
      say(`${name} could not start: ${error.message}`);
      void stopAll(1);
    }
  });
  return entry;
}

async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  say('stopping…');
  // The simulator first (its devices disconnect cleanly), then HAProxy, the nodes, and NATS last.
  const order = ['simulator', 'haproxy', ...[...Array(NODES).keys()].map((i) => `node${i + 1}`)];
  const rank = (name) => (order.includes(name) ? order.indexOf(name) : order.length);
  const sorted = [...children].sort((a, b) => rank(a.name) - rank(b.name));
  for (const entry of sorted) {
    if (entry.child.exitCode !== null || entry.child.signalCode !== null || entry.child.pid === undefined)
      continue;
    entry.child.kill('SIGTERM');
    const killer = setTimeout(() => entry.child.kill('SIGKILL'), 10_000);
    await entry.exited;
    clearTimeout(killer);
  }
  say('all stopped.');
  process.exit(code);
}

process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));

async function until(what, check, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (stopping) throw new Error('stopping');
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const healthy = (url) => async () => (await fetch(`${url}/health`)).ok;
const accepts = (p) => () =>
  new Promise((resolve) => {
    const socket = net.connect(p, HOST, () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

function build() {
  const needed = ['apps/server/dist/main.js', 'apps/web/dist/index.html', 'apps/simulator/dist/cli.js'];
  if (env.CLUSTER_BUILD !== 'always' && needed.every((file) => fs.existsSync(path.join(ROOT, file)))) return;
  say('building (npm run build)…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('npm run build failed');
}

async function main() {
  for (const [bin, name] of [
    [NATS_BIN, 'nats-server (apt-get install nats-server, or CLUSTER_NATS_SERVER)'],
    [HAPROXY_BIN, 'haproxy (apt-get install haproxy, or CLUSTER_HAPROXY)'],
  ])
    if (!fs.existsSync(bin)) throw new Error(`${bin} is missing: ${name}`);
  build();

  fs.rmSync(DIR, { recursive: true, force: true });
  fs.mkdirSync(path.join(DIR, 'logs'), { recursive: true });
  fs.mkdirSync(path.join(DIR, 'files'), { recursive: true });

  const httpPort = await port(env.CLUSTER_HTTP_PORT, 'CLUSTER_HTTP_PORT');
  const mqttPort = await port(env.CLUSTER_MQTT_PORT, 'CLUSTER_MQTT_PORT');
  const nodePorts = await ports(env.CLUSTER_NODE_PORTS, 'CLUSTER_NODE_PORTS');
  const nodeMqttPorts = await ports(env.CLUSTER_NODE_MQTT_PORTS, 'CLUSTER_NODE_MQTT_PORTS');
  const natsPorts = await ports(env.CLUSTER_NATS_PORTS, 'CLUSTER_NATS_PORTS');
  const routePorts = await ports(env.CLUSTER_NATS_ROUTE_PORTS, 'CLUSTER_NATS_ROUTE_PORTS');
  const monitorPorts = await ports(env.CLUSTER_NATS_MONITOR_PORTS, 'CLUSTER_NATS_MONITOR_PORTS');

  // A fresh database: dropped if it exists, created empty; the first node migrates and seeds it.
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect().catch((error) => {
    throw new Error(`CLUSTER_DATABASE_URL: cannot connect to ${ADMIN_URL}: ${error.message}`);
  });
  if (!/^[a-z_][a-z0-9_]*$/.test(DB_NAME))
    throw new Error(`CLUSTER_DATABASE_NAME: not a plain name: ${DB_NAME}`);
  await admin.query(`drop database if exists ${DB_NAME} with (force)`);
  await admin.query(`create database ${DB_NAME}`);
  await admin.end();
  const databaseUrl = new URL(ADMIN_URL);
  databaseUrl.pathname = `/${DB_NAME}`;
  say(`database ${DB_NAME} created fresh on ${databaseUrl.host}`);

  // NATS: three servers, each with routes to all three.
  const natsTemplate = fs.readFileSync(path.join(ROOT, 'deploy/nats.conf'), 'utf8');
  const routes = routePorts.map((p) => `    nats-route://${HOST}:${p}`).join('\n');
  for (let i = 0; i < NODES; i++) {
    const name = `nats${i + 1}`;
    const conf = path.join(DIR, `${name}.conf`);
    fs.writeFileSync(
      conf,
      fill(natsTemplate, {
        NAME: name,
        HOST,
        CLIENT_PORT: natsPorts[i],
        CLUSTER_PORT: routePorts[i],
        MONITOR_PORT: monitorPorts[i],
        STORE_DIR: path.join(DIR, name), // nats-server adds jetstream/
        ROUTES: routes,
      }),
    );
    start(name, NATS_BIN, ['-c', conf]);
  }
  await until('the NATS servers', async () =>
    (await Promise.all(natsPorts.map((p) => accepts(p)()))).every(Boolean),
  );
  const natsUrl = natsPorts.map((p) => `nats://${HOST}:${p}`).join(',');
  say(`NATS cluster up: ${natsUrl}`);

  // The nodes: the first migrates and seeds the database, the other two join it.
  const common = {
    NODE_ENV: 'production',
    HOST,
    DATABASE_URL: databaseUrl.toString(),
    NATS_URL: natsUrl,
    FILES_DIR: path.join(DIR, 'files'),
    SIMULATOR: 'off',
    // The launcher signs in as the demo campus's manager to run the simulator: no captcha on this demo.
    CAPTCHA_ENABLED: env.CAPTCHA_ENABLED ?? 'false',
    // HAProxy runs on this machine: its X-Forwarded-For (a client's own address) is the one that counts.
    TRUST_PROXY: '127.0.0.1,::1',
  };
  const nodeUrls = nodePorts.map((p) => `http://${HOST}:${p}`);
  const startNode = (i) =>
    start(`node${i + 1}`, process.execPath, ['--max-semi-space-size=64', 'apps/server/dist/main.js'], {
      ...common,
      PORT: String(nodePorts[i]),
      MQTT_PORT: String(nodeMqttPorts[i]),
      DATA_DIR: path.join(DIR, `node${i + 1}`),
    });
  startNode(0);
  say(`node1 starting (migrating and seeding the database)…`);
  await until('node1', healthy(nodeUrls[0]));
  for (let i = 1; i < NODES; i++) startNode(i);
  await until('node2 and node3', async () =>
    (await Promise.all(nodeUrls.slice(1).map((u) => healthy(u)()))).every(Boolean),
  );
  say(`nodes up: ${nodeUrls.join(' ')}`);

  // HAProxy in front.
  const bind = env.CLUSTER_BIND ?? HOST;
  const haproxyConf = path.join(DIR, 'haproxy.cfg');
  fs.writeFileSync(
    haproxyConf,
    fill(fs.readFileSync(path.join(ROOT, 'deploy/haproxy.cfg'), 'utf8'), {
      BIND: bind,
      HTTP_PORT: httpPort,
      MQTT_PORT: mqttPort,
      HTTP_SERVERS: [
        ...nodePorts.map((p, i) => `    server node${i + 1} ${HOST}:${p} check`),
        ...nodePorts.map((p, i) => `    server node${i + 1}-any ${HOST}:${p} backup`),
      ].join('\n'),
      MQTT_SERVERS: nodeMqttPorts.map((p, i) => `    server node${i + 1} ${HOST}:${p} check`).join('\n'),
    }),
  );
  // -db: foreground, log to stdout; -W would add a master process.
  start('haproxy', HAPROXY_BIN, ['-db', '-f', haproxyConf]);
  const balancer = `http://${HOST}:${httpPort}`;
  await until('HAProxy', healthy(balancer));

  // The simulator: the demo campus's devices through the balancer, as the built-in one runs beside a node.
  const login = await fetch(`${balancer}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'manager', password: 'manager123', uuid: '', code: '' }),
  });
  if (!login.ok)
    throw new Error(`signing in as manager through HAProxy: ${login.status} ${await login.text()}`);
  const { data } = await login.json();
  const simArgs = [
    'apps/simulator/dist/cli.js',
    '--api',
    balancer,
    '--token',
    data.token,
    '--mqtt',
    `mqtt://${HOST}:${mqttPort}`,
  ];
  const backfillDays = Number(env.CLUSTER_BACKFILL_DAYS ?? 0);
  if (backfillDays > 0) {
    say(`writing ${backfillDays} days of history through HAProxy…`);
    // A child like the others (not spawnSync): Ctrl-C meanwhile stops it and everything else.
    const history = start(
      'backfill',
      process.execPath,
      [...simArgs, '--backfill', `${backfillDays}d`, '--step', '60', '--detail', '7d'],
      {},
      { finite: true },
    );
    const { code } = await history.exited;
    if (stopping) return;
    if (code !== 0) throw new Error(`the backfill failed; see ${history.logFile}`);
  }
  if (stopping) return;
  start('simulator', process.execPath, [...simArgs, '--speed', env.SIM_SPEED ?? '1']);

  const shown = bind === '0.0.0.0' ? 'localhost' : bind;
  say('');
  say(`console:  http://${shown}:${httpPort}   (manager / manager123, admin / admin123)`);
  say(`devices:  mqtt://${shown}:${mqttPort}`);
  say(`nodes:    ${nodeUrls.join('  ')}   (MQTT ${nodeMqttPorts.join(', ')})`);
  say(
    `NATS:     ${natsUrl}   (monitoring ${monitorPorts.map((p) => `http://${HOST}:${p}/connz`).join(' ')})`,
  );
  say(`database: ${databaseUrl.toString()}`);
  say('processes and their logs:');
  for (const entry of children)
    say(`  ${entry.name.padEnd(9)} pid ${String(entry.child.pid).padEnd(7)} ${entry.logFile}`);
  say('Ctrl-C stops everything.');
  running = true;
}

main().catch((error) => {
  if (!stopping) {
    console.error(`[cluster] ${error instanceof Error ? error.message : error}`);
    void stopAll(1);
  }
});
