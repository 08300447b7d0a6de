import { SharedCache } from '../../platform/shared-cache.js';

/**
 * How long a cost or bill answer is shared between callers who see the same rows (same scope key, same query,
 * same minute), then served stale while the next one is computed: 200 viewers of a campus's cost cost one
 * computation, not 200 (platform/shared-cache.ts). A tariff, factor or meter node written clears them at once;
 * late readings and calendar changes show within the minute (the minute is in the key).
 */
export const COST_CACHE_MS = 10_000;
export const COST_STALE_MS = 20_000;
/**
 * How long the list of a project's bill nodes is shared between callers who see the same rows: as the boards'
 * figures, 2 s (a building, floor or zone added shows within them; a meter node written clears it at once).
 * Uncached, 200 callers of the 10x campus's 690 nodes waited 417 ms at p99 (bench/energy-10x.bench.mjs).
 */
export const BILL_NODES_CACHE_MS = 2_000;

/** The priced answers the module's route plugins share: one set per app (routes.ts makes it). */
export interface PricedCaches {
  cost: SharedCache<string>;
  bill: SharedCache<string>;
  file: SharedCache<Buffer>;
  /** The bill nodes of a project (BILL_NODES_CACHE_MS). */
  nodes: SharedCache<string>;
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
  const nodes = new SharedCache<string>(BILL_NODES_CACHE_MS);
  return {
    cost,
    bill,
    file,
    nodes,
    forgetPriced: () => {
      cost.clear();
      bill.clear();
      file.clear();
      nodes.clear();
    },
  };
}
