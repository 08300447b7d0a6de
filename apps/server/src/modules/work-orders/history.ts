import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { recordWorkOrderDeliveries, type WorkOrderNotificationEvent } from '../notifications/index.js';
import { selectWorkOrders, toWorkOrder, webhookWorkOrder } from './rows.js';
import { workOrderHistory, workOrders } from './tables.js';

export type NewHistory = typeof workOrderHistory.$inferInsert;

/**
 * Writes one history entry, and for an event the project's channels follow (created, assigned, overdue,
 * resolved), its deliveries, with the work order as it is now in the same transaction. Answers whether
 * deliveries were recorded (the caller kicks the dispatcher once committed). An entry telling of an alert's
 * history entry is written once (`alertHistoryId` is unique per work order): answers false when it was there.
 */
export async function addHistory(
  tx: Db,
  entry: NewHistory,
  event?: WorkOrderNotificationEvent,
): Promise<{ written: boolean; notified: boolean }> {
  const [written] = await tx
    .insert(workOrderHistory)
    .values(entry)
    .onConflictDoNothing()
    .returning({ id: workOrderHistory.id });
  if (!written) return { written: false, notified: false };
  if (!event) return { written: true, notified: false };
  const [joined] = await selectWorkOrders(tx).where(eq(workOrders.id, entry.workOrderId));
  if (!joined) return { written: true, notified: false };
  const at = entry.at instanceof Date ? entry.at.getTime() : Date.now();
  const order = toWorkOrder(joined, at);
  const count = await recordWorkOrderDeliveries(tx, {
    tenantId: joined.order.tenantId,
    projectId: joined.order.projectId,
    historyId: written.id,
    event,
    workOrder: webhookWorkOrder(order),
  });
  return { written: true, notified: count > 0 };
}
