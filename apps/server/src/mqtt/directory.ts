import { and, eq, exists, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DeviceCategory, ModelId } from '@sbuilding/shared';
import type { Db } from '../platform/db/client.js';
import { devices } from '../modules/devices/tables.js';

/** Who is on the other end of an MQTT connection, or behind a gateway. */
export interface DeviceIdentity {
  id: number;
  tenantId: number;
  projectId: number;
  name: string;
  model: ModelId;
  category: DeviceCategory;
  parentId: number | null;
}

/** Categories whose devices speak the gateway API for the devices behind them. */
export const GATEWAY_CATEGORIES: readonly DeviceCategory[] = [
  'bleGateway',
  'acGateway',
  'gateway4g',
  'fieldBridge',
];

export function isGateway(identity: DeviceIdentity): boolean {
  return GATEWAY_CATEGORIES.includes(identity.category);
}

const identityColumns = {
  id: devices.id,
  tenantId: devices.tenantId,
  projectId: devices.projectId,
  name: devices.name,
  model: devices.model,
  category: devices.category,
  parentId: devices.parentId,
};

/**
 * A device whose online state really changed (the row was the other way before). `viaGateway`: it went
 * offline only because its gateway did.
 */
export interface PresenceChange {
  deviceId: number;
  online: boolean;
  viaGateway?: number;
}
export type PresenceListener = (changes: readonly PresenceChange[]) => void;

/** A failed lookup of a gateway's device is not retried sooner than this (a misconfigured gateway repeats it). */
const MISS_RETRY_MS = 5_000;

/** The device's latest connection is `connection` (or none was recorded: a device from before this rule). */
function stillLatest(column: AnyPgColumn, connection: string) {
  return or(eq(column, connection), isNull(column));
}

/**
 * Looks devices up for the broker: by access token at connect, and a gateway's devices by the name the
 * gateway calls them (the device's name, or its MAC / code as registered). Gateway children are cached per
 * gateway; a miss reloads them at most every few seconds.
 */
export class DeviceDirectory {
  private readonly children = new Map<number, { byName: Map<string, DeviceIdentity>; loadedAt: number }>();
  private holding = false;

  constructor(
    private readonly db: Db,
    private readonly onPresence?: PresenceListener,
  ) {}

  async byToken(token: string): Promise<DeviceIdentity | null> {
    if (token.length === 0 || token.length > 128) return null;
    const [row] = await this.db.select(identityColumns).from(devices).where(eq(devices.accessToken, token));
    return row ?? null;
  }

