/** The public surface of this module: what other modules may import (the lint fences check it). */
export type { DeviceUpdate, TelemetryBus } from './bus.js';
export { socketPlugin } from './socket.js';
