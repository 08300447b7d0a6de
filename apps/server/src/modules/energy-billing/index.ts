/** The public surface of this module: what other modules may import (the lint fences check it). */
export { energyBillingRoutes } from './routes.js';
export { seedEnergyBilling } from './seed.js';
export { settleDemandBefore, startDemandSplitting } from './demand.js';
