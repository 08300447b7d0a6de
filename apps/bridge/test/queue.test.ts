import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Log } from '../src/log.js';
import { DiskQueue } from '../src/queue.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sbuilding-bridge-queue-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function reading(n: number) {
  return { device: 'Meter', ts: 1_765_000_000_000 + n * 1000, values: { energy: n } };
}

describe('the on-disk queue of readings', () => {
  it('keeps at most its size, drops the oldest with a count in the log, and survives a restart in order', async () => {
    const logged: { msg: string; data?: Record<string, unknown> }[] = [];
    const log: Log = (_level, msg, data) => logged.push({ msg, ...(data ? { data } : {}) });
    const at = path.join(dir, 'bounded');
    const queue = await DiskQueue.open(at, 3, log);
    for (let n = 1; n <= 5; n += 1) await queue.push(reading(n));
    expect(queue.peek(10).map((r) => r.values.energy)).toEqual([3, 4, 5]);
    expect(queue.dropped).toBe(2);
    expect(
      logged
        .filter((l) => l.msg === 'queue full: oldest readings dropped')
        .map((l) => l.data?.droppedSinceStart),
    ).toEqual([1, 2]);

    const [first] = queue.peek(1);
    await queue.consumeThrough(first?.id ?? 0);
    await queue.flushed();
    const again = await DiskQueue.open(at, 3, log);
    expect(again.peek(10).map((r) => ({ ts: r.ts, values: r.values }))).toEqual(
      [reading(4), reading(5)].map(({ ts, values }) => ({ ts, values })),
    );
  });

  it('rewrites its file once most of it is sent, and still reopens with what is left', async () => {
    const at = path.join(dir, 'compacted');
    const queue = await DiskQueue.open(at, 10_000, () => undefined);
    for (let n = 1; n <= 2_100; n += 1) await queue.push(reading(n));
    const sent = queue.peek(2_000).at(-1);
    await queue.consumeThrough(sent?.id ?? 0);
    await queue.flushed();
    const lines = fs.readFileSync(path.join(at, 'readings.jsonl'), 'utf8').trim().split('\n');
    // The header and the 100 readings left.
    expect(lines).toHaveLength(101);
    const again = await DiskQueue.open(at, 10_000, () => undefined);
    expect(again.peek(200).map((r) => r.values.energy)).toEqual(
      Array.from({ length: 100 }, (_, i) => 2_001 + i),
    );
  });
});
