import { and, count, desc, eq, sql } from 'drizzle-orm';
import type {
  ChannelCreateBody,
  ChannelTestResult,
  ChannelUpdateBody,
  DeliveryListFilter,
  NotificationChannel,
  NotificationDelivery,
  PageResult,
} from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { AppError, conflict } from '../../platform/errors.js';
import { ownedOr404, tenantFilter, type Scope } from '../../platform/tenancy.js';
import { alerts } from '../alerts/tables.js';
import { projects } from '../projects/tables.js';
import { sendTo } from './dispatcher.js';
import { notificationChannels, notificationDeliveries } from './tables.js';

export type ChannelRow = typeof notificationChannels.$inferSelect;

export function toChannel(row: ChannelRow): NotificationChannel {
  return {
    id: row.id,
    projectId: row.projectId,
    name: row.name,
    kind: row.kind,
    enabled: row.enabled,
    levels: row.levels,
    events: row.events,
    url: row.url,
    hasSecret: row.secret !== '',
    recipients: row.recipients,
    version: row.version,
    createTime: row.createdAt.toISOString(),
    updateTime: row.updatedAt.toISOString(),
  };
}

/** The project when the caller may see it (another tenant's project is a 404). */
async function ownedProject(db: Db, scope: Scope, projectId: number) {
  const [row] = await db
    .select({ id: projects.id, tenantId: projects.tenantId })
    .from(projects)
    .where(eq(projects.id, projectId));
  return ownedOr404(scope, row);
}

export async function ownedChannel(db: Db, scope: Scope, id: number): Promise<ChannelRow> {
  const [row] = await db.select().from(notificationChannels).where(eq(notificationChannels.id, id));
  return ownedOr404(scope, row);
}

const NO_RECIPIENTS: string[] = [];

/** A webhook keeps no recipients, an e-mail channel no URL or secret. */
function kindFields(body: ChannelCreateBody) {
  return body.kind === 'webhook'
    ? { url: body.url, recipients: NO_RECIPIENTS }
    : { url: '', secret: '', recipients: body.recipients };
}

/** POST /sbuilding/notification/channel/list: the project's channels, by name. */
export async function listChannels(db: Db, scope: Scope, projectId: number): Promise<NotificationChannel[]> {
  await ownedProject(db, scope, projectId);
  const rows = await db
    .select()
    .from(notificationChannels)
    .where(
      and(tenantFilter(scope, notificationChannels.tenantId), eq(notificationChannels.projectId, projectId)),
    )
    .orderBy(notificationChannels.name, notificationChannels.id);
  return rows.map(toChannel);
}

export async function createChannel(
  db: Db,
  scope: Scope,
  body: ChannelCreateBody,
): Promise<NotificationChannel> {
  const project = await ownedProject(db, scope, body.projectId);
  const [row] = await db
    .insert(notificationChannels)
    .values({
      tenantId: project.tenantId,
      projectId: project.id,
      name: body.name,
      kind: body.kind,
      enabled: body.enabled,
      levels: body.levels,
      events: body.events,
      secret: body.secret,
      ...kindFields(body),
    })
    .returning();
  if (!row) throw new AppError(500, 'error.internal');
  return toChannel(row);
}

/** A blank secret keeps the stored one unless `clearSecret`; a stale `version` answers 409. */
export async function updateChannel(
  db: Db,
  scope: Scope,
  body: ChannelUpdateBody,
): Promise<NotificationChannel> {
  const before = await ownedChannel(db, scope, body.id);
  // The channel stays in its project: moving it would let it follow another project's alerts.
  if (before.projectId !== body.projectId) throw conflict();
  const secret = body.clearSecret ? '' : body.secret !== '' ? body.secret : before.secret;
  const [row] = await db
    .update(notificationChannels)
    .set({
      name: body.name,
      kind: body.kind,
      enabled: body.enabled,
      levels: body.levels,
      events: body.events,
      secret,
      ...kindFields(body),
      version: sql`${notificationChannels.version} + 1`,
      updatedAt: new Date(),
    })
    .where(and(eq(notificationChannels.id, body.id), eq(notificationChannels.version, body.version)))
    .returning();
  if (!row) throw conflict();
  return toChannel(row);
}

