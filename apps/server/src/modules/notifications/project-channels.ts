import { and, eq } from 'drizzle-orm';
import type { NotificationEvent } from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { notificationChannels } from './tables.js';

/**
 * The ids of a project's enabled channels that follow `event` (work-order and fault events: alert levels do not
 * filter them).
 */
export async function channelsFollowing(
  db: Db,
  tenantId: number,
  projectId: number,
  event: NotificationEvent,
): Promise<number[]> {
  const c = notificationChannels;
  const channels = await db
    .select({ id: c.id, events: c.events })
    .from(c)
    .where(and(eq(c.tenantId, tenantId), eq(c.projectId, projectId), eq(c.enabled, true)));
  return channels.filter((channel) => channel.events.includes(event)).map((channel) => channel.id);
}
