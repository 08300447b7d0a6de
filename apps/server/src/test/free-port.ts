import fs from 'node:fs';
import net from 'node:net';

/**
 * A TCP port nobody listens on, for a process a test starts and tells its port (a server node, its MQTT
 * broker, a nats-server, an identity provider).
 *
 * Chosen below the kernel's ephemeral range (net.ipv4.ip_local_port_range). A port the kernel picks for
 * `listen(0)` comes from that range, and once the test released it the kernel could hand it to the next
 * outgoing connection: the suite opens thousands (to PostgreSQL, the brokers, the servers it tests), and a
 * cluster node started on such a port exited with "Port … is already in use". Below the range only another
 * listener can take a port; this one is tried before it is handed out, and none is handed out twice by one
 * process.
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const port = LOWEST + Math.floor(Math.random() * (ephemeralStart() - LOWEST));
    if (handedOut.has(port)) continue;
    handedOut.add(port);
    if (await listenable(port)) return port;
  }
  throw new Error(`no free port between ${LOWEST} and ${ephemeralStart()}`);
}

/** Above the ports services are usually given (PostgreSQL 5432, brokers, 8080, 9090 …). */
const LOWEST = 20_000;
const handedOut = new Set<number>();

function ephemeralStart(): number {
  try {
    const [low] = fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/);
    const value = Number(low);
    if (Number.isInteger(value) && value > LOWEST + 1_000) return value;
  } catch {
    // Not Linux: the IANA dynamic range starts at 49152.
  }
  return 49_152;
}

/** True when a listener on every interface could take the port now (what the started process will do). */
function listenable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, () => server.close(() => resolve(true)));
  });
}
