import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './errors.js';
import { openDatabase, type Database, type Db, type DbOptions } from './db/client.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The database; reading it before `openDb` answers 503 (the server is still starting). */
    readonly db: Db;
    readonly dbKind: 'pglite' | 'postgres' | undefined;
    openDb(options: DbOptions): Promise<void>;
  }
}

/** Holds the database so the server can listen (and answer /health with 503) before it is ready. */
export const databasePlugin = fp(
  async (app: FastifyInstance) => {
    let database: Database | undefined;
    app.decorate('db', {
      getter(): Db {
        if (!database) throw new AppError(503, 'error.notReady');
        return database.db;
      },
    });
    app.decorate('dbKind', {
      getter: () => database?.kind,
    });
    app.decorate('openDb', async (options: DbOptions) => {
      database = await openDatabase(options);
    });
    app.addHook('onClose', async () => {
      await database?.close();
    });
  },
  { name: 'database' },
);
