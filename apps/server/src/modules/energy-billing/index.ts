/** The public surface of this module: what other modules may import (the lint fences check it). */
export { energyBillingRoutes } from './routes.js';
export { priceAt } from './tariffs.js';
export { seedEnergyBilling } from './seed.js';
export { energyReport, reportPdf } from './report.js';
export { billFileNameOf, billNodes, energyBill } from './bills.js';
export { billPdf, billXlsx } from './bill-files.js';
export { settleDemandBefore, startDemandSplitting } from './demand.js';
export { projectEnergy, type PlaceEnergy } from './costs.js';
export { demandSpan, ensureDemandDays, peakFigure, placePeaks, type DemandPlace } from './demand-places.js';
export { treeBuildingAreas, type TreeArea } from './tree-areas.js';
export { splitWarmerPlugin } from './warm-splits-plugin.js';
