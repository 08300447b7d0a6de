import { describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { Rounds } from './rounds.js';

/** A logger that keeps what was logged as an error. */
function errors() {
  const logged: string[] = [];
  const log = { error: (_: unknown, msg: string) => logged.push(msg) } as unknown as FastifyBaseLogger;
  return { log, logged };
}

/** A round that waits until released, counting how many ran and how many ran at once. */
function gatedRound() {
  let release = () => {};
  const state = { started: 0, inFlight: 0, most: 0 };
  const round = async () => {
    state.started += 1;
    state.inFlight += 1;
    state.most = Math.max(state.most, state.inFlight);
    await new Promise<void>((resolve) => (release = resolve));
    state.inFlight -= 1;
  };
  return { round, state, release: () => release() };
}

describe('rounds of background work', () => {
  it('run one at a time: a tick during a round runs after it', async () => {
    const { log } = errors();
    const gate = gatedRound();
    const rounds = new Rounds(gate.round, { everyMs: 60_000, ready: () => true, log, name: 'test' });
    const first = rounds.tick();
    const second = rounds.tick();
    expect(gate.state.started).toBe(1);
    gate.release();
    await first;
    await Promise.resolve();
    expect(gate.state.started).toBe(2);
    gate.release();
    await second;
    expect(gate.state.most).toBe(1);
  });

  it('run none before the server is ready, nor after stop, which waits for the round in progress', async () => {
    const { log } = errors();
    const gate = gatedRound();
    let ready = false;
    const rounds = new Rounds(gate.round, { everyMs: 60_000, ready: () => ready, log, name: 'test' });
    await rounds.tick();
    expect(gate.state.started).toBe(0);
    ready = true;
    void rounds.tick();
    let stopped = false;
    const stopping = rounds.stop().then(() => (stopped = true));
    await Promise.resolve();
    expect(stopped).toBe(false);
    gate.release();
    await stopping;
    expect(rounds.stopped).toBe(true);
    await rounds.tick();
    expect(gate.state.started).toBe(1);
  });

  it('log a failed round under their name, and the next tick tries again', async () => {
    const { log, logged } = errors();
    let calls = 0;
    const rounds = new Rounds(
      async () => {
        calls += 1;
        if (calls === 1) throw new Error('database gone');
      },
      { everyMs: 60_000, ready: () => true, log, name: 'test: round' },
    );
    await rounds.tick();
    await rounds.tick();
    expect(logged).toEqual(['test: round']);
    expect(calls).toBe(2);
  });
});
