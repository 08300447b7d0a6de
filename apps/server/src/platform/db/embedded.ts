import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { startWorker } from '../worker.js';
import type { EmbeddedAnswer, EmbeddedRequest, EmbeddedStart } from './embedded-protocol.js';

/** Another server already runs on this DATA_DIR: two would corrupt the database. */
export class DataDirInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `DATA_DIR ${dataDir} is in use by another sbuilding server (process ${pid}): stop that one first, or give this one another DATA_DIR`,
    );
    this.name = 'DataDirInUseError';
  }
}

/** The embedded database, running in its own thread; `pg` reaches it at `socketDir`. */
export interface EmbeddedDatabase {
  /** The directory of its Unix socket (pg's `host`), private to this process (mode 0700). */
  readonly socketDir: string;
  readonly port: number;
  /** The data directory as a tar (PGlite's dump), which another one can start from (the tests' template). */
  dump(): Promise<Blob>;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** Where PGlite keeps its files; undefined: in memory (tests). */
  dataDir?: string | undefined;
  /** Start from this dump of another one instead of an empty database. */
  loadDataDir?: Blob | undefined;
  /** The thread ended on its own (a crash): the server cannot go on without its database. */
  onCrash?: (error: Error) => void;
}

/** The socket's port number, in its file's name only (nothing listens on a TCP port). */
const PORT = 5432;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists, another user's.
    return error instanceof Error && 'code' in error && error.code === 'EPERM';
  }
}

/**
 * Takes the data directory for this process: a lock file holding its pid beside PGlite's files. A lock whose
 * process has gone (killed with -9, a power cut) is taken over; a live one refuses with DataDirInUseError.
 */
function lockDataDir(dataDir: string): () => void {
  const file = path.join(path.dirname(dataDir), 'server.lock');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  for (;;) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
    }
    const pid = Number(fs.readFileSync(file, 'utf8').trim());
    if (Number.isInteger(pid) && pid > 0 && isAlive(pid))
      throw new DataDirInUseError(path.dirname(dataDir), pid);
    fs.rmSync(file, { force: true });
  }
  return () => {
    if (fs.existsSync(file) && fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.rmSync(file);
  };
}

function isAnswer<T extends EmbeddedAnswer['type']>(
  message: EmbeddedAnswer,
  type: T,
): message is Extract<EmbeddedAnswer, { type: T }> {
  return message.type === type;
}

/** The next answer of a kind from the worker, or its failure (an error answer, the thread's own error or exit). */
function next<T extends EmbeddedAnswer['type']>(
  worker: Worker,
  type: T,
): Promise<Extract<EmbeddedAnswer, { type: T }>> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
    };
    const onMessage = (message: EmbeddedAnswer) => {
      if (message.type === 'error') {
        cleanup();
        reject(new Error(`embedded database: ${message.message}`));
      } else if (isAnswer(message, type)) {
        cleanup();
        resolve(message);
      }
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const onExit = (code: number) => {
      cleanup();
      reject(new Error(`embedded database thread exited (${code})`));
    };
    worker.on('message', onMessage);
    worker.once('error', onError);
    worker.once('exit', onExit);
  });
}

/**
 * Starts PGlite in a thread of its own, serving PostgreSQL's protocol on a Unix socket in a private
 * directory: the server's thread talks to it through `pg`, as to a PostgreSQL server, and no statement holds
 * the server's event loop any more (issue 33).
 */
export async function startEmbedded(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const unlock = options.dataDir ? lockDataDir(options.dataDir) : () => {};
  const socketDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sbpg-'));
  const cleanUp = () => {
    fs.rmSync(socketDir, { recursive: true, force: true });
    unlock();
  };
  try {
    if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });
    const loadDataDir = options.loadDataDir ? await options.loadDataDir.arrayBuffer() : undefined;
    const start: EmbeddedStart = {
      dataDir: options.dataDir,
      loadDataDir,
      socketPath: path.join(socketDir, `.s.PGSQL.${PORT}`),
    };
    const ext = import.meta.url.endsWith('.ts') ? '.ts' : '.js';
    const worker = startWorker(new URL(`./embedded-worker${ext}`, import.meta.url), {
      workerData: start,
      transferList: loadDataDir ? [loadDataDir] : [],
    });
    await next(worker, 'ready');
    let stopping = false;
    worker.once('exit', (code) => {
      if (!stopping) options.onCrash?.(new Error(`the embedded database's thread stopped (${code})`));
    });
    const ask = (request: EmbeddedRequest) => worker.postMessage(request);
    return {
      socketDir,
      port: PORT,
      dump: async () => {
        const answered = next(worker, 'dump');
        ask({ type: 'dump' });
        return new Blob([(await answered).tar]);
      },
      stop: async () => {
        stopping = true;
        const stopped = next(worker, 'stopped').catch(() => undefined);
        ask({ type: 'stop' });
        await stopped;
        await worker.terminate();
        cleanUp();
      },
    };
  } catch (error) {
    cleanUp();
    throw error;
  }
}