/** Deleting a channel deletes its delivery log and stops its pending deliveries. */
export async function deleteChannel(db: Db, scope: Scope, id: number): Promise<void> {
  await ownedChannel(db, scope, id);
  await db.delete(notificationChannels).where(eq(notificationChannels.id, id));
}

/** POST /sbuilding/notification/delivery/list: newest first. */
export async function listDeliveries(
  db: Db,
  scope: Scope,
  filter: DeliveryListFilter,
): Promise<PageResult<NotificationDelivery>> {
  await ownedProject(db, scope, filter.projectId);
  const where = and(
    tenantFilter(scope, notificationDeliveries.tenantId),
    eq(notificationDeliveries.projectId, filter.projectId),
    filter.channelId !== undefined ? eq(notificationDeliveries.channelId, filter.channelId) : undefined,
    filter.status ? eq(notificationDeliveries.status, filter.status) : undefined,
  );
  const d = notificationDeliveries;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        delivery: d,
        channelName: notificationChannels.name,
        kind: notificationChannels.kind,
        alertObject: alerts.object,
      })
      .from(d)
      .innerJoin(notificationChannels, eq(notificationChannels.id, d.channelId))
      .leftJoin(alerts, eq(alerts.id, d.alertId))
      .where(where)
      .orderBy(desc(d.createdAt), desc(d.id))
      .limit(filter.pageSize)
      .offset((filter.pageNum - 1) * filter.pageSize),
    db.select({ value: count() }).from(d).where(where),
  ]);
  return {
    rows: rows.map(({ delivery, channelName, kind, alertObject }) => ({
      id: delivery.id,
      channelId: delivery.channelId,
      channelName,
      kind,
      alertId: delivery.alertId,
      alertObject:
        alertObject ??
        delivery.scene?.sceneName ??
        delivery.workOrder?.title ??
        delivery.fault?.deviceName ??
        '',
      sceneRunId: delivery.sceneRunId,
      workOrderId: delivery.workOrder?.id ?? null,
      event: delivery.event,
      level: delivery.level,
      status: delivery.status,
      attempts: delivery.attempts,
      lastError: delivery.lastError,
      httpStatus: delivery.httpStatus,
      createTime: delivery.createdAt.toISOString(),
      updateTime: delivery.updatedAt.toISOString(),
      sentTime: delivery.sentAt?.toISOString() ?? null,
      nextAttemptTime: delivery.status === 'pending' ? (delivery.nextAttemptAt?.toISOString() ?? null) : null,
    })),
    total: total?.value ?? 0,
  };
}

/**
 * POST /sbuilding/notification/channel/test/{id}: sends a test message now, once (no retry, not logged),
 * and answers what happened. Works on a disabled channel too, so it can be tried before it is switched on.
 */
export async function testChannel(
  db: Db,
  scope: Scope,
  id: number,
  timeoutMs: number,
): Promise<ChannelTestResult> {
  const channel = await ownedChannel(db, scope, id);
  const [project] = await db
    .select({ name: projects.projectName })
    .from(projects)
    .where(eq(projects.id, channel.projectId));
  const started = Date.now();
  const outcome = await sendTo(
    db,
    channel,
    {
      deliveryId: null,
      event: 'test',
      time: new Date().toISOString(),
      level: null,
      project: { id: channel.projectId, name: project?.name ?? '' },
      alert: null,
      scene: null,
      workOrder: null,
      fault: null,
    },
    timeoutMs,
    new AbortController().signal,
  );
  return { ...outcome, durationMs: Date.now() - started };
}
