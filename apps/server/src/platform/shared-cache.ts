import type { Scope } from './tenancy.js';

/**
 * A short-lived answer shared by every caller asking the same thing: the first caller computes it, callers
 * arriving meanwhile wait for that same computation, and later ones get it until it is `ttlMs` old. For data
 * that changes every few seconds and that many viewers open at once (a board on every screen of a campus):
 * 200 viewers cost one computation a few seconds, not 200. The caller's right to the data is checked before
 * asking (the key must not carry anything a caller may not see).
 *
 * Stale while revalidating (`staleMs` > 0): once the answer is `ttlMs` old and for `staleMs` more, callers
 * still get it at once while one of them starts the next computation, so no caller waits for a
 * recomputation that 200 others are also waiting for. One computation per key at a time, always. A failed
 * computation is not kept, and it drops the stale answer too: the next caller computes and sees the error
 * (a project deleted meanwhile answers 404, not its last board).
 */
export class SharedCache<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 500,
    private readonly now: () => number = Date.now,
    private readonly staleMs = 0,
  ) {}

  get(key: string, compute: () => Promise<T>): Promise<T> {
    const now = this.now();
    let entry = this.entries.get(key);
    if (entry?.answer) {
      if (entry.freshUntil > now) return entry.answer;
      if (entry.staleUntil > now) {
        if (!entry.running) this.start(key, entry, compute);
        return entry.answer;
      }
    }
    if (entry?.running) return entry.running;
    if (!entry) {
      if (this.entries.size >= this.maxEntries) this.sweep(now);
      entry = { answer: null, freshUntil: 0, staleUntil: 0, running: null };
      this.entries.set(key, entry);
    }
    return this.start(key, entry, compute);
  }

  /** Forgets every answer (a change that must show at once, tests); computations in flight keep nothing. */
  clear(): void {
    this.entries.clear();
  }

  private start(key: string, entry: Entry<T>, compute: () => Promise<T>): Promise<T> {
    const running = compute();
    entry.running = running;
    running.then(
      () => {
        if (this.entries.get(key) !== entry) return;
        const done = this.now();
        entry.answer = running;
        entry.freshUntil = done + this.ttlMs;
        entry.staleUntil = done + this.ttlMs + this.staleMs;
        entry.running = null;
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return running;
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.entries)
      if (!entry.running && entry.staleUntil <= now) this.entries.delete(key);
    // Still full of live answers: the oldest go first (a Map iterates in insertion order).
    for (const key of this.entries.keys()) {
      if (this.entries.size < this.maxEntries) break;
      this.entries.delete(key);
    }
  }
}

interface Entry<T> {
  /** The last computed answer (settled), or null before the first. */
  answer: Promise<T> | null;
  /** Until when the answer is given as it is, then until when it is given while the next one is computed. */
  freshUntil: number;
  staleUntil: number;
  /** The computation in flight: at most one per key. */
  running: Promise<T> | null;
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
