/** The public surface of this module: what other modules may import (the lint fences check it). */
export { airBoard } from './air.js';
export { boardRoutes } from './routes.js';
export { acBoard, lightBoard } from './service.js';
export { seedBoardSettings } from './settings.js';
