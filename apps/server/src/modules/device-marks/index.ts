/** The public surface of this module: what other modules may import (the lint fences check it). */
export { diffMark, lockBuilding, recordMeshVersion } from './mesh-record.js';
export { deviceMarksPlugin } from './plugin.js';
export { deviceMarkRoutes } from './routes.js';
