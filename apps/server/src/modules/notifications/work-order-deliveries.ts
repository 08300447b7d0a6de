import type { NotificationEvent, WebhookWorkOrder } from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { channelsFollowing } from './project-channels.js';
import { notificationDeliveries } from './tables.js';

/** The notification events of work orders (issue 37). */
export type WorkOrderNotificationEvent = Extract<NotificationEvent, `workOrder${string}`>;

/**
 * Records one delivery per enabled channel of the work order's project that follows `event`, keeping what the
 * message says of the work order in the row (so sending or retrying it reads nothing of the work-orders
 * module). Run it in the transaction that wrote the history entry, so an event is recorded exactly when it
 * happened (the escalation's once per cluster is its conditional update's); the unique index on channel and
 * entry makes recording twice harmless. Kick the dispatcher once committed. Alert levels do not filter these.
 */
export async function recordWorkOrderDeliveries(
  db: Db,
  entry: {
    tenantId: number;
    projectId: number;
    historyId: number;
    event: WorkOrderNotificationEvent;
    workOrder: WebhookWorkOrder;
  },
): Promise<number> {
  const channels = await channelsFollowing(db, entry.tenantId, entry.projectId, entry.event);
  const rows = channels.map((channelId) => ({
    tenantId: entry.tenantId,
    projectId: entry.projectId,
    channelId,
    workOrderHistoryId: entry.historyId,
    workOrder: entry.workOrder,
    event: entry.event,
    level: null,
  }));
  if (rows.length > 0) await db.insert(notificationDeliveries).values(rows).onConflictDoNothing();
  return rows.length;
}
