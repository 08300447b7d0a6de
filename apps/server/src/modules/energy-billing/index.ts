/** The public surface of this module: what other modules may import (the lint fences check it). */
export { energyBillingRoutes } from './routes.js';
export { seedEnergyBilling } from './seed.js';
export { startDemandSplitting } from './demand.js';
export { energyReport, reportPdf } from './report.js';
export { billNodes, energyBill } from './bills.js';
export { billPdf } from './bill-files.js';
