/** The public surface of this module: what other modules may import (the lint fences check it). */
export type { AlertChange, AlertEvents } from './events.js';
export { alertsPlugin } from './plugin.js';
export { alertRoutes } from './routes.js';
export { alertRuleRoutes } from './rule-routes.js';
export { countAlerts, handleAlert, reportCount } from './service.js';
