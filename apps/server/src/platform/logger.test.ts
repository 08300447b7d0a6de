import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Logs a person can read (issue 36): the server's own lines (test/log-sample.ts builds the app as main.ts
 * does) on a pseudo-terminal (util-linux `script`), on a pipe, and on a pipe with LOG_FORMAT=pretty.
 */

const REPO = fileURLToPath(new URL('../../../../', import.meta.url));
const SAMPLE = 'apps/server/src/test/log-sample.ts';
const TSX = path.join(REPO, 'node_modules/.bin/tsx');
/** Eight hours east of UTC: a line in local time cannot pass for one in UTC. */
const TZ = 'Asia/Shanghai';

let dataDir: string;

beforeAll(async () => {
  dataDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'sb-log-'));
});
afterAll(async () => {
  await fs.promises.rm(dataDir, { recursive: true, force: true });
});

function run(onTerminal: boolean, env: Record<string, string> = {}): Promise<string> {
  const command = `${TSX} --conditions=source ${SAMPLE}`;
  const [file, args] = onTerminal
    ? ['script', ['-qec', command, '/dev/null']]
    : [TSX, ['--conditions=source', SAMPLE]];
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    DATA_DIR: dataDir,
    TZ,
    ...env,
  };
  delete childEnv.DATABASE_URL;
  delete childEnv.NATS_URL;
  if (!env.LOG_FORMAT) delete childEnv.LOG_FORMAT;
  const child = spawn(file, args, { cwd: REPO, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve, reject) =>
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`exit ${code}: ${out}`)))),
  );
}

// eslint-disable-next-line no-control-regex
const plain = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, '').replace(/\r/g, '');
const linesOf = (text: string) =>
  plain(text)
    .split('\n')
    .filter((line) => line.trim() !== '');

/** HH:MM of now in the test's time zone, and of a minute ago (a run that crossed a minute). */
function localMinutes(): string[] {
  const format = (at: Date) =>
    new Intl.DateTimeFormat('en-GB', {
      timeZone: TZ,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(at);
  const now = new Date();
  return [format(now), format(new Date(now.getTime() - 60_000))];
}

describe('the server log', () => {
  it('reads as one line per event on a terminal: local time, the level as a word, the message, a few fields', async () => {
    const raw = await run(true);
    const lines = linesOf(raw);
    // Coloured for the eye on a terminal.
    expect(raw).toContain('\u001b[');
    expect(lines).toHaveLength(2);
    const [info, warn] = lines;
    expect(info).toMatch(
      /^\[(\d{2}:\d{2}):\d{2}\] INFO: building simulator running \{"devices":42,"speed":1\}$/,
    );
    expect(warn).toMatch(/^\[\d{2}:\d{2}:\d{2}\] WARN: mqtt publish refused by topic ACL \{"deviceId":7,/);
    expect(localMinutes()).toContain(info?.slice(1, 6));
    // Nothing a reader has no use for: no epoch milliseconds, numeric levels, process ids or host names.
    expect(raw).not.toMatch(/"level"|"time"|"pid"|"hostname"|\d{13}/);
  }, 120_000);

  it('leaves routine lines (each request, each connect) to debug, and writes JSON lines to a pipe', async () => {
    const lines = linesOf(await run(false));
    const events = lines.map((line) => JSON.parse(line) as { level: number; time: number; msg: string });
    // Three requests and a device's connect were made: none of them is an info line.
    expect(events.map((e) => [e.level, e.msg])).toEqual([
      [30, 'building simulator running'],
      [40, 'mqtt publish refused by topic ACL'],
    ]);
    expect(events[0]?.time).toBeGreaterThan(Date.now() - 600_000);
  }, 120_000);

  it('writes the readable lines to a pipe too with LOG_FORMAT=pretty, without colours', async () => {
    const raw = await run(false, { LOG_FORMAT: 'pretty' });
    expect(raw).not.toContain('\u001b[');
    expect(linesOf(raw)[0]).toMatch(/^\[\d{2}:\d{2}:\d{2}\] INFO: building simulator running /);
  }, 120_000);
});
