/**
 * MQTT topics of the device protocol, wire-compatible with ThingsBoard's device and gateway APIs: a device
 * (or gateway) connects with its access token as the username and speaks on its own `v1/devices/me/...`
 * topics; a gateway speaks for the devices behind it on `v1/gateway/...`.
 */
export const TOPICS = {
  telemetry: 'v1/devices/me/telemetry',
  attributes: 'v1/devices/me/attributes',
  attributesRequestPrefix: 'v1/devices/me/attributes/request/',
  attributesResponsePrefix: 'v1/devices/me/attributes/response/',
  rpcRequestPrefix: 'v1/devices/me/rpc/request/',
  rpcResponsePrefix: 'v1/devices/me/rpc/response/',
  gatewayConnect: 'v1/gateway/connect',
  gatewayDisconnect: 'v1/gateway/disconnect',
  gatewayTelemetry: 'v1/gateway/telemetry',
  gatewayAttributes: 'v1/gateway/attributes',
  gatewayAttributesRequest: 'v1/gateway/attributes/request',
  gatewayAttributesResponse: 'v1/gateway/attributes/response',
  gatewayRpc: 'v1/gateway/rpc',
} as const;

/** Topics a device may subscribe to (exact, or with the `+` wildcard as its last level). */
export const DEVICE_SUBSCRIBE_TOPICS = [
  TOPICS.attributes,
  `${TOPICS.attributesResponsePrefix}+`,
  `${TOPICS.rpcRequestPrefix}+`,
] as const;

/** Further topics a gateway may subscribe to. */
export const GATEWAY_SUBSCRIBE_TOPICS = [
  TOPICS.gatewayAttributes,
  TOPICS.gatewayAttributesResponse,
  TOPICS.gatewayRpc,
] as const;

/** Request ids of `.../request/{id}` topics: a positive integer, as ThingsBoard's clients send. */
export function requestIdOf(topic: string, prefix: string): number | null {
  if (!topic.startsWith(prefix)) return null;
  const rest = topic.slice(prefix.length);
  if (!/^\d{1,9}$/.test(rest)) return null;
  return Number(rest);
}
