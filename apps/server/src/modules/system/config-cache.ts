import type { Db } from '../../platform/db/client.js';
import { busOf, INVALIDATE } from '../../platform/cluster/index.js';

/**
 * Config values are read often (the captcha switch on every sign-in page) and change rarely, so each
 * server process keeps them for 30 s. Writes through the API drop the key at once in every process of the
 * cluster (the cluster seam's cache.invalidate); the TTL bounds what a lost message could leave stale.
 * The cache is per database handle, so two servers (or two tests) in one process never share values.
 */
export const CONFIG_CACHE_TTL_MS = 30_000;

interface Entry {
  value: string | undefined;
  expiresAt: number;
}

const caches = new WeakMap<Db, Map<string, Entry>>();

function cacheOf(db: Db): Map<string, Entry> {
  let cache = caches.get(db);
  if (!cache) {
    const created = new Map<string, Entry>();
    cache = created;
    caches.set(db, created);
    // Another node (or this one) changed config keys: forget them here.
    busOf(db)?.subscribe(INVALIDATE, ({ cache: name, keys }) => {
      if (name !== 'config') return;
      if (keys.length === 0) created.clear();
      else for (const key of keys) created.delete(String(key));
    });
  }
  return cache;
}

/** The cached value of `key`, loading it with `load` when absent or older than the TTL. */
export async function cachedValue(
  db: Db,
  key: string,
  load: () => Promise<string | undefined>,
  now = Date.now(),
): Promise<string | undefined> {
  const cache = cacheOf(db);
  const hit = cache.get(key);
  if (hit && hit.expiresAt > now) return hit.value;
  const value = await load();
  cache.set(key, { value, expiresAt: now + CONFIG_CACHE_TTL_MS });
  return value;
}

/** Forgets the given keys, or every key when none is given, on every node of the cluster. */
export function clearConfigCache(db: Db, ...keys: string[]): void {
  const cache = caches.get(db);
  if (cache) {
    if (keys.length === 0) cache.clear();
    else for (const key of keys) cache.delete(key);
  }
  busOf(db)?.publish(INVALIDATE, { cache: 'config', keys });
}
