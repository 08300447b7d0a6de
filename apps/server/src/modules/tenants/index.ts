/** The tenants module's public surface for other modules. */
export { tenants } from './tables.js';
export { isTenantDisabled } from './service.js';
