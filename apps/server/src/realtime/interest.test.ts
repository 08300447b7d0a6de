import { afterAll, describe, expect, it } from 'vitest';
import { LocalBus, type Bus } from '../platform/cluster/index.js';
import { INTEREST_REFRESH_MS, LiveInterest } from './interest.js';

/** One in-process bus seen as two nodes (two node ids), as two processes see one NATS. */
function node(shared: Bus, nodeId: string): Bus {
  return {
    kind: 'nats',
    nodeId,
    publish: (topic, payload) => shared.publish(topic, payload),
    subscribe: (topic, handler) => shared.subscribe(topic, handler),
    request: (endpoint, payload, options) => shared.request(endpoint, payload, options),
    respond: (endpoint, handler) => shared.respond(endpoint, handler),
    status: () => shared.status(),
    close: () => Promise.resolve(),
  };
}

describe('which devices the cluster follows', () => {
  const shared = new LocalBus();
  let now = 1_000_000;
  const clock = () => now;
  const followedOnB = new Set([7]);
  const b = new LiveInterest(node(shared, 'b'), () => followedOnB, clock);
  let a: LiveInterest;
  afterAll(() => {
    a.close();
    b.close();
  });

  it('learns at start what the other nodes follow, and at once what they start following', () => {
    a = new LiveInterest(node(shared, 'a'), () => [], clock);
    expect(a.followed(7)).toBe(true);
    expect(a.followed(9)).toBe(false);
    followedOnB.add(9);
    b.added([9]);
    expect(a.followed(9)).toBe(true);
  });

  it('forgets an unfollowed device at the next repetition, and a silent node after three', () => {
    followedOnB.delete(7);
    b.refresh();
    expect(a.followed(7)).toBe(false);
    expect(a.followed(9)).toBe(true);
    b.close();
    now += 3 * INTEREST_REFRESH_MS + 1;
    a.refresh();
    expect(a.followed(9)).toBe(false);
  });
});
