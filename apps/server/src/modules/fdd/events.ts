import type { FastifyInstance } from 'fastify';
import { recordFaultDeliveries, type FaultNotificationEvent } from '../notifications/index.js';
import { findingsByIds } from './service.js';

/**
 * Tells the project's channels that findings were raised or fixed (issue 38: webhooks and e-mail follow
 * `faultRaised` and `faultFixed`): one delivery per channel and event, saying what the finding was at that
 * moment; then wakes the dispatcher. A failure is logged and loses nothing else.
 */
export async function notifyFindings(
  app: FastifyInstance,
  events: readonly { id: number; event: FaultNotificationEvent }[],
): Promise<void> {
  if (events.length === 0) return;
  try {
    const found = new Map(
      (
        await findingsByIds(
          app.db,
          events.map((e) => e.id),
        )
      ).map((f) => [f.finding.id, f] as const),
    );
    const at = app.clock.now().toISOString();
    let recorded = 0;
    for (const { id, event } of events) {
      const row = found.get(id);
      if (!row) continue;
      const f = row.finding;
      recorded += await recordFaultDeliveries(app.db, {
        tenantId: row.tenantId,
        projectId: f.projectId,
        event,
        fault: {
          id: f.id,
          rule: f.rule,
          deviceId: f.deviceId,
          deviceName: f.deviceName,
          place: [f.buildingName, f.zoneName].filter(Boolean).join(' / '),
          status: f.status,
          at,
          firstSeen: f.firstSeen,
          wasteKwh: f.wasteKwh,
          wasteCost: f.wasteCost,
          wasteKwhPerDay: f.wasteKwhPerDay,
        },
      });
    }
    if (recorded > 0) app.notifications.kick();
  } catch (error) {
    app.log.error({ err: error }, 'fault detection: notifications');
  }
}
