/** The public surface of this module: what other modules may import (the lint fences check it). */
export { notificationsPlugin } from './plugin.js';
export { notificationRoutes } from './routes.js';
export { describeWebhooks } from './webhook-docs.js';
export { recordWorkOrderDeliveries, type WorkOrderNotificationEvent } from './work-order-deliveries.js';
export { recordFaultDeliveries, type FaultNotificationEvent } from './fault-deliveries.js';