  /** Whether the device is online (its row says so): behind an external broker, any node may reach it. */
  async isOnline(deviceId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ online: devices.online })
      .from(devices)
      .where(eq(devices.id, deviceId));
    return row?.online ?? false;
  }

  /** A device's access token (an external broker addresses a device by it), or null. */
  async tokenOf(deviceId: number): Promise<string | null> {
    const [row] = await this.db
      .select({ token: devices.accessToken })
      .from(devices)
      .where(eq(devices.id, deviceId));
    return row?.token ?? null;
  }

  /** Devices online now with their last activity, so a restarted server knows who it can reach. */
  async onlineNow(): Promise<{ id: number; token: string; lastActivityAt: Date | null }[]> {
    return this.db
      .select({ id: devices.id, token: devices.accessToken, lastActivityAt: devices.lastActivityAt })
      .from(devices)
      .where(eq(devices.online, true));
  }

  /** The device `name` behind `gateway`, or null when the gateway has no such device. */
  async childOf(gateway: DeviceIdentity, name: string): Promise<DeviceIdentity | null> {
    const cached = this.children.get(gateway.id);
    const hit = cached?.byName.get(name);
    if (hit) return hit;
    if (cached && Date.now() - cached.loadedAt < MISS_RETRY_MS) return null;
    const rows = await this.db
      .select({ ...identityColumns, identity: devices.identity })
      .from(devices)
      .where(eq(devices.parentId, gateway.id));
    const byName = new Map<string, DeviceIdentity>();
    for (const { identity, ...child } of rows) {
      byName.set(child.name, child);
      byName.set(identity, child);
    }
    this.children.set(gateway.id, { byName, loadedAt: Date.now() });
    return byName.get(name) ?? byName.get(name.toLowerCase()) ?? null;
  }

  /**
   * A device's attributes as ThingsBoard names them: `shared`, the parameters set from the console, and
   * `client`, what the device reported about itself.
   */
  async attributes(
    deviceId: number,
  ): Promise<{ shared: Record<string, unknown>; client: Record<string, unknown> }> {
    const [row] = await this.db
      .select({ shared: devices.attributes, client: devices.reportedAttributes })
      .from(devices)
      .where(eq(devices.id, deviceId));
    return { shared: row?.shared ?? {}, client: row?.client ?? {} };
  }

  /** Keeps what a device reported about itself (client attributes), key by key over what it said before. */
  async saveReported(deviceId: number, values: Record<string, unknown>): Promise<void> {
    await this.db
      .update(devices)
      .set({ reportedAttributes: sql`${devices.reportedAttributes} || ${JSON.stringify(values)}::jsonb` })
      .where(eq(devices.id, deviceId));
  }

  /** Forget what is cached of a gateway (its devices changed), or of every gateway. */
  forget(gatewayId?: number): void {
    if (gatewayId === undefined) this.children.clear();
    else this.children.delete(gatewayId);
  }

  /**
   * The server is stopping: the connections it drops from now on say nothing about the devices, so they
   * keep their state. The next start gives them the offline window to come back (`expireSilent`'s
   * `since`); one that does not goes offline then, with its alert, as if it had died while we watched.
   */
  holdPresence(): void {
    this.holding = true;
  }

  /** Whether the server is stopping (holdPresence): connections it drops say nothing about the devices. */
  get holdingPresence(): boolean {
    return this.holding;
  }

  /**
   * Devices come online or go offline. `connection`: coming online, the id of the device's connection now
   * ready, kept as its latest; going offline, the id of the connection that closed, and only a device whose
   * latest connection it still is goes offline (one that reconnected since, on any node, stays online).
   */
  async setOnline(ids: readonly number[], online: boolean, connection?: string): Promise<void> {
    if (ids.length === 0 || (!online && this.holding)) return;
    const some = inArray(devices.id, [...ids]);
    if (online) {
      // The connection is recorded first: from then on an older connection's close leaves the device alone.
      await this.db
        .update(devices)
        .set({ lastActivityAt: new Date(), ...(connection !== undefined && { connectionId: connection }) })
        .where(some);
    }
    // Flipped in one guarded statement, so the rows answered are the real transitions.
    const latest =
      !online && connection !== undefined ? stillLatest(devices.connectionId, connection) : undefined;
    const changed = await this.db
      .update(devices)
      .set({ online })
      .where(and(some, eq(devices.online, !online), latest))
      .returning({ id: devices.id });
    this.tell(changed.map((d) => ({ deviceId: d.id, online })));
  }

  private tell(changes: PresenceChange[]): void {
    if (changes.length > 0) this.onPresence?.(changes);
  }

  /**
   * Devices silent for longer than `minutes` go offline, and with a silent gateway the devices behind it.
   * Silence counts from `since` at the earliest (the server's start: a device cannot have spoken to a
   * server that was down). Answers how many went offline.
   */
  async expireSilent(minutes: number, since = 0): Promise<number> {
    const cutoff = new Date(Date.now() - minutes * 60_000);
    if (since > cutoff.getTime()) return 0;
    const silent = await this.db
      .update(devices)
      .set({ online: false })
      .where(
        and(
          eq(devices.online, true),
          or(lt(devices.lastActivityAt, cutoff), sql`${devices.lastActivityAt} is null`),
        ),
      )
      .returning({ id: devices.id, category: devices.category, parentId: devices.parentId });
    const gateways = silent.filter((d) => GATEWAY_CATEGORIES.includes(d.category)).map((d) => d.id);
    const behind =
      gateways.length > 0
        ? await this.db
            .update(devices)
            .set({ online: false })
            .where(and(inArray(devices.parentId, gateways), eq(devices.online, true)))
            .returning({ id: devices.id, parentId: devices.parentId })
        : [];
    const cut = new Set(gateways);
    this.tell(
      [...silent, ...behind].map((d) =>
        d.parentId !== null && cut.has(d.parentId)
          ? { deviceId: d.id, online: false, viaGateway: d.parentId }
          : { deviceId: d.id, online: false },
      ),
    );
    return silent.length;
  }

  /** A gateway and every device behind it go offline together (its devices are unreachable). */
  async setGatewayOffline(gatewayId: number, connection?: string): Promise<void> {
    if (this.holding) return;
    // In the same statement: the gateway's closed connection must still be its latest (see setOnline).
    const gateway = alias(devices, 'gateway');
    const latest =
      connection === undefined
        ? undefined
        : exists(
            this.db
              .select({ id: gateway.id })
              .from(gateway)
              .where(and(eq(gateway.id, gatewayId), stillLatest(gateway.connectionId, connection))),
          );
    const changed = await this.db
      .update(devices)
      .set({ online: false })
      .where(
        and(eq(devices.online, true), or(eq(devices.id, gatewayId), eq(devices.parentId, gatewayId)), latest),
      )
      .returning({ id: devices.id });
    this.tell(
      changed.map((d) =>
        d.id === gatewayId
          ? { deviceId: d.id, online: false }
          : { deviceId: d.id, online: false, viaGateway: gatewayId },
      ),
    );
  }
}
