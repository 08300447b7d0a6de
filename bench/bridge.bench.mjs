// The field bridge's cost (issue 39): one bridge polling 1,000 Modbus points every 5 s. The field devices are a
// real Modbus TCP server (Debian's python3-pymodbus, apps/bridge/test/modbus_server.py); the platform's side is
// an MQTT broker (aedes) that acknowledges each QoS 1 batch, as the platform does once it has stored it. Prints
// the bridge process's CPU over BENCH_BRIDGE_SECONDS (60) after a warm-up, as a share of one core (target: at
// most 5%), its memory, and the readings it sent. Run `npm run build` first (the bridge's built file).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { Aedes } from 'aedes';
import { freePort, processCpuMs } from './support.mjs';

const ROOT = new URL('../', import.meta.url).pathname;
const CLI = path.join(ROOT, 'apps/bridge/dist/cli.js');
const SERVER_SCRIPT = path.join(ROOT, 'apps/bridge/test/modbus_server.py');
const DEVICES = Number(process.env.BENCH_BRIDGE_DEVICES ?? 10);
const POINTS = Number(process.env.BENCH_BRIDGE_POINTS ?? 100);
const POLL_SECONDS = Number(process.env.BENCH_BRIDGE_POLL ?? 5);
const SECONDS = Number(process.env.BENCH_BRIDGE_SECONDS ?? 60);
const WARMUP_SECONDS = 15;

if (!fs.existsSync(CLI)) throw new Error('run npm run build first (apps/bridge/dist/cli.js)');

/** The pymodbus server on a free port (units 1-3, 200 of each table). */
async function startModbus() {
  const python = fs.existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';
  const child = spawn(python, [SERVER_SCRIPT, '0'], { stdio: ['pipe', 'pipe', 'pipe'] });
  const first = await new Promise((resolve, reject) => {
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.once('exit', (code) => reject(new Error(`modbus_server.py exited (${code}): ${stderr}`)));
    readline.createInterface({ input: child.stdout }).once('line', resolve);
  });
  return { port: JSON.parse(first).port, child };
}

/** An MQTT broker that acknowledges everything, counting the readings the bridge sends. */
async function startBroker() {
  const broker = await Aedes.createBroker();
  let readings = 0;
  broker.on('publish', (packet) => {
    if (packet.topic !== 'v1/gateway/telemetry') return;
    for (const list of Object.values(JSON.parse(packet.payload.toString()))) readings += list.length;
  });
  const port = await freePort();
  const server = net.createServer(broker.handle);
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port,
    readings: () => readings,
    stop: () => new Promise((resolve) => server.close(() => broker.close(resolve))),
  };
}

/** DEVICES devices of POINTS registers each (half holding, half input, int16 with a scale), polled every POLL_SECONDS. */
function configFile(dir, modbusPort, mqttPort) {
  const half = POINTS / 2;
  const points = [];
  for (let i = 0; i < half; i += 1)
    points.push(`      h${i}: { table: holding, address: ${i}, type: int16, scale: 0.1 }`);
  for (let i = 0; i < POINTS - half; i += 1)
    points.push(`      i${i}: { table: input, address: ${i}, type: int16, scale: 0.1 }`);
  const devices = Array.from(
    { length: DEVICES },
    (_, i) =>
      `  - { name: Meter ${i + 1}, profile: meter, host: 127.0.0.1, port: ${modbusPort}, unit: ${(i % 3) + 1} }`,
  );
  const text = [
    'platform:',
    `  url: mqtt://127.0.0.1:${mqttPort}`,
    '  token: bench',
    'queue:',
    `  dir: ${path.join(dir, 'queue')}`,
    'profiles:',
    '  meter:',
    '    model: ammeter4g',
    `    pollSeconds: ${POLL_SECONDS}`,
    '    points:',
    ...points,
    'devices:',
    ...devices,
    '',
  ].join('\n');
  const file = path.join(dir, 'bridge.yaml');
  fs.writeFileSync(file, text);
  return file;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-bench-bridge-'));
const modbus = await startModbus();
const broker = await startBroker();
const bridge = spawn(
  process.execPath,
  [CLI, '--config', configFile(dir, modbus.port, broker.port), '--log-level', 'warn'],
  {
    stdio: ['ignore', 'ignore', 'inherit'],
  },
);
try {
  await sleep(WARMUP_SECONDS * 1000);
  const cpu0 = processCpuMs(bridge.pid);
  const readings0 = broker.readings();
  const t0 = Date.now();
  await sleep(SECONDS * 1000);
  const cpu = processCpuMs(bridge.pid) - cpu0;
  const wall = Date.now() - t0;
  const readings = broker.readings() - readings0;
  const status = fs.readFileSync(`/proc/${bridge.pid}/status`, 'utf8');
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  const expected = (DEVICES * wall) / (POLL_SECONDS * 1000);
  process.stdout.write(
    `${DEVICES} devices × ${POINTS} points = ${DEVICES * POINTS} points every ${POLL_SECONDS} s, ${os.cpus()[0]?.model ?? 'cpu'}:\n` +
      `  bridge CPU ${(cpu / 1000).toFixed(2)} s in ${(wall / 1000).toFixed(0)} s = ${((cpu / wall) * 100).toFixed(2)}% of one core (target at most 5%)\n` +
      `  memory (RSS) ${(rssKb / 1024).toFixed(0)} MB; readings sent ${readings} (one per device and poll; ${expected.toFixed(0)} expected)\n`,
  );
} finally {
  bridge.kill('SIGTERM');
  modbus.child.kill('SIGKILL');
  await broker.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
