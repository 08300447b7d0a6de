/**
 * Server-side RPC waiting room: a command sent to a device waits here for the device's reply (on
 * `v1/devices/me/rpc/response/{id}`, or through its gateway on `v1/gateway/rpc`) or its timeout.
 */
export type RpcOutcome = { ok: true; data: unknown } | { ok: false; reason: 'timeout' };

/** One command for one device: over its own connection, or through the gateway it sits behind (`viaId`). */
export interface DeviceRpc {
  /** The device whose connection carries it: the target itself, or its gateway. */
  viaId: number;
  /** True when `viaId` is the target's gateway (the gateway RPC topic, the target named by `targetName`). */
  gateway: boolean;
  targetId: number;
  targetName: string;
  method: string;
  params: Record<string, unknown>;
}

/**
 * What became of a command: the device's reply or its timeout, 'unreachable' when no node holds the
 * connection, 'cluster' when the node holding it could not be asked (NATS lost).
 */
export type DeviceRpcOutcome = RpcOutcome | { ok: false; reason: 'unreachable' | 'cluster' };

export class RpcWaiters {
  /**
   * Only the node holding a device's connection waits for its replies, so ids need only be unique per
   * node; each starts at a random place so that the ids of two nodes (in logs, at a device that moved)
   * do not repeat each other.
   */
  private nextId = 1 + Math.floor(Math.random() * 900_000_000);
  private readonly pending = new Map<
    string,
    { resolve: (outcome: RpcOutcome) => void; timer: NodeJS.Timeout }
  >();

  /**
   * Told of a reply nobody here waits for. Behind an external broker a reply may reach another node than
   * the one that sent the command (the shared subscription): a cluster relays it there (relayReplies).
   */
  onUnclaimed: ((deviceId: number, requestId: number, data: unknown) => void) | null = null;

  /** A request id for a device; ids wrap well below ThingsBoard clients' integer limits. */
  newRequestId(): number {
    const id = this.nextId;
    this.nextId = this.nextId >= 999_999_999 ? 1 : this.nextId + 1;
    return id;
  }

  wait(deviceId: number, requestId: number, timeoutMs: number): Promise<RpcOutcome> {
    const key = `${deviceId}:${requestId}`;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.pending.delete(key);
        resolve({ ok: false, reason: 'timeout' });
      }, timeoutMs);
      this.pending.set(key, { resolve, timer });
    });
  }

  /**
   * A reply arrived; false when nobody waits for it (late, never asked, or asked by another node: then
   * `onUnclaimed` hears of it, unless it was relayed here already).
   */
  settle(deviceId: number, requestId: number, data: unknown, relayed = false): boolean {
    const key = `${deviceId}:${requestId}`;
    const waiter = this.pending.get(key);
    if (!waiter) {
      if (!relayed) this.onUnclaimed?.(deviceId, requestId, data);
      return false;
    }
    clearTimeout(waiter.timer);
    this.pending.delete(key);
    waiter.resolve({ ok: true, data });
    return true;
  }

  close(): void {
    for (const { resolve, timer } of this.pending.values()) {
      clearTimeout(timer);
      resolve({ ok: false, reason: 'timeout' });
    }
    this.pending.clear();
  }
}
