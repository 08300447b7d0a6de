/** The public surface of this module: what other modules may import (the lint fences check it). */
export { boardRoutes } from './routes.js';
export { seedBoardSettings } from './settings.js';
