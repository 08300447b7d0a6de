import type { Alert } from '@sbuilding/shared';

/** An open offline alert of a Bluetooth gateway on the demo's project 5: the alarm tests' first row. */
export const GATEWAY_ALERT: Alert = {
  id: 11,
  projectId: 5,
  deviceId: 3,
  deviceName: 'Roof gateway',
  model: 'ba',
  category: 'bleGateway',
  buildingId: 1,
  floorId: null,
  level: 'urgent',
  status: 'alerting',
  type: 'offline',
  address: 'No. 1 Campus Road',
  positionName: 'Main hall',
  object: 'Roof gateway',
  alertTime: '2026-11-21T09:00:00Z',
  lastTelemetryAt: '2026-11-21T08:55:00Z',
  solution: null,
  resolvedAt: null,
  version: 1,
  updatedAt: '2026-11-21T09:00:00Z',
  ruleId: null,
  value: null,
  threshold: null,
  workOrderId: null,
};
