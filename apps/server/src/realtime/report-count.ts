/**
 * The navbar badge: alerts awaiting handling (alerting) that the user may see. Counted by the alerts module;
 * the socket answers it on auth and report and pushes it whenever an alert changes.
 */
export { reportCount } from '../modules/alerts/service.js';
