import { expect } from 'vitest';
import { emptyPage, type RouteCase } from './common.js';

/* Commands and the control log (commands/*), telemetry history (telemetry/*), and the built-in simulator. */

/** Commands: B's own try reaches the broker stage (503, nothing connected here); A's stops at 404. */
export const COMMAND_CASES: RouteCase[] = [
  {
    route: 'POST /sbuilding/dev-rpccmd/sendCmd',
    url: () => '/sbuilding/dev-rpccmd/sendCmd',
    payload: (i) => ({ deviceId: i.light, method: 'setOnOff', params: { onOff: true } }),
    allowed: 'ownerB',
    allowedStatus: 503,
  },
  {
    route: 'POST /sbuilding/dev-rpccmd/reboot-ba/{id}',
    url: (i) => `/sbuilding/dev-rpccmd/reboot-ba/${i.bleGateway}`,
    allowed: 'ownerB',
    allowedStatus: 503,
  },
  {
    route: 'GET /sbuilding/telemetry/history/{id}',
    url: (i) =>
      `/sbuilding/telemetry/history/${i.sensor}?keys=temperature&from=2026-11-10T00:00:00Z&to=2026-11-11T00:00:00Z`,
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/control-log/getList',
    url: () => '/sbuilding/control-log/getList',
    payload: (i) => ({ projectId: i.project }),
    allowed: 'ownerB',
    refused: emptyPage,
  },
];

/** The built-in simulator's plugs: B's device is out of A's reach (no simulator runs here: B gets 409). */
export const SIMULATOR_CASES: RouteCase[] = [
  {
    route: 'GET /sbuilding/simulator/state',
    url: () => '/sbuilding/simulator/state',
    allowed: 'ownerB',
    refused: (res) => expect(res.json().data.unplugged).toEqual([]),
  },
  {
    route: 'POST /sbuilding/simulator/unplug/{id}',
    url: (i) => `/sbuilding/simulator/unplug/${i.sensor}`,
    allowed: 'ownerB',
    allowedStatus: 409,
  },
  {
    route: 'POST /sbuilding/simulator/plug/{id}',
    url: (i) => `/sbuilding/simulator/plug/${i.sensor}`,
    allowed: 'ownerB',
    allowedStatus: 409,
  },
  // Faults (issue 38) are the platform administrator's alone.
  {
    route: 'POST /sbuilding/sim/fault',
    url: () => '/sbuilding/sim/fault',
    payload: (i) => ({ deviceId: i.light, kind: 'stuckOn' }),
    allowed: 'admin',
    allowedStatus: 409,
  },
  {
    route: 'DELETE /sbuilding/sim/fault/{deviceId}',
    url: (i) => `/sbuilding/sim/fault/${i.light}`,
    allowed: 'admin',
    allowedStatus: 409,
  },
];
