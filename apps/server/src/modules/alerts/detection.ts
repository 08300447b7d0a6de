import type { FastifyBaseLogger } from 'fastify';
import { and, desc, eq, gt, inArray } from 'drizzle-orm';
import { offlineAlertLevel } from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import type { PresenceChange, PresenceListener } from '../../mqtt/index.js';
import { buildings, floors, zones } from '../buildings/tables.js';
import { devices } from '../devices/tables.js';
import { alertHistory, alerts, nextVersion, type NewHistory } from './tables.js';
import type { AlertEvents } from './events.js';

/**
 * A device that goes offline again within this long after it came back reopens the alert its return
 * resolved, with a history entry, instead of raising a new one: a flapping device does not flood the board.
 */
export const FLAP_WINDOW_MS = 15 * 60_000;

interface Touched {
  id: number;
  tenantId: number;
}

const placeColumns = {
  id: devices.id,
  tenantId: devices.tenantId,
  projectId: devices.projectId,
  name: devices.name,
  model: devices.model,
  category: devices.category,
  buildingId: devices.buildingId,
  floorId: devices.floorId,
  position: devices.position,
  lastActivityAt: devices.lastActivityAt,
  buildingName: buildings.name,
  buildingAddress: buildings.address,
  floorName: floors.name,
  zoneName: zones.name,
};

/** Devices with the names of their building, floor and zone, for the alert's address and position. */
export function placed(db: Db, ids: number[]) {
  return db
    .select(placeColumns)
    .from(devices)
    .leftJoin(buildings, eq(buildings.id, devices.buildingId))
    .leftJoin(floors, eq(floors.id, devices.floorId))
    .leftJoin(zones, eq(zones.id, devices.zoneId))
    .where(inArray(devices.id, ids));
}
export type Placed = Awaited<ReturnType<typeof placed>>[number];

/** Where an alert about `device` is: its building's address (its name without one) and its place's names. */
export function placeOf(device: Placed): { address: string; positionName: string } {
  return {
    address: device.buildingAddress || device.buildingName || '',
    positionName: [device.buildingName, device.floorName, device.zoneName, device.position]
      .filter((part) => part)
      .join(' / '),
  };
}

/**
 * Offline detection, fed by the device presence hook (DeviceDirectory and TelemetryWriter report only real
 * transitions). Offline opens an alert, or adds to the open one; back online resolves it with 'back online'.
 * A device that went offline only because its gateway did raises nothing: the gateway's urgent alert says
 * it. Changes are handled one batch after the other, so one process never races itself; two processes are
 * kept to one open alert per device and type by the partial unique index.
 *
 * Threshold rules are the second detector (rules.ts, on the telemetry bus), writing the same tables with
 * their own `type`; notification channels listen to AlertEvents.
 */
