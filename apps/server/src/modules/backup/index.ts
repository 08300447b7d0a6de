/** The public surface of this module: what other modules may import (the lint fences check it). */
export { backupRoutes } from './routes.js';
