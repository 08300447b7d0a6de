import { z } from 'zod';
import { topic, type Bus } from '../platform/cluster/index.js';

/** Devices some socket of a node follows: `full` replaces what was known of that node, else adds to it. */
const LIVE_FOLLOW = topic(
  'live.follow',
  z.object({ nodeId: z.string(), deviceIds: z.array(z.number()), full: z.boolean() }),
);
/** A node (just started) asks every node for its full list. */
const LIVE_FOLLOW_ASK = topic('live.follow.ask', z.object({ nodeId: z.string() }));

/** Every node repeats its full list this often; a node not heard of for three of them is gone. */
export const INTEREST_REFRESH_MS = 30_000;

/**
 * Which devices some socket anywhere in the cluster follows, so a node relays only their telemetry
 * (most readings concern devices nobody watches, and each relayed one costs every node). A node tells
 * the others at once when its sockets follow a new device, and repeats its full list every 30 s; an
 * unfollowed device leaves the list with that repetition, a dead node's after three missed ones.
 */
export class LiveInterest {
  private readonly byNode = new Map<string, { devices: Set<number>; heardAt: number }>();
  private readonly stops: (() => void)[] = [];
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly bus: Bus,
    /** The devices this node's sockets follow now. */
    private readonly followedHere: () => Iterable<number>,
    private readonly clock: () => number = Date.now,
  ) {
    this.stops.push(
      bus.subscribe(LIVE_FOLLOW, ({ nodeId, deviceIds, full }) => this.heard(nodeId, deviceIds, full)),
      bus.subscribe(LIVE_FOLLOW_ASK, ({ nodeId }) => {
        if (nodeId !== bus.nodeId) this.tellAll();
      }),
    );
    this.timer = setInterval(() => this.refresh(), INTEREST_REFRESH_MS);
    this.timer.unref();
    bus.publish(LIVE_FOLLOW_ASK, { nodeId: bus.nodeId });
  }

  /** Whether some socket of some node follows the device. */
  followed(deviceId: number): boolean {
    for (const { devices } of this.byNode.values()) if (devices.has(deviceId)) return true;
    return false;
  }

  /** This node's sockets started following these devices (not followed here before). */
  added(deviceIds: number[]): void {
    if (deviceIds.length === 0) return;
    // Known here at once; the others hear it through the bus.
    this.heard(this.bus.nodeId, deviceIds, false);
    this.bus.publish(LIVE_FOLLOW, { nodeId: this.bus.nodeId, deviceIds, full: false });
  }

  private heard(nodeId: string, deviceIds: number[], full: boolean): void {
    const known = this.byNode.get(nodeId);
    if (full || !known) {
      this.byNode.set(nodeId, { devices: new Set(deviceIds), heardAt: this.clock() });
      return;
    }
    for (const id of deviceIds) known.devices.add(id);
    known.heardAt = this.clock();
  }

  private tellAll(): void {
    const deviceIds = [...this.followedHere()];
    this.heard(this.bus.nodeId, deviceIds, true);
    this.bus.publish(LIVE_FOLLOW, { nodeId: this.bus.nodeId, deviceIds, full: true });
  }

  /** Repeats this node's list and forgets nodes not heard of for three periods. */
  refresh(): void {
    this.tellAll();
    const gone = this.clock() - 3 * INTEREST_REFRESH_MS;
    for (const [nodeId, { heardAt }] of this.byNode) if (heardAt < gone) this.byNode.delete(nodeId);
  }

  close(): void {
    clearInterval(this.timer);
    for (const stop of this.stops) stop();
  }
}
