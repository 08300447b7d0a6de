import type { WebSocket } from '@fastify/websocket';
import { and, inArray } from 'drizzle-orm';
import { SOCKET_CLOSE, SOCKET_DEVICES_MAX, type ServerSocketMessage } from '@sbuilding/shared';
import type { AuthContext } from '../modules/sessions/index.js';
import { devices } from '../modules/devices/tables.js';
import { placeFilter, type Scope } from '../platform/tenancy.js';
import type { Db } from '../platform/db/client.js';

/** One authenticated socket. */
export interface Connection {
  socket: WebSocket;
  /** The session's caller as last checked: a re-check replaces it when the scope changed. */
  auth: AuthContext;
  deptId: number | null;
  devices: Set<number>;
  /** When (app clock, ms) the session was last checked; the re-check is due a minute later. */
  checkedAt: number;
  /**
   * Runs a task after the connection's earlier messages and re-checks, one at a time: a subscription is
   * then read with the scope of the latest check, never one a re-check has just replaced.
   */
  inTurn(task: () => Promise<void>): void;
  /** Told of each frame sent to it (GET /metrics). */
  onSent?: () => void;
}

/** Connections by the device they follow, so one update costs a lookup, not a scan of every socket. */
export class Hub {
  private readonly byDevice = new Map<number, Set<Connection>>();
  /** Every authenticated connection, for pushes that are not about one device (the badge). */
  readonly all = new Set<Connection>();

  /** Answers the devices nobody here followed before. */
  follow(connection: Connection, deviceIds: readonly number[]): number[] {
    const added: number[] = [];
    for (const id of deviceIds) {
      if (connection.devices.size >= SOCKET_DEVICES_MAX) break;
      connection.devices.add(id);
      const followers = this.byDevice.get(id) ?? new Set<Connection>();
      if (followers.size === 0) added.push(id);
      followers.add(connection);
      this.byDevice.set(id, followers);
    }
    return added;
  }

  /** The connection stops following these devices (its scope no longer includes them). */
  unfollow(connection: Connection, deviceIds: readonly number[]): void {
    for (const id of deviceIds) {
      connection.devices.delete(id);
      const followers = this.byDevice.get(id);
      followers?.delete(connection);
      if (followers?.size === 0) this.byDevice.delete(id);
    }
  }

  drop(connection: Connection): void {
    this.all.delete(connection);
    this.unfollow(connection, [...connection.devices]);
  }

  /** The session ended: the connection leaves the hub and its socket closes with 4001. */
  end(connection: Connection): void {
    this.drop(connection);
    connection.socket.close(SOCKET_CLOSE.unauthorized, 'session ended');
  }

  /** Every device some connection here follows. */
  followed(): Iterable<number> {
    return this.byDevice.keys();
  }

  followersOf(deviceId: number): ReadonlySet<Connection> {
    return this.byDevice.get(deviceId) ?? NO_FOLLOWERS;
  }
}

const NO_FOLLOWERS: ReadonlySet<Connection> = new Set();

export function send<T>(
  connection: Pick<Connection, 'socket' | 'auth' | 'deptId' | 'onSent'>,
  message: Omit<ServerSocketMessage<T>, 'userId' | 'deptId'>,
) {
  if (connection.socket.readyState !== connection.socket.OPEN) return;
  connection.onSent?.();
  connection.socket.send(
    JSON.stringify({ ...message, userId: connection.auth.userId, deptId: connection.deptId }),
  );
}

/** Those of the devices the scope may see (`placeFilter`: its tenant, a weixin customer's buildings). */
export async function visibleDevices(db: Db, scope: Scope, deviceIds: readonly number[]): Promise<number[]> {
  if (deviceIds.length === 0) return [];
  const rows = await db
    .select({ id: devices.id })
    .from(devices)
    .where(
      and(inArray(devices.id, [...deviceIds]), placeFilter(scope, devices.tenantId, devices.buildingId)),
    );
  return rows.map((row) => row.id);
}
