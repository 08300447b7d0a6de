import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './errors.js';
import { attachBus } from './cluster/index.js';
import { openDatabase, type Database, type Db, type DbOptions } from './db/client.js';
import { ServerSecrets } from './auth/secret.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The database for requests; reading it before `markStarted` answers 503 (the server is still
     * starting), so no request sees a half-seeded database. Start-up work uses the handle `openDb` returns.
     */
    readonly db: Db;
    readonly dbKind: 'pglite' | 'postgres' | undefined;
    /** True once start-up work (migrations, seed, background services) is done: /health says ok. */
    readonly started: boolean;
    /** The signing key and broker secret: configured, or generated and kept in the database. */
    readonly secrets: ServerSecrets;
    openDb(options: DbOptions): Promise<Db>;
    /** The open database even before `markStarted` (start-up work: the seed's files); throws before openDb. */
    startupDb(): Db;
    markStarted(): void;
    /** The embedded database's data directory as a tar, at one instant (PGlite's dump; modules/backup). */
    dumpDatabase(): Promise<Blob>;
    /** The PostgreSQL URL the database was opened with (modules/backup's snapshot); undefined on PGlite. */
    databaseUrl(): string | undefined;
    /**
     * Runs `work` once start-up is done (at once if it is): background services that read the database
     * when the server comes up, which may be before the database is open (main.ts listens first).
     */
    whenStarted(work: () => Promise<void>): void;
  }
}

/** Holds the database so the server can listen (and answer /health with 503) before it is ready. */
export const databasePlugin = fp(
  async (app: FastifyInstance) => {
    let database: Database | undefined;
    let started = false;
    const waiting: (() => Promise<void>)[] = [];
    const run = (work: () => Promise<void>) =>
      void work().catch((error: unknown) => app.log.error({ err: error }, 'start-up work failed'));
    app.decorate('db', {
      getter(): Db {
        if (!database || !started) throw new AppError(503, 'error.notReady');
        return database.db;
      },
    });
    app.decorate('dbKind', {
      getter: () => database?.kind,
    });
    app.decorate('started', { getter: () => started });
    app.decorate('startupDb', () => {
      if (!database) throw new AppError(503, 'error.notReady');
      return database.db;
    });
    app.decorate('markStarted', () => {
      if (!database) throw new Error('markStarted before openDb');
      started = true;
      for (const work of waiting.splice(0)) run(work);
    });
    app.decorate('whenStarted', (work: () => Promise<void>) => {
      if (started) run(work);
      else waiting.push(work);
    });
    let openedUrl: string | undefined;
    app.decorate('databaseUrl', () => openedUrl);
    app.decorate('dumpDatabase', () => {
      if (!database) return Promise.reject(new AppError(503, 'error.notReady'));
      return database.dump();
    });
    const secrets = new ServerSecrets(app.config);
    app.decorate('secrets', secrets);
    app.decorate('openDb', async (options: DbOptions) => {
      openedUrl = options.url;
      database = await openDatabase({
        onPoolError: (error) => app.log.error({ err: error }, 'idle database connection failed'),
        ...options,
      });
      // Before anything signs or checks a token: the secrets every node shares.
      await secrets.load(database.db);
      // Service code holding only the handle reaches the other nodes through it (platform/cluster).
      attachBus(database.db, app.cluster);
      return database.db;
    });
    app.addHook('onClose', async () => {
      await database?.close();
    });
  },
  { name: 'database' },
);
