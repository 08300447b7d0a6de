/** The public surface of this module: what other modules may import (the lint fences check it). */
export { telemetryRoutes } from './routes.js';
export { ACTIVITY_WRITE_S, TelemetryWriter, gatherMsFor, maxBatchRowsFor } from './writer.js';
export type { TelemetryRow } from './writer.js';
export { startTelemetryRetention } from './retention.js';
