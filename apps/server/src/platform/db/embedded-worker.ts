import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import type { EmbeddedRequest, EmbeddedAnswer, EmbeddedStart } from './embedded-protocol.js';

/**
 * The embedded database's own thread: PGlite (PostgreSQL in WebAssembly, whose every statement holds the
 * thread it runs in) served over PostgreSQL's wire protocol on a private Unix socket, so the server's thread
 * talks to it as it talks to a PostgreSQL server, through `pg`, and stays free for requests meanwhile.
 */
const port = parentPort;
if (!port) throw new Error('embedded-worker.ts runs as a worker thread');
const start: EmbeddedStart = workerData;

const answer = (message: EmbeddedAnswer, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

try {
  const db = new PGlite({
    dataDir: start.dataDir,
    loadDataDir: start.loadDataDir ? new Blob([start.loadDataDir]) : undefined,
  });
  await db.waitReady;
  // The server's pool holds one connection; a few more let a new one open while a failed one is still
  // closing (pg-pool replaces a connection after an error), which one alone refused (EPIPE).
  const server = new PGLiteSocketServer({ db, path: start.socketPath, maxConnections: 4 });
  await server.start();
  port.on('message', (request: EmbeddedRequest) => {
    void (async () => {
      if (request.type === 'dump') {
        const tar = await (await db.dumpDataDir('none')).arrayBuffer();
        answer({ type: 'dump', tar }, [tar]);
      } else {
        await server.stop();
        await db.close();
        answer({ type: 'stopped' });
        port.close();
      }
    })().catch((error: unknown) => answer({ type: 'error', message: String(error) }));
  });
  answer({ type: 'ready' });
} catch (error) {
  answer({ type: 'error', message: error instanceof Error ? error.message : String(error) });
}
