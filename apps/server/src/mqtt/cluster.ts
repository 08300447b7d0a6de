import { TOPICS } from '@sbuilding/shared';
import { z } from 'zod';
import { BusError, topic, type Bus, type BusLog, type Endpoint } from '../platform/cluster/index.js';
import type { DeviceChannel } from './broker.js';
import type { DeviceRpc, DeviceRpcOutcome, RpcOutcome } from './rpc.js';

export type { DeviceRpc, DeviceRpcOutcome } from './rpc.js';

/**
 * Sends a command over a connection this node holds and waits for the reply. Request ids are this node's
 * (RpcWaiters): only this node waits for them, on this connection.
 */
export async function exchange(
  channel: DeviceChannel,
  rpc: DeviceRpc,
  timeoutMs: number,
): Promise<RpcOutcome> {
  const requestId = channel.rpc.newRequestId();
  const reply = channel.rpc.wait(rpc.targetId, requestId, timeoutMs);
  const body = { method: rpc.method, params: rpc.params };
  try {
    if (rpc.gateway) {
      await channel.publishTo(rpc.viaId, TOPICS.gatewayRpc, {
        device: rpc.targetName,
        data: { id: requestId, ...body },
      });
    } else {
      await channel.publishTo(rpc.viaId, `${TOPICS.rpcRequestPrefix}${requestId}`, body);
    }
  } catch (error) {
    // Not sent: settle the waiter now rather than leave it to its timeout.
    channel.rpc.settle(rpc.targetId, requestId, { success: false, error: String(error) });
  }
  return reply;
}

/** A device's reply that reached a node other than the one waiting for it (external broker). */
export const RPC_REPLY = topic(
  'rpc.reply',
  z.object({ deviceId: z.number(), requestId: z.number(), data: z.unknown() }),
);

/**
 * Behind an external broker (MQTT_URL) every node reaches every device through the broker, and the shared
 * subscription hands a device's reply to any node: a reply nobody waits for here is relayed on the seam
 * to the node that waits for it (request ids start at a random place per node, so two nodes' waiters for
 * one device do not share an id). Answers the stop.
 */
export function relayReplies(bus: Bus, channel: DeviceChannel): () => void {
  channel.rpc.onUnclaimed = (deviceId, requestId, data) =>
    bus.publish(RPC_REPLY, { deviceId, requestId, data: data ?? null });
  const stop = bus.subscribe(RPC_REPLY, ({ deviceId, requestId, data }) =>
    channel.rpc.settle(deviceId, requestId, data, true),
  );
  return () => {
    channel.rpc.onUnclaimed = null;
    stop();
  };
}

/** Time a caller gives the holding node beyond the device's own timeout (the hops through NATS). */
const BUS_MARGIN_MS = 2_000;
/** How long a node waits for "who holds this device" before it judges from what it knows. */
const PROBE_TIMEOUT_MS = 2_000;

const rpcSchema = z.object({
  viaId: z.number(),
  gateway: z.boolean(),
  targetId: z.number(),
  targetName: z.string(),
  method: z.string(),
  params: z.record(z.string(), z.unknown()),
});
/** Who holds the device (a probe), or a command for it with the device's own timeout. */
const questionSchema = z.union([
  z.object({ probe: z.literal(true) }),
  z.object({ rpc: rpcSchema, timeoutMs: z.number() }),
]);
const answerSchema = z.union([
  z.enum(['here', 'gone']),
  z.object({ ok: z.literal(true), data: z.unknown() }),
  z.object({ ok: z.literal(false), reason: z.enum(['timeout', 'unreachable', 'cluster']) }),
]);
type Question = z.infer<typeof questionSchema>;
type Answer = z.infer<typeof answerSchema>;

/** The subject of one device's commands, answered by the node holding its connection. */
function deviceCommand(deviceId: number): Endpoint<Question, Answer> {
  return {
    subject: `device.${deviceId}.cmd`,
    parseRequest: (value) => questionSchema.parse(value),
    parseReply: (value) => answerSchema.parse(value),
  };
}

/**
 * Commands across the cluster. Presence is NATS's own interest graph: the node holding a device's MQTT
 * connection responds on `device.{id}.cmd` from the device's first connection until its last one closes
 * (README: why not a table). A command for a device this node does not hold is a request on that subject:
 * the holder sends it and answers the reply; nobody responding means the device is connected nowhere,
 * answered at once by NATS (no responders).
 */
export class ClusterDevices {
  private readonly held = new Map<number, () => void>();

  constructor(
    private readonly bus: Bus,
    private readonly channel: () => DeviceChannel | null,
    private readonly log: BusLog,
  ) {}

  /** This node now holds a connection of the device (its first). */
  hold(deviceId: number): void {
    if (this.held.has(deviceId)) return;
    this.held.set(
      deviceId,
      this.bus.respond(deviceCommand(deviceId), (question) => this.answer(deviceId, question)),
    );
  }

  /** The device's last connection to this node closed. */
  release(deviceId: number): void {
    this.held.get(deviceId)?.();
    this.held.delete(deviceId);
  }

  /**
   * Whether another node holds the device now (it reconnected there before this node saw its old
   * connection close): then its going offline here says nothing. Unknown (NATS lost) counts as no.
   */
  async heldElsewhere(deviceId: number): Promise<boolean> {
    if (this.bus.kind === 'local') return false;
    try {
      const answer = await this.bus.request(
        deviceCommand(deviceId),
        { probe: true },
        { timeoutMs: PROBE_TIMEOUT_MS },
      );
      return answer === 'here';
    } catch {
      return false;
    }
  }

  /** Sends a command to a device held by another node, through that node. */
  async call(rpc: DeviceRpc, timeoutMs: number): Promise<DeviceRpcOutcome> {
    try {
      const answer = await this.bus.request(
        deviceCommand(rpc.viaId),
        { rpc, timeoutMs },
        { timeoutMs: timeoutMs + BUS_MARGIN_MS },
      );
      // A probe's answer to a command would be a confused node: count it as not reached.
      return typeof answer === 'string' ? { ok: false, reason: 'unreachable' } : answer;
    } catch (error) {
      if (error instanceof BusError && error.code === 'no-responders')
        return { ok: false, reason: 'unreachable' };
      if (error instanceof BusError && error.code === 'timeout') return { ok: false, reason: 'timeout' };
      this.log.warn({ err: error, deviceId: rpc.viaId }, 'command through the cluster failed');
      return { ok: false, reason: 'cluster' };
    }
  }

  private async answer(deviceId: number, question: Question): Promise<Answer> {
    const channel = this.channel();
    const here = channel?.isConnected(deviceId) ?? false;
    if ('probe' in question) return here ? 'here' : 'gone';
    if (!channel || !here) return { ok: false, reason: 'unreachable' };
    return exchange(channel, question.rpc, question.timeoutMs);
  }

  close(): void {
    for (const release of this.held.values()) release();
    this.held.clear();
  }
}
