import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { billRoutes } from './bill-routes.js';
import { boardCostRoutes } from './board-cost-routes.js';
import { meterTreeRoutes } from './meter-tree-routes.js';
import { pricedCaches } from './priced-caches.js';
import { tariffRoutes } from './tariff-routes.js';

/**
 * Tariffs, emission factors, the energy board's cost, bills and the meter tree (issue 22): one plugin each,
 * sharing this app's priced answers (priced-caches.ts), so a tariff or a node written clears the cost and
 * the bills at once.
 */
export const energyBillingRoutes: FastifyPluginAsyncZod = async (app) => {
  const caches = pricedCaches();
  await app.register(tariffRoutes, { caches });
  await app.register(boardCostRoutes, { caches });
  await app.register(billRoutes, { caches });
  await app.register(meterTreeRoutes, { caches });
};
