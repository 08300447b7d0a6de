import { and, eq } from 'drizzle-orm';
import type { NotificationEvent, WebhookWorkOrder } from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { notificationChannels, notificationDeliveries } from './tables.js';

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
  const c = notificationChannels;
  const channels = await db
    .select({ id: c.id, events: c.events })
    .from(c)
    .where(and(eq(c.tenantId, entry.tenantId), eq(c.projectId, entry.projectId), eq(c.enabled, true)));
  const rows = channels
    .filter((channel) => channel.events.includes(entry.event))
    .map((channel) => ({
      tenantId: entry.tenantId,
      projectId: entry.projectId,
      channelId: channel.id,
      workOrderHistoryId: entry.historyId,
      workOrder: entry.workOrder,
      event: entry.event,
      level: null,
    }));
  if (rows.length > 0) await db.insert(notificationDeliveries).values(rows).onConflictDoNothing();
  return rows.length;
}
