import { SharedCache } from '../../platform/shared-cache.js';

/**
 * How long a cost or bill answer is shared between callers who see the same rows (same scope key, same query,
 * same minute), then served stale while the next one is computed: 200 viewers of a campus's cost cost one
 * computation, not 200 (platform/shared-cache.ts). A tariff, factor or meter node written clears them at once;
 * late readings and calendar changes show within the minute (the minute is in the key).
 */
export const COST_CACHE_MS = 10_000;
export const COST_STALE_MS = 20_000;

/** The priced answers the module's route plugins share: one set per app (routes.ts makes it). */
export interface PricedCaches {
  cost: SharedCache<string>;
  bill: SharedCache<string>;
  file: SharedCache<Buffer>;
  /**
   * A plan, a factor or a meter tree node changed (a node's bill is priced on its channels): every priced
   * answer goes (they are keyed by scope, not by project alone).
   */
  forgetPriced(): void;
}

export function pricedCaches(): PricedCaches {
  const cost = new SharedCache<string>(COST_CACHE_MS, undefined, undefined, COST_STALE_MS);
  const bill = new SharedCache<string>(COST_CACHE_MS, undefined, undefined, COST_STALE_MS);
  // Files are larger: fewer kept.
  const file = new SharedCache<Buffer>(COST_CACHE_MS, 100, undefined, COST_STALE_MS);
  return {
    cost,
    bill,
    file,
    forgetPriced: () => {
      cost.clear();
      bill.clear();
      file.clear();
    },
  };
}
