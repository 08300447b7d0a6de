import type { NotificationEvent, WebhookFault } from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { channelsFollowing } from './project-channels.js';
import { notificationDeliveries } from './tables.js';

/** The notification events of fault findings (issue 38). */
export type FaultNotificationEvent = Extract<NotificationEvent, `fault${string}`>;

/**
 * Records one delivery per enabled channel of the finding's project that follows `event`, keeping what the
 * message says of the finding (so sending or retrying it reads nothing of the fdd module). The key (finding,
 * event, time) makes recording the same event twice harmless. Kick the dispatcher once committed. Alert levels
 * do not filter these.
 */
export async function recordFaultDeliveries(
  db: Db,
  entry: { tenantId: number; projectId: number; event: FaultNotificationEvent; fault: WebhookFault },
): Promise<number> {
  const channels = await channelsFollowing(db, entry.tenantId, entry.projectId, entry.event);
  const rows = channels.map((channelId) => ({
    tenantId: entry.tenantId,
    projectId: entry.projectId,
    channelId,
    fault: entry.fault,
    faultKey: `${entry.fault.id}:${entry.event}:${entry.fault.at}`,
    event: entry.event,
    level: null,
  }));
  if (rows.length > 0) await db.insert(notificationDeliveries).values(rows).onConflictDoNothing();
  return rows.length;
}
