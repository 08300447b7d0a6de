import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../env.js';
import { openDatabase } from './client.js';
import { DataDirInUseError } from './embedded.js';

const isRow = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/**
 * `npm run sql -- <file.sql>` (or the statements on stdin): runs SQL on the database the server uses, with
 * its settings: the embedded one in DATA_DIR (the server must be stopped: it holds the directory), or the
 * PostgreSQL of DATABASE_URL. For what only SQL does, such as creating a table for the code generator (README,
 * "Generating a feature"), on an installation without psql. Prints the rows of the last statement that has any.
 */
async function main(): Promise<number> {
  const [file] = process.argv.slice(2);
  const text = file ? await fs.promises.readFile(path.resolve(file), 'utf8') : fs.readFileSync(0, 'utf8');
  if (text.trim() === '') {
    process.stderr.write('usage: npm run sql -- <file.sql>   (or the SQL on stdin)\n');
    return 2;
  }
  try {
    const config = loadConfig();
    const database = await openDatabase({
      url: config.databaseUrl,
      dataDir: path.join(config.dataDir, 'pglite'),
    });
    try {
      const result = await database.db.execute(sql.raw(text));
      // Several statements answer one result each (node-postgres), one statement a single result.
      const results: unknown[] = Array.isArray(result) ? result : [result];
      const rows = results
        .flatMap((r) => {
          const found: unknown = r && typeof r === 'object' && 'rows' in r ? r.rows : undefined;
          return Array.isArray(found) && found.length > 0 ? [found.filter(isRow)] : [];
        })
        .at(-1);
      if (rows?.[0]) {
        const columns = Object.keys(rows[0]);
        const line = (values: unknown[]) =>
          `${values.map((v) => (v === null ? '' : String(v))).join('\t')}\n`;
        process.stdout.write(line(columns));
        for (const row of rows) process.stdout.write(line(columns.map((c) => row[c])));
      }
      process.stdout.write(
        `done on the ${database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL of DATABASE_URL'}\n`,
      );
    } finally {
      await database.close();
    }
    return 0;
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      process.stderr.write(`sql refused: ${error.message}. Stop the server, run the SQL, start it again.\n`);
      return 1;
    }
    if (error instanceof ConfigError) {
      process.stderr.write(`sql refused: ${error.message}\n`);
      return 1;
    }
    process.stderr.write(`sql failed: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

process.exitCode = await main();
