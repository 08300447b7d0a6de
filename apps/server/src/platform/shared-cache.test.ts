import { describe, expect, it } from 'vitest';
import { scopeKey, SharedCache } from './shared-cache.js';
import type { Scope } from './tenancy.js';

describe('SharedCache', () => {
  it('computes once for every caller asking meanwhile and until the answer is ttl old', async () => {
    let clock = 0;
    let computed = 0;
    const cache = new SharedCache<number>(2_000, 10, () => clock);
    const compute = async () => {
      computed += 1;
      await new Promise((resolve) => setImmediate(resolve));
      return computed;
    };
    const answers = await Promise.all(Array.from({ length: 200 }, () => cache.get('air:1', compute)));
    expect(new Set(answers)).toEqual(new Set([1]));
    expect(computed).toBe(1);
    clock = 1_999;
    expect(await cache.get('air:1', compute)).toBe(1);
    clock = 2_000;
    expect(await cache.get('air:1', compute)).toBe(2);
    expect(await cache.get('air:2', compute)).toBe(3);
  });

  it('does not keep a failed computation', async () => {
    const cache = new SharedCache<string>(60_000);
    await expect(cache.get('k', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cache.get('k', () => Promise.resolve('back'))).toBe('back');
  });

  it('holds at most its size, dropping expired answers and then the oldest', async () => {
    const clock = 0;
    const cache = new SharedCache<string>(1_000, 2, () => clock);
    await cache.get('a', async () => 'a1');
    await cache.get('b', async () => 'b1');
    await cache.get('c', async () => 'c1');
    expect(await cache.get('a', async () => 'a2')).toBe('a2');
    expect(await cache.get('c', async () => 'c2')).toBe('c1');
  });
});

describe('SharedCache, stale while revalidating', () => {
  /** A computation the test settles by hand. */
  function gate<T>() {
    let settle!: (value: T) => void;
    let fail!: (error: Error) => void;
    const promise = new Promise<T>((resolve, reject) => {
      settle = resolve;
      fail = reject;
    });
    return { promise, settle, fail };
  }
  const tick = () => new Promise((resolve) => setImmediate(resolve));

  it('gives the last answer at once while one caller recomputes it, then the new one', async () => {
    let clock = 0;
    const cache = new SharedCache<string>(2_000, 10, () => clock, 10_000);
    expect(await cache.get('air', async () => 'v1')).toBe('v1');
    clock = 2_500;
    const next = gate<string>();
    let computed = 0;
    const compute = () => {
      computed += 1;
      return next.promise;
    };
    // 200 callers after the answer aged: all answered with it, without waiting; one computation.
    const answers = await Promise.all(Array.from({ length: 200 }, () => cache.get('air', compute)));
    expect(new Set(answers)).toEqual(new Set(['v1']));
    expect(computed).toBe(1);
    next.settle('v2');
    await tick();
    expect(await cache.get('air', compute)).toBe('v2');
    expect(computed).toBe(1);
  });

  it('runs one computation per key at a time, also when the first one outlasts the ttl', async () => {
    let clock = 0;
    const cache = new SharedCache<string>(2_000, 10, () => clock, 10_000);
    const first = gate<string>();
    let computed = 0;
    const compute = () => {
      computed += 1;
      return first.promise;
    };
    const early = cache.get('air', compute);
    clock = 5_000;
    const late = cache.get('air', compute);
    expect(computed).toBe(1);
    first.settle('v1');
    expect(await early).toBe('v1');
    expect(await late).toBe('v1');
  });

  it('waits for a new answer once the last one is older than ttl and stale time', async () => {
    let clock = 0;
    const cache = new SharedCache<string>(2_000, 10, () => clock, 10_000);
    await cache.get('air', async () => 'v1');
    clock = 12_000;
    expect(await cache.get('air', async () => 'v2')).toBe('v2');
  });

  it('keeps no failed computation, and drops the stale answer with it', async () => {
    let clock = 0;
    const cache = new SharedCache<string>(2_000, 10, () => clock, 10_000);
    await cache.get('air', async () => 'v1');
    clock = 3_000;
    const refresh = gate<string>();
    // The caller who starts the recomputation is still answered with the last answer.
    expect(await cache.get('air', () => refresh.promise)).toBe('v1');
    refresh.fail(new Error('project deleted'));
    await tick();
    // The next caller computes afresh and sees the error; nothing of it is kept either.
    await expect(cache.get('air', () => Promise.reject(new Error('not found')))).rejects.toThrow('not found');
    await tick();
    expect(await cache.get('air', async () => 'v3')).toBe('v3');
  });

  it("shares nothing between keys (another scope never gets this one's answer)", async () => {
    let clock = 0;
    const cache = new SharedCache<string>(2_000, 10, () => clock, 10_000);
    await cache.get('tenant:1|air', async () => 'tenant 1');
    clock = 3_000;
    expect(await cache.get('tenant:2|air', async () => 'tenant 2')).toBe('tenant 2');
    expect(await cache.get('tenant:1|air', async () => 'tenant 1 again')).toBe('tenant 1');
  });
});

describe('scopeKey', () => {
  const base: Scope = {
    userId: 7,
    tenantId: 3,
    roles: ['tbVisualDisplay'],
    permissions: ['a:b:c', 'x:y:z'],
    isAdmin: false,
  };

  it('is the same for callers who see the same rows, whoever they are', () => {
    expect(scopeKey({ ...base, userId: 8, permissions: ['x:y:z', 'a:b:c'] })).toBe(scopeKey(base));
  });

  it('differs for a caller who may see less or more', () => {
    const others: Scope[] = [
      { ...base, tenantId: 4 },
      { ...base, tenantId: null },
      { ...base, isAdmin: true, tenantId: null },
      { ...base, roles: ['tbCustomer'] },
      { ...base, permissions: ['a:b:c'] },
      { ...base, hallIds: [1] },
      { ...base, hallIds: [] },
      { ...base, projectIds: [2] },
    ];
    const keys = new Set([base, ...others].map(scopeKey));
    expect(keys.size).toBe(others.length + 1);
  });
});
