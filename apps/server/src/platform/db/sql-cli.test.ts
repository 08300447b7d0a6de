import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbedded, type EmbeddedDatabase } from './embedded.js';

/**
 * `npm run sql`: the README's way to create a table for the code generator on the embedded database, which
 * has no psql. Run as a person runs it (tsx, the server's settings from the environment).
 */
const ROOT = path.resolve(import.meta.dirname, '../../../../..');
let dir: string;

function sqlCli(dataDir: string, file: string) {
  // The server's settings as a person's shell has them: the embedded database of DATA_DIR.
  const { DATABASE_URL: _url, ...env } = process.env;
  return promisify(execFile)('npm', ['run', '-s', 'sql', '--', file], {
    cwd: ROOT,
    env: { ...env, DATA_DIR: dataDir },
  });
}

beforeAll(async () => {
  dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'sbuilding-sql-'));
  await fs.promises.writeFile(
    path.join(dir, 'create.sql'),
    `create table maint_contract (id serial primary key, contract_name varchar(64) not null);
comment on table maint_contract is 'Maintenance contract';`,
  );
  await fs.promises.writeFile(
    path.join(dir, 'read.sql'),
    `select obj_description('maint_contract'::regclass) as comment;`,
  );
});
afterAll(() => fs.promises.rm(dir, { recursive: true, force: true }));

describe('npm run sql', () => {
  it('runs a file of statements on the embedded database and prints the rows of a query', async () => {
    const dataDir = path.join(dir, 'data');
    const made = await sqlCli(dataDir, path.join(dir, 'create.sql'));
    expect(made.stdout).toContain(`done on the embedded database in ${dataDir}`);
    const read = await sqlCli(dataDir, path.join(dir, 'read.sql'));
    expect(read.stdout).toContain('comment\nMaintenance contract\n');
  }, 120_000);

  it('refuses while a server holds the data directory, saying what to do', async () => {
    const dataDir = path.join(dir, 'busy');
    let running: EmbeddedDatabase | undefined;
    try {
      running = await startEmbedded({ dataDir: path.join(dataDir, 'pglite') });
      const refused = await sqlCli(dataDir, path.join(dir, 'read.sql')).then(
        () => null,
        (error: { code: number; stderr: string }) => error,
      );
      expect(refused?.code).toBe(1);
      expect(refused?.stderr).toMatch(/sql refused: .*Stop the server, run the SQL, start it again/);
    } finally {
      await running?.stop();
    }
  }, 120_000);
});
