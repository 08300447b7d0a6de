/**
 * The devices module's public surface: what other modules may use of the registry. Everything else in
 * this folder is private to it.
 */
export { findDevice, type DeviceRow } from './device-rows.js';
