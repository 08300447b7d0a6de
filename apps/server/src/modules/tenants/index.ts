/** The public surface of this module: what other modules may import (the lint fences check it). */
export { tenantRoutes } from './routes.js';
export { isTenantDisabled } from './service.js';
export { tenants } from './tables.js';
