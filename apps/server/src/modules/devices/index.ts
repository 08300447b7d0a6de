/** The public surface of this module: what other modules may import (the lint fences check it). */
export { BLE_INIT_LEASE_MS, bleInitPlugin, meshIdOf } from './ble-gateway-init.js';
export { findDevice, latestTelemetry } from './device-rows.js';
export type { DeviceRow } from './device-rows.js';
export { newAccessToken, splitFields } from './device-service.js';
export { deviceHooksPlugin } from './hooks.js';
export { deviceImportRoutes } from './import-routes.js';
export { deviceRoutes } from './routes.js';
