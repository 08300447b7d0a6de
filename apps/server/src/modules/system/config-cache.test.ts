import { describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db/client.js';
import { CONFIG_CACHE_TTL_MS, cachedValue, clearConfigCache } from './config-cache.js';

describe('config cache', () => {
  it('loads a key once within 30 s and again after', async () => {
    const db = {} as Db;
    let loads = 0;
    const load = async () => `v${++loads}`;
    expect(await cachedValue(db, 'k', load, 0)).toBe('v1');
    expect(await cachedValue(db, 'k', load, CONFIG_CACHE_TTL_MS - 1)).toBe('v1');
    expect(await cachedValue(db, 'k', load, CONFIG_CACHE_TTL_MS)).toBe('v2');
    expect(CONFIG_CACHE_TTL_MS).toBe(30_000);
  });

  it('remembers a missing key too, and forgets single keys or everything on demand', async () => {
    const db = {} as Db;
    let loads = 0;
    const missing = async () => {
      loads++;
      return undefined;
    };
    await cachedValue(db, 'a', missing, 0);
    await cachedValue(db, 'a', missing, 1);
    expect(loads).toBe(1);
    clearConfigCache(db, 'a');
    await cachedValue(db, 'a', missing, 2);
    expect(loads).toBe(2);
    clearConfigCache(db);
    await cachedValue(db, 'a', missing, 3);
    expect(loads).toBe(3);
  });

  it('keeps one cache per database, so two servers never share values', async () => {
    const one = {} as Db;
    const two = {} as Db;
    await cachedValue(one, 'k', async () => 'one', 0);
    expect(await cachedValue(two, 'k', async () => 'two', 0)).toBe('two');
  });
});
