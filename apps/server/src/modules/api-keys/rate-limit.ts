/**
 * Requests per key (by its public prefix, before the database is asked) per minute, counted in fixed one-minute windows in this process. A cluster of N nodes
 * behind a load balancer lets a key make up to N times the limit; the limit protects each node, and
 * revocation (the part that must agree across nodes) is checked in the database.
 */
export class KeyRateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly perMinute: number) {}

  /** Counts one request; answers the seconds to wait when the key is over its limit, else 0. */
  take(keyId: string, now = Date.now()): number {
    const start = now - (now % 60_000);
    const window = this.windows.get(keyId);
    if (!window || window.start !== start) {
      // A new minute: forget every other key's finished window too, so the map stays as small as the
      // number of keys in use.
      if (window && window.start !== start) this.prune(start);
      this.windows.set(keyId, { start, count: 1 });
      return 0;
    }
    window.count += 1;
    return window.count > this.perMinute ? Math.ceil((start + 60_000 - now) / 1000) : 0;
  }

  get limit(): number {
    return this.perMinute;
  }

  private prune(start: number): void {
    for (const [id, window] of this.windows) if (window.start !== start) this.windows.delete(id);
  }
}
