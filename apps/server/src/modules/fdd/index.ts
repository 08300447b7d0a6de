/** The public surface of this module: what other modules may import (the lint fences check it). */
export { fddPlugin } from './plugin.js';
export { fddRoutes } from './routes.js';
export { faultDigest } from './service.js';
