import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/**
 * What this build is: its release (the server package's version) and its database migrations (drizzle's
 * journal). A backup names both, so a restore can refuse one made by a newer release, and an upgrade can tell
 * how far a database is behind. Read from the files beside the code, the same from src/ and dist/.
 */
const SERVER_ROOT = new URL('../../', import.meta.url);

const packageSchema = z.object({ version: z.string() });
const journalSchema = z.object({ entries: z.array(z.object({ idx: z.number(), tag: z.string() })) });

export const MIGRATIONS_DIR = fileURLToPath(new URL('drizzle', SERVER_ROOT));

export const RELEASE: string = packageSchema.parse(
  JSON.parse(fs.readFileSync(new URL('package.json', SERVER_ROOT), 'utf8')),
).version;

/** The migrations this build knows, in order (their tags: `0033_sso_flow_binding` …). */
export function migrationTags(dir: string = MIGRATIONS_DIR): string[] {
  const journal = journalSchema.parse(JSON.parse(fs.readFileSync(`${dir}/meta/_journal.json`, 'utf8')));
  return [...journal.entries].sort((a, b) => a.idx - b.idx).map((entry) => entry.tag);
}

/** -1, 0 or 1 as release `a` is older, the same or newer than `b` (numeric x.y.z; a suffix is ignored). */
export function compareReleases(a: string, b: string): number {
  const parts = (v: string) =>
    v
      .split(/[.+-]/)
      .slice(0, 3)
      .map((p) => Number.parseInt(p, 10) || 0);
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < 3; i += 1) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  return 0;
}
