/** The public surface of this module: what other modules may import (the lint fences check it). */
export { metricsRoutes } from './routes.js';
