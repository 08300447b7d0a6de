import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from './db/client.js';
import type { Config } from './env.js';

/**
 * Where uploaded files and spreadsheet exports keep their bytes, so that every node of a cluster serves
 * what another node stored: FILES_DIR (a directory all nodes share) when set; else, on PostgreSQL, the
 * database (`stored_bytes`, one bytea row per file, defined in modules/files/tables.ts and reached here by
 * name: platform imports no module); else this node's own directories, as a single process always had.
 * Names are made up by the callers (and checked by them before they reach a store).
 */
export interface ByteStore {
  put(name: string, bytes: Uint8Array): Promise<void>;
  /** The bytes, or undefined when there is no such entry. */
  get(name: string): Promise<Buffer | undefined>;
  remove(name: string): Promise<void>;
  /** Removes the entries stored longer ago than `ms`. */
  removeOlderThan(ms: number): Promise<void>;
}

/** Entries as files of one directory; a file is written under a temporary name and renamed when complete. */
export class DirectoryBytes implements ByteStore {
  constructor(readonly dir: string) {}

  async put(name: string, bytes: Uint8Array): Promise<void> {
    await fs.promises.mkdir(this.dir, { recursive: true });
    const partial = path.join(this.dir, `.${name}.${crypto.randomBytes(4).toString('hex')}.part`);
    await fs.promises.writeFile(partial, bytes, { mode: 0o640 });
    await fs.promises.rename(partial, this.pathOf(name));
  }

  async get(name: string): Promise<Buffer | undefined> {
    let handle: fs.promises.FileHandle;
    try {
      // Never through a symbolic link planted in the directory.
      handle = await fs.promises.open(this.pathOf(name), fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW);
    } catch (error) {
      if (error instanceof Error && 'code' in error && (error.code === 'ENOENT' || error.code === 'ELOOP'))
        return undefined;
      throw error;
    }
    try {
      return await handle.readFile();
    } finally {
      await handle.close();
    }
  }

  async remove(name: string): Promise<void> {
    await fs.promises.rm(this.pathOf(name), { force: true });
  }

  async removeOlderThan(ms: number): Promise<void> {
    const now = Date.now();
    const entries = await fs.promises.readdir(this.dir, { withFileTypes: true }).catch(() => []);
    await Promise.all(
      entries
        .filter((e) => e.isFile())
        .map(async (e) => {
          const file = path.join(this.dir, e.name);
          const stat = await fs.promises.stat(file).catch(() => undefined);
          if (stat && now - stat.mtimeMs > ms) await fs.promises.rm(file, { force: true });
        }),
    );
  }

  /** The entry's path, directly inside the directory (a name with a directory part is refused). */
  private pathOf(name: string): string {
    const root = path.resolve(this.dir);
    const file = path.resolve(root, name);
    if (path.dirname(file) !== root || name.includes('..')) throw new Error(`not a stored name: ${name}`);
    return file;
  }
}

/**
 * Entries as rows of `stored_bytes` under an area ('uploads', 'exports'). `readFallback` is read when a
 * row is missing: files a single process stored on its disk before it joined a cluster stay served.
 */
export class DatabaseBytes implements ByteStore {
  constructor(
    private readonly db: () => Db,
    private readonly area: string,
    private readonly readFallback?: ByteStore,
  ) {}

  async put(name: string, bytes: Uint8Array): Promise<void> {
    await this.db().execute(sql`
      insert into stored_bytes (area, name, bytes) values (${this.area}, ${name}, ${Buffer.from(bytes)})
      on conflict (area, name) do update set bytes = excluded.bytes, created_at = now()`);
  }

  async get(name: string): Promise<Buffer | undefined> {
    const result = await this.db().execute(
      sql`select bytes from stored_bytes where area = ${this.area} and name = ${name}`,
    );
    const rows: unknown = typeof result === 'object' && result !== null ? Reflect.get(result, 'rows') : [];
    const [row]: unknown[] = Array.isArray(rows) ? rows : [];
    const bytes: unknown = typeof row === 'object' && row !== null ? Reflect.get(row, 'bytes') : undefined;
    if (bytes instanceof Uint8Array) return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return this.readFallback?.get(name);
  }

  async remove(name: string): Promise<void> {
    await this.db().execute(sql`delete from stored_bytes where area = ${this.area} and name = ${name}`);
    await this.readFallback?.remove(name);
  }

  async removeOlderThan(ms: number): Promise<void> {
    await this.db().execute(sql`
      delete from stored_bytes
      where area = ${this.area} and created_at < now() - make_interval(secs => ${ms / 1000})`);
  }
}

/** A store chosen at each call: the database is known only once it is open. */
class ChosenBytes implements ByteStore {
  constructor(private readonly pick: () => ByteStore) {}
  put(name: string, bytes: Uint8Array) {
    return this.pick().put(name, bytes);
  }
  get(name: string) {
    return this.pick().get(name);
  }
  remove(name: string) {
    return this.pick().remove(name);
  }
  removeOlderThan(ms: number) {
    return this.pick().removeOlderThan(ms);
  }
}

/** The export directory of a node without shared storage. */
export function exportDir(dataDir: string): string {
  return path.join(dataDir, 'exports');
}

/**
 * The directories holding uploads and exports as files: FILES_DIR's, else (the embedded database) this
 * node's; null on PostgreSQL without FILES_DIR, whose files are rows of the database. A backup reads them and
 * a restore fills them (modules/backup), by the same rule as the store below.
 */
export function fileDirectories(
  config: Pick<Config, 'filesDir' | 'uploadDir' | 'dataDir'>,
  database: 'pglite' | 'postgres',
): { uploads: string; exports: string } | null {
  if (config.filesDir)
    return { uploads: path.join(config.filesDir, 'uploads'), exports: path.join(config.filesDir, 'exports') };
  if (database === 'postgres') return null;
  return { uploads: config.uploadDir, exports: exportDir(config.dataDir) };
}

export interface Storage {
  /** Uploaded images and floor plans. */
  uploads: ByteStore;
  /** Spreadsheet exports, until downloaded (or an hour old). */
  exports: ByteStore;
  /** Where they are: 'directory' (FILES_DIR), 'database' or 'local'. */
  kind(): 'directory' | 'database' | 'local';
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploads and exports keep their bytes (platform/storage.ts). */
    readonly storage: Storage;
  }
}

/** Decorates the app with its storage; registered after the database plugin. */
export const storagePlugin = fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    const local = {
      uploads: new DirectoryBytes(config.uploadDir),
      exports: new DirectoryBytes(exportDir(config.dataDir)),
    };
    const shared = config.filesDir
      ? {
          uploads: new DirectoryBytes(path.join(config.filesDir, 'uploads')),
          exports: new DirectoryBytes(path.join(config.filesDir, 'exports')),
        }
      : null;
    // The handle of start-up work too (the seed writes floor plans before the server is marked started).
    const database = {
      uploads: new DatabaseBytes(() => app.startupDb(), 'uploads', local.uploads),
      exports: new DatabaseBytes(() => app.startupDb(), 'exports'),
    };
    const kind = () => (shared ? 'directory' : app.dbKind === 'postgres' ? 'database' : 'local');
    const pick = (area: 'uploads' | 'exports') => () => {
      const where = kind();
      return where === 'directory' && shared
        ? shared[area]
        : where === 'database'
          ? database[area]
          : local[area];
    };
    app.decorate('storage', {
      uploads: new ChosenBytes(pick('uploads')),
      exports: new ChosenBytes(pick('exports')),
      kind,
    });
  },
  { name: 'storage', dependencies: ['database'] },
);
