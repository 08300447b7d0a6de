import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase } from './client.js';
import { DataDirInUseError } from './embedded.js';
import { rowsOf } from './rows.js';

// A data directory starts from the run's seeded template (a fresh one would pay initdb and every migration).
const template = async () => {
  const tar = inject('serverTemplate').pgliteTar;
  if (!tar) throw new Error('the run has no embedded template');
  return new Blob([await fs.promises.readFile(tar)]);
};

const dirs: string[] = [];
function dataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sb-embedded-'));
  dirs.push(dir);
  return path.join(dir, 'pglite');
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A process that opens the embedded database on `dir`, writes a row, says so, and waits to be killed. */
function holder(dir: string) {
  const script = `
    import { sql } from 'drizzle-orm';
    import { openDatabase } from ${JSON.stringify(new URL('./client.ts', import.meta.url).href)};
    const database = await openDatabase({ dataDir: ${JSON.stringify(dir)} });
    await database.db.execute(sql\`create table if not exists kept (n int)\`);
    await database.db.execute(sql\`insert into kept values (42)\`);
    process.stdout.write('written\\n');
    setInterval(() => {}, 1000);
  `;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: path.resolve(new URL('../../../../..', import.meta.url).pathname),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const written = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('written')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the holder exited (${code})`)));
  });
  return { child, written };
}

// Each test starts real database threads on real directories, and one a server process: minutes on a busy
// machine rather than the suite's default 30 s.
describe('the embedded database', { timeout: 120_000 }, () => {
  it('keeps what was written across a stop and a start on the same data directory', async () => {
    const dir = dataDir();
    const first = await openDatabase({ dataDir: dir, loadDataDir: await template() });
    await first.db.execute(sql`create table kept (n int)`);
    await first.db.execute(sql`insert into kept values (7)`);
    await first.close();
    const again = await openDatabase({ dataDir: dir });
    try {
      expect(rowsOf(await again.db.execute(sql`select n from kept`))).toEqual([{ n: 7 }]);
    } finally {
      await again.close();
    }
  });

  it('refuses a second server on the same data directory, naming the one that holds it', async () => {
    const dir = dataDir();
    const first = await openDatabase({ dataDir: dir, loadDataDir: await template() });
    try {
      const second = openDatabase({ dataDir: dir });
      await expect(second).rejects.toBeInstanceOf(DataDirInUseError);
      await expect(second).rejects.toThrow(`is in use by another sbuilding server (process ${process.pid})`);
    } finally {
      await first.close();
    }
    // Stopped, it lets the next one in.
    const next = await openDatabase({ dataDir: dir });
    await next.close();
  });

  it('starts again after its server was killed with -9, with what was committed before', async () => {
    const dir = dataDir();
    // The killed server's directory, made from the template first (the holder only writes a row).
    await (await openDatabase({ dataDir: dir, loadDataDir: await template() })).close();
    const { child, written } = holder(dir);
    await written;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    // The lock names a process that is gone: taken over; PostgreSQL's recovery replays what was committed.
    const after = await openDatabase({ dataDir: dir });
    try {
      expect(rowsOf(await after.db.execute(sql`select n from kept`))).toEqual([{ n: 42 }]);
    } finally {
      await after.close();
    }
  });

  it('answers on its own thread: a long statement leaves the event loop free', async () => {
    const database = await openDatabase({ loadDataDir: await template() });
    try {
      let ticks = 0;
      const timer = setInterval(() => (ticks += 1), 5);
      await database.db.execute(sql`select count(*) from generate_series(1, 3000000)`);
      clearInterval(timer);
      // In the server's thread the statement held the loop from start to end: not one tick.
      expect(ticks).toBeGreaterThan(3);
    } finally {
      await database.close();
    }
  });
});
