/** The public surface of this module: what other modules may import (the lint fences check it). */
export { workOrderAdminRoutes } from './admin-routes.js';
export { workOrdersPlugin } from './plugin.js';
export { maintenancePlanRoutes } from './plan-routes.js';
export { workOrderPhotoRoutes } from './photo-routes.js';
export { workOrderRoutes } from './routes.js';
export { createWorkOrder } from './service.js';
export { seedWorkOrders } from './seed.js';
export { wxWorkOrderRoutes } from './wx-routes.js';
