import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { freePort } from './free-port.js';

export { freePort };

/** Debian's nats-server (`.ci/run` installs it). */
export const NATS_SERVER_BIN = '/usr/sbin/nats-server';
export const natsServerInstalled = fs.existsSync(NATS_SERVER_BIN);

export interface NatsServer {
  port: number;
  url: string;
  /** Stops the server (SIGKILL: as if its machine died); start() brings it back on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
}

/** Starts `nats-server -a 127.0.0.1 -p <free port>` and resolves once it accepts clients. */
export async function startNatsServer(): Promise<NatsServer> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    const started = spawn(NATS_SERVER_BIN, ['-a', '127.0.0.1', '-p', String(port)], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child = started;
    await new Promise<void>((resolve, reject) => {
      let log = '';
      started.stderr?.on('data', (chunk: Buffer) => {
        log += chunk.toString('utf8');
        if (log.includes('Server is ready')) resolve();
      });
      started.once('exit', (code) => reject(new Error(`nats-server exited (${code}): ${log}`)));
    });
  };
  const stop = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill('SIGKILL');
    });
  };
  await start();
  return { port, url: `nats://127.0.0.1:${port}`, stop, start };
}
