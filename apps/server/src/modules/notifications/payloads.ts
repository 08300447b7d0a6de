import type { AlertStatus, NotificationEvent, WebhookSceneRun } from '@sbuilding/shared';
import type { alerts } from '../alerts/tables.js';
import type { SceneRunEvent } from '../scenes/index.js';
import type { NotificationMessage } from './senders.js';

/** What a notification says of its event: the alert's fields and the scene run's, as sent and as kept. */

/**
 * What a history entry means to a channel: the alert opened (or opened again), the system resolved it
 * (back online, reading back to normal), or a person handled it (processed, ignored, device deleted).
 */
export function notificationEventOf(entry: {
  toStatus: AlertStatus;
  userId: number | null;
}): NotificationEvent {
  if (entry.toStatus === 'alerting') return 'raised';
  if (entry.toStatus === 'processed' && entry.userId === null) return 'resolved';
  return 'processed';
}

type AlertRow = typeof alerts.$inferSelect;

/** What a scene-run notification says of the run (kept in the delivery row, sent as the body's `scene`). */
export function sceneRunPayload({ run, userName }: SceneRunEvent): WebhookSceneRun {
  return {
    runId: run.id,
    sceneId: run.sceneId,
    sceneName: run.sceneName,
    trigger: run.trigger,
    outcome: run.outcome,
    reason: run.reason,
    startedAt: run.time,
    durationMs: run.durationMs,
    userName,
    commands: run.commands.map((c) => ({
      deviceId: c.deviceId,
      deviceName: c.deviceName,
      method: c.method,
      result: c.result,
      message: c.message,
    })),
  };
}

/** The alert's fields a message carries. */
export function alertPayload(row: AlertRow): NonNullable<NotificationMessage['alert']> {
  return {
    id: row.id,
    level: row.level,
    status: row.status,
    type: row.type,
    deviceName: row.deviceName,
    object: row.object,
    address: row.address,
    positionName: row.positionName,
    alertTime: row.alertTime.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    solution: row.solution,
  };
}
