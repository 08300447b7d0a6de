import type { Scope } from './tenancy.js';

/**
 * A short-lived answer shared by every caller asking the same thing: the first caller computes it, callers
 * arriving meanwhile wait for that same computation, and later ones get it until it is `ttlMs` old. For data
 * that changes every few seconds and that many viewers open at once (a board on every screen of a campus):
 * 200 viewers cost one computation a few seconds, not 200. A failed computation is not kept. The caller's
 * right to the data is checked before asking (the key must not carry anything a caller may not see).
 */
export class SharedCache<T> {
  private readonly entries = new Map<string, { expires: number; value: Promise<T> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 500,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string, compute: () => Promise<T>): Promise<T> {
    const now = this.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value;
    if (this.entries.size >= this.maxEntries) this.sweep(now);
    const value = compute();
    const entry = { expires: now + this.ttlMs, value };
    this.entries.set(key, entry);
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return value;
  }

  /** Forgets every answer (a change that must show at once, tests). */
  clear(): void {
    this.entries.clear();
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.entries) if (entry.expires <= now) this.entries.delete(key);
    // Still full of live answers: the oldest go first (a Map iterates in insertion order).
    for (const key of this.entries.keys()) {
      if (this.entries.size < this.maxEntries) break;
      this.entries.delete(key);
    }
  }
}

/**
 * What a scope lets its caller see, as a cache key part: the tenant (or admin), roles, permissions and the
 * building and project limits, not who the caller is. Callers with the same key are shown the same rows by
 * every tenancy filter, so an answer computed under one caller's scope may be given to the others (200
 * display accounts of a tenant share one board computation), and never to a caller who may see less or more.
 */
export function scopeKey(scope: Scope): string {
  const list = (values: readonly (string | number)[] | undefined) =>
    values === undefined ? '*' : [...values].sort().join(',');
  return [
    scope.isAdmin ? 'admin' : `tenant:${scope.tenantId ?? 'none'}`,
    list(scope.roles),
    list(scope.permissions),
    list(scope.hallIds),
    list(scope.projectIds),
  ].join('|');
}
