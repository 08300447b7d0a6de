import crypto from 'node:crypto';
import os from 'node:os';

/**
 * The cluster seam: everything that crosses server processes goes through a Bus. Payloads are plain JSON
 * values (the NATS implementation sends them as JSON; the in-process one hands the object over as is, so a
 * handler must not change what it is given). Subjects are dot-separated words without wildcards.
 */
export interface Bus {
  /** 'local': this process only (the default); 'nats': a cluster node (NATS_URL). */
  readonly kind: 'local' | 'nats';
  /** This process's id in the cluster, unique per start: host-pid-random. */
  readonly nodeId: string;
  /** Fire and forget, to every subscriber of every node (this one included). Never throws. */
  publish(subject: string, payload: unknown): void;
  /** Every message published on `subject`; answers the unsubscribe. A throwing handler is logged. */
  subscribe(subject: string, handler: (payload: unknown) => void): () => void;
  /**
   * Asks the one responder of `subject` (on any node) and answers its reply. Rejects with a BusError:
   * 'no-responders' at once when nobody responds on that subject, 'timeout' after `timeoutMs`,
   * 'unavailable' when the bus is down (NATS lost).
   */
  request(subject: string, payload: unknown, options: { timeoutMs: number }): Promise<unknown>;
  /** Answers requests on `subject` with what `handler` resolves to; answers the unsubscribe. */
  respond(subject: string, handler: (payload: unknown) => Promise<unknown> | unknown): () => void;
  /** Whether the bus works now, and why not. */
  status(): BusStatus;
  close(): Promise<void>;
}

export interface BusStatus {
  connected: boolean;
  /** Why it is not connected (empty when it is). */
  reason: string;
}

export type BusErrorCode = 'no-responders' | 'timeout' | 'unavailable' | 'failed';

export class BusError extends Error {
  constructor(
    readonly code: BusErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'BusError';
  }
}

/** Where a bus tells what went wrong in a handler (the server's logger). */
export interface BusLog {
  error(object: object, message: string): void;
  warn(object: object, message: string): void;
  info(object: object, message: string): void;
}

export const silentLog: BusLog = { error() {}, warn() {}, info() {} };

/** host-pid-random: unique per process start, readable in logs. */
export function newNodeId(): string {
  const host = os.hostname().replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 40) || 'node';
  return `${host}-${process.pid}-${crypto.randomBytes(3).toString('hex')}`;
}

/** Subjects of the seam, in one place (each user's README says what travels on it). */
export const SUBJECTS = {
  /** Telemetry of this node's devices for the sockets of every node: DeviceUpdate[]. */
  liveTelemetry: 'live.telemetry',
  /** Alerts changed: {tenantIds, alertIds}. */
  liveAlerts: 'live.alerts',
  /** Sessions ended (logout, blacklist, password change, tenant disabled, user deleted): {sessionIds}. */
  sessionEnded: 'session.ended',
  /** A command for the device (or gateway) with this id, answered by the node holding its connection. */
  deviceCommand: (deviceId: number) => `device.${deviceId}.cmd`,
  /** Caches to drop on every node: {cache, keys}. */
  invalidate: 'cache.invalidate',
} as const;
