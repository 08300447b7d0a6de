/** The public surface of this module: what other modules may import (the lint fences check it). */
export { energyReportRoutes, publicShareRoutes } from './routes.js';
export { energyReportsPlugin } from './plugin.js';
