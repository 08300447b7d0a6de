import { DEVICE_SUBSCRIBE_TOPICS, GATEWAY_SUBSCRIBE_TOPICS, requestIdOf, TOPICS } from '@sbuilding/shared';
import { isGateway, type DeviceIdentity } from './directory.js';

/**
 * The topic ACL of devices and gateways, in one place for both brokers: the embedded broker applies it in
 * its authorize hooks and the inbox, and an external broker asks `POST /mqtt/acl`, which answers from it.
 * Topics are the device's own (`v1/devices/me/...`, `v1/gateway/...`), before any namespace prefix. Which
 * devices a gateway may speak for is decided by the inbox from the payload (only devices registered
 * behind it), since the topic does not say.
 */

/** Topics a device publishes on, exactly. */
const DEVICE_PUBLISH_TOPICS: readonly string[] = [TOPICS.telemetry, TOPICS.attributes];
/** Request and reply topics a device publishes on, with a numeric id as the last level. */
const DEVICE_PUBLISH_PREFIXES: readonly string[] = [TOPICS.attributesRequestPrefix, TOPICS.rpcResponsePrefix];
/** Further topics a gateway publishes on for the devices behind it. */
const GATEWAY_PUBLISH_TOPICS: readonly string[] = [
  TOPICS.gatewayConnect,
  TOPICS.gatewayDisconnect,
  TOPICS.gatewayTelemetry,
  TOPICS.gatewayAttributes,
  TOPICS.gatewayRpc,
];

export function mayPublish(identity: DeviceIdentity, topic: string): boolean {
  if (DEVICE_PUBLISH_TOPICS.includes(topic)) return true;
  if (DEVICE_PUBLISH_PREFIXES.some((prefix) => requestIdOf(topic, prefix) !== null)) return true;
  return isGateway(identity) && GATEWAY_PUBLISH_TOPICS.includes(topic);
}

export function maySubscribe(identity: DeviceIdentity, topic: string): boolean {
  const allowed: readonly string[] = isGateway(identity)
    ? [...DEVICE_SUBSCRIBE_TOPICS, ...GATEWAY_SUBSCRIBE_TOPICS]
    : DEVICE_SUBSCRIBE_TOPICS;
  return allowed.includes(topic);
}

/** Whether a message on `topic` may be delivered to the device: one of its subscriptions matches it. */
export function mayReceive(identity: DeviceIdentity, topic: string): boolean {
  return [...DEVICE_SUBSCRIBE_TOPICS, ...(isGateway(identity) ? GATEWAY_SUBSCRIBE_TOPICS : [])].some(
    (filter) =>
      filter === topic || (filter.endsWith('/+') && requestIdOf(topic, filter.slice(0, -1)) !== null),
  );
}

/** The namespace an external broker puts a device's topics in: `sb/{access token}/` (see README). */
export const DEFAULT_TOPIC_ROOT = 'sb';

/**
 * A device's own topic from what an external broker reports: either as the device sent it, or already
 * moved into its namespace (`sb/{token}/v1/...`, by an EMQX mountpoint or rewrite). Another device's
 * namespace answers null.
 */
export function ownTopic(token: string, topic: string, root = DEFAULT_TOPIC_ROOT): string | null {
  if (!topic.startsWith(`${root}/`)) return topic;
  const prefix = `${root}/${token}/`;
  return topic.startsWith(prefix) ? topic.slice(prefix.length) : null;
}
