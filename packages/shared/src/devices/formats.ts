import { DEVICE_CODE_LENGTH } from '../constants.js';

const IPV4_OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4 = `${IPV4_OCTET}(?:\\.${IPV4_OCTET}){3}`;
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
/** A dotted host name whose last label is not all digits (so 300.1.1.1 is not taken for a name). */
const HOSTNAME = `(?:${LABEL}\\.)*(?=[A-Za-z0-9-]*[A-Za-z])${LABEL}`;
const PORT = '(?:6553[0-5]|655[0-2]\\d|65[0-4]\\d\\d|6[0-4]\\d{3}|[1-5]\\d{4}|[1-9]\\d{0,3})';
const SERVER_ADDR = new RegExp(`^(?:(?:mqtts?|tcp|https?)://)?(?:${IPV4}|${HOSTNAME})(?::${PORT})?$`);

/** Where a gateway or 4G device connects: host name or IPv4, optional scheme (mqtt, mqtts, tcp, http, https) and port. */
export function isServerAddr(value: string): boolean {
  return value.length <= 253 && SERVER_ADDR.test(value);
}

/** Six hex pairs separated consistently by ':' or '-'. */
export function isMacAddress(value: string): boolean {
  return /^[0-9A-Fa-f]{2}([:-])(?:[0-9A-Fa-f]{2}\1){4}[0-9A-Fa-f]{2}$/.test(value);
}

/** The last-12 code: exactly 12 letters or digits (spec section 5). */
export function isDeviceCode(value: string): boolean {
  return value.length === DEVICE_CODE_LENGTH && /^[A-Za-z0-9]+$/.test(value);
}
