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
  online: devices.online,
  createdAt: devices.createdAt,
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
export interface DetectorOptions {
  flapWindowMs?: number;
  /**
   * How long a device has to connect, counted from the detector's start (the server's) and from the device's
   * creation: a drop inside it is not an outage yet (DEVICE_CONNECT_GRACE_MINUTES). It is looked at again when
   * the grace ends and raised only if the device is still offline then. 0: none.
   */
  graceMs?: number;
  /** The clock (tests move it instead of waiting). */
  now?: () => number;
}

export class AlertDetector {
  private queue: Promise<void> = Promise.resolve();
  private stopped = false;
  private readonly flapWindowMs: number;
  private readonly graceMs: number;
  private readonly now: () => number;
  private readonly startedAt: number;
  /** Devices that dropped within their grace: when to look at them again. */
  private readonly deferred = new Map<number, number>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: () => Db,
    private readonly events: AlertEvents,
    private readonly log: FastifyBaseLogger,
    options: DetectorOptions = {},
  ) {
    this.flapWindowMs = options.flapWindowMs ?? FLAP_WINDOW_MS;
    this.graceMs = options.graceMs ?? 0;
    this.now = options.now ?? Date.now;
    this.startedAt = this.now();
  }

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
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.deferred.clear();
  }

  /** Devices whose drop waits for the end of their grace (tests). */
  get waiting(): number[] {
    return [...this.deferred.keys()];
  }

  /**
   * Raises the alerts of deferred devices whose grace is over and that are still offline (the timer calls it;
   * tests call it after moving the clock). A device back meanwhile raises nothing.
   */
  raiseDue(): Promise<void> {
    this.queue = this.queue
      .then(async () => {
        const now = this.now();
        const due = [...this.deferred].filter(([, at]) => at <= now).map(([id]) => id);
        for (const id of due) this.deferred.delete(id);
        const touched = await this.raiseOffline(due, false);
        this.tell(touched);
        this.schedule();
      })
      .catch((error: unknown) => this.log.error({ err: error }, 'alert detection failed'));
    return this.queue;
  }

  private schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.stopped || this.deferred.size === 0) return;
    const next = Math.min(...this.deferred.values());
    this.timer = setTimeout(() => void this.raiseDue(), Math.max(0, next - this.now()) + 50);
    this.timer.unref();
  }

  private tell(touched: Touched[]): void {
    if (touched.length === 0) return;
    this.events.emit({
      tenantIds: [...new Set(touched.map((t) => t.tenantId))],
      alertIds: touched.map((t) => t.id),
    });
  }

  /** Resolves once every change reported so far is handled (tests wait on it). */
  idle(): Promise<void> {
    return this.queue;
  }

  async handle(changes: readonly PresenceChange[]): Promise<void> {
    const offline = unique(changes.filter((c) => !c.online && c.viaGateway === undefined));
    const online = unique(changes.filter((c) => c.online));
    // Back within its grace: the drop is forgotten.
    for (const id of online) this.deferred.delete(id);
    const touched = [...(await this.raiseOffline(offline, true)), ...(await this.resolveOffline(online))];
    this.tell(touched);
  }

  /** Raises (or reopens) the offline alerts of `ids`; with `grace`, a device still in its grace waits. */
  private async raiseOffline(ids: number[], grace: boolean): Promise<Touched[]> {
    if (ids.length === 0) return [];
    const rows = await placed(this.db(), ids);
    const touched: Touched[] = [];
    const now = this.now();
    for (const device of rows) {
      if (grace && this.graceMs > 0) {
        const graceEnd = Math.max(this.startedAt, device.createdAt.getTime()) + this.graceMs;
        if (now < graceEnd) {
          this.deferred.set(device.id, graceEnd);
          continue;
        }
      }
      // Looked at again after its grace: only a device still offline raises.
      if (!grace && device.online) continue;
      const id = await this.raiseOne(device);
      if (id !== null) touched.push({ id, tenantId: device.tenantId });
    }
    if (grace) this.schedule();
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
