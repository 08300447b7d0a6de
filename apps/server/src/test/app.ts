import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { inject } from 'vitest';
import { buildApp } from '../app.js';
import { isTestClock, type TestClock } from '../platform/clock.js';
import { loadConfig } from '../platform/env.js';
import { captchas } from '../modules/auth/tables.js';
import { adminQuery, withDatabase, type SeededTemplate } from './template.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The seeded database of this run (test/global-setup.ts). */
    serverTemplate: SeededTemplate;
  }
}

export interface TestAppOptions {
  /** CAPTCHA_ENABLED of the test config; on by default, as in production. */
  captchaEnabled?: boolean;
  /** Further environment variables of the test config. */
  env?: Record<string, string>;
  /**
   * A second node on this app's database (the same PostgreSQL database through a pool of its own, or the
   * same in-memory PGlite); it drops nothing when closed.
   */
  sameDatabaseAs?: TestApp;
  /** No JWT_SECRET, and a data dir of its own: the server generates its secrets (kept in the database). */
  generatedSecrets?: boolean;
}

export interface TestApp {
  app: FastifyInstance;
  /** The PostgreSQL database's URL; undefined on PGlite. */
  databaseUrl: string | undefined;
  /** Signs in through /captchaImage and /login (reading the captcha's answer from the database). */
  login(username: string, password: string): Promise<string>;
  /** A fresh captcha and its right answer (empty strings when the captcha is off). */
  solveCaptcha(): Promise<{ uuid: string; code: string }>;
  close(): Promise<void>;
}

/**
 * A fresh server on a fresh copy of the run's seeded demo database (test/template.ts): in-memory PGlite, or,
 * with TEST_DB_DRIVER=pg and TEST_DATABASE_URL, a new database `sb_test_<random>` on that PostgreSQL server,
 * dropped again by close(). The app is not yet `ready`: a test may still add routes before its first
 * request.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const template = inject('serverTemplate');
  // Each app its own upload directory (a copy of the seed's floor plans), removed by close().
  const uploadDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'sbuilding-uploads-'));
  await fs.promises.cp(template.uploadDir, uploadDir, { recursive: true });
  const dataDir = options.generatedSecrets
    ? await fs.promises.mkdtemp(path.join(os.tmpdir(), 'sbuilding-data-'))
    : path.join(os.tmpdir(), 'sbuilding-test');
  const config = loadConfig({
    UPLOAD_DIR: uploadDir,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    CAPTCHA_ENABLED: String(options.captchaEnabled ?? true),
    ...(options.generatedSecrets ? {} : { JWT_SECRET: crypto.randomBytes(32).toString('base64url') }),
    DATA_DIR: dataDir,
    // Tests make devices and drop them at once; the connect grace has its own test (alerts/grace.test.ts).
    DEVICE_CONNECT_GRACE_MINUTES: '0',
    ...options.env,
  });
  const other = options.sameDatabaseAs;
  const database: FreshDatabase = other
    ? { url: other.databaseUrl, pgliteTar: undefined, drop: async () => {} }
    : await freshDatabase(template);
  const app = await buildApp({ config, logger: false });
  try {
    await app.openDb({
      url: database.url,
      loadDataDir: database.pgliteTar,
      shared:
        other && !other.databaseUrl && other.app.dbKind
          ? { db: other.app.db, kind: other.app.dbKind }
          : undefined,
    });
    app.markStarted();
  } catch (error) {
    await app.close();
    await database.drop();
    await fs.promises.rm(uploadDir, { recursive: true, force: true });
    throw error;
  }

  async function solveCaptcha(): Promise<{ uuid: string; code: string }> {
    const captcha = await app.inject({ method: 'GET', url: '/captchaImage' });
    const { data } = captcha.json<{ data: { captchaEnabled: boolean; uuid?: string } }>();
    if (!data.captchaEnabled || !data.uuid) return { uuid: '', code: '' };
    const [row] = await app.db.select().from(captchas).where(eq(captchas.uuid, data.uuid));
    return { uuid: data.uuid, code: row?.answer ?? '' };
  }

  async function login(username: string, password: string): Promise<string> {
    const res = await app.inject({
      method: 'POST',
      url: '/login',
      payload: { username, password, ...(await solveCaptcha()) },
    });
    if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
    return res.json<{ data: { token: string } }>().data.token;
  }

  return {
    app,
    databaseUrl: database.url,
    login,
    solveCaptcha,
    close: async () => {
      await app.close();
      await database.drop();
      await fs.promises.rm(uploadDir, { recursive: true, force: true });
      if (options.generatedSecrets) await fs.promises.rm(dataDir, { recursive: true, force: true });
    },
  };
}

interface FreshDatabase {
  url: string | undefined;
  pgliteTar: Blob | undefined;
  drop(): Promise<void>;
}

async function freshDatabase(template: SeededTemplate): Promise<FreshDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB_DRIVER !== 'pg' || !serverUrl) {
    if (!template.pgliteTar) throw new Error('the run has no PGlite template');
    const tar = new Blob([await fs.promises.readFile(template.pgliteTar)]);
    return { url: undefined, pgliteTar: tar, drop: async () => {} };
  }
  if (!template.pgDatabase) throw new Error('the run has no PostgreSQL template');
  const name = `sb_test_${crypto.randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name} TEMPLATE ${template.pgDatabase}`);
  return {
    url: withDatabase(serverUrl, name),
    pgliteTar: undefined,
    drop: () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** The clock of an app started with TEST_CLOCK=1, which a test sets and moves; throws for any other app. */
export function testClockOf(t: TestApp): TestClock {
  if (!isTestClock(t.app.clock)) throw new Error('the app was not started with TEST_CLOCK=1');
  return t.app.clock;
}
