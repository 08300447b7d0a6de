import type { Db } from '../../platform/db/client.js';

/**
 * Config values are read often (the captcha switch on every sign-in page) and change rarely, so each
 * server process keeps them for 30 s. Writes through the API drop the key at once in this process;
 * other processes see the change within the TTL, or at once after DELETE /system/config/clearCache.
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
    cache = new Map();
    caches.set(db, cache);
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

/** Forgets the given keys, or every key when none is given. */
export function clearConfigCache(db: Db, ...keys: string[]): void {
  const cache = caches.get(db);
  if (!cache) return;
  if (keys.length === 0) cache.clear();
  else for (const key of keys) cache.delete(key);
}
