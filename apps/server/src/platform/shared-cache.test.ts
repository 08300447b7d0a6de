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
