/** The public surface of this module: what other modules may import (the lint fences check it). */
export { logDeviceChange } from './control-log.js';
export { controlLogPlugin } from './log-writer.js';
export { commandRoutes } from './routes.js';
export { sendCommand } from './service.js';
export type { Actor, CommandDeps, CommandRequest } from './service.js';