export class AlertDetector {
  private queue: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly db: () => Db,
    private readonly events: AlertEvents,
    private readonly log: FastifyBaseLogger,
    private readonly flapWindowMs = FLAP_WINDOW_MS,
  ) {}

  /** The presence listener given to the device link; never throws at the broker, logs instead. */
  readonly onPresence: PresenceListener = (changes) => {
    if (this.stopped) return;
    this.queue = this.queue
      .then(() => this.handle(changes))
      .catch((error: unknown) => this.log.error({ err: error }, 'alert detection failed'));
  };

  /**
   * Stops detecting: the server is shutting down, and the devices its broker (and simulator) drop on the way
   * out have not failed. Call it before closing the device link.
   */
  stop(): void {
    this.stopped = true;
  }

  /** Resolves once every change reported so far is handled (tests wait on it). */
  idle(): Promise<void> {
    return this.queue;
  }

  async handle(changes: readonly PresenceChange[]): Promise<void> {
    const offline = unique(changes.filter((c) => !c.online && c.viaGateway === undefined));
    const online = unique(changes.filter((c) => c.online));
    const touched = [...(await this.raiseOffline(offline)), ...(await this.resolveOffline(online))];
    if (touched.length === 0) return;
    this.events.emit({
      tenantIds: [...new Set(touched.map((t) => t.tenantId))],
      alertIds: touched.map((t) => t.id),
    });
  }

  private async raiseOffline(ids: number[]): Promise<Touched[]> {
    if (ids.length === 0) return [];
    const rows = await placed(this.db(), ids);
    const touched: Touched[] = [];
    for (const device of rows) {
      const id = await this.raiseOne(device);
      if (id !== null) touched.push({ id, tenantId: device.tenantId });
    }
    return touched;
  }

  private raiseOne(device: Placed): Promise<number | null> {
    return this.db().transaction(async (tx) => {
      const ofDevice = and(eq(alerts.deviceId, device.id), eq(alerts.type, 'offline'));
      const [open] = await tx
        .select({ id: alerts.id })
        .from(alerts)
        .where(and(ofDevice, eq(alerts.status, 'alerting')));
      if (open) {
        await tx.insert(alertHistory).values({
          alertId: open.id,
          fromStatus: 'alerting',
          toStatus: 'alerting',
          note: 'offlineAgain',
        });
        await tx.update(alerts).set({ updatedAt: new Date() }).where(eq(alerts.id, open.id));
        return open.id;
      }
      const [recent] = await tx
        .select({ id: alerts.id })
        .from(alerts)
        .where(
          and(
            ofDevice,
            eq(alerts.status, 'processed'),
            eq(alerts.solution, 'backOnline'),
            gt(alerts.resolvedAt, new Date(Date.now() - this.flapWindowMs)),
          ),
        )
        .orderBy(desc(alerts.resolvedAt))
        .limit(1);
      if (recent) {
        const [reopened] = await tx
          .update(alerts)
          .set({
            status: 'alerting',
            solution: null,
            resolvedAt: null,
            lastTelemetryAt: device.lastActivityAt,
            version: nextVersion,
            updatedAt: new Date(),
          })
          .where(and(eq(alerts.id, recent.id), eq(alerts.status, 'processed')))
          .returning({ id: alerts.id });
        if (reopened) {
          await tx.insert(alertHistory).values({
            alertId: reopened.id,
            fromStatus: 'processed',
            toStatus: 'alerting',
            note: 'offlineAgain',
          });
          return reopened.id;
        }
      }
      const [raised] = await tx
        .insert(alerts)
        .values({
          tenantId: device.tenantId,
          projectId: device.projectId,
          deviceId: device.id,
          deviceName: device.name,
          model: device.model,
          category: device.category,
          buildingId: device.buildingId,
          floorId: device.floorId,
          level: offlineAlertLevel(device.category),
          status: 'alerting',
          type: 'offline',
          ...placeOf(device),
          object: device.name,
          lastTelemetryAt: device.lastActivityAt,
        })
        // Another process raised it first: its alert is the one.
        .onConflictDoNothing()
        .returning({ id: alerts.id });
      if (!raised) return null;
      await tx.insert(alertHistory).values({ alertId: raised.id, toStatus: 'alerting', note: 'raised' });
      return raised.id;
    });
  }

  private resolveOffline(ids: number[]): Promise<Touched[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db().transaction(async (tx) => {
      const now = new Date();
      const resolved = await tx
        .update(alerts)
        .set({
          status: 'processed',
          solution: 'backOnline',
          resolvedAt: now,
          version: nextVersion,
          updatedAt: now,
        })
        .where(and(inArray(alerts.deviceId, ids), eq(alerts.type, 'offline'), eq(alerts.status, 'alerting')))
        .returning({ id: alerts.id, tenantId: alerts.tenantId });
      if (resolved.length > 0) {
        await tx.insert(alertHistory).values(
          resolved.map((a): NewHistory => ({
            alertId: a.id,
            at: now,
            fromStatus: 'alerting',
            toStatus: 'processed',
            solution: 'backOnline',
            note: 'backOnline',
          })),
        );
      }
      return resolved;
    });
  }
}

function unique(changes: readonly PresenceChange[]): number[] {
  return [...new Set(changes.map((c) => c.deviceId))];
}
