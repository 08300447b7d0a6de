/**
 * Server-side RPC waiting room: a command sent to a device waits here for the device's reply (on
 * `v1/devices/me/rpc/response/{id}`, or through its gateway on `v1/gateway/rpc`) or its timeout.
 */
export type RpcOutcome = { ok: true; data: unknown } | { ok: false; reason: 'timeout' };

export class RpcWaiters {
  private nextId = 1;
  private readonly pending = new Map<
    string,
    { resolve: (outcome: RpcOutcome) => void; timer: NodeJS.Timeout }
  >();

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

  /** A reply arrived; false when nobody waits for it (late, or never asked). */
  settle(deviceId: number, requestId: number, data: unknown): boolean {
    const key = `${deviceId}:${requestId}`;
    const waiter = this.pending.get(key);
    if (!waiter) return false;
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
