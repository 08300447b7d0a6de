import type { RouteRecord } from './record.js';

/** The Services group: the alarm board, the control log, the work orders and the fault findings. */
export const SERVICE_MENU: RouteRecord = {
  path: '/service',
  component: 'Layout',
  redirect: '/board/alarm',
  meta: { title: 'services', icon: 'customer-service' },
  children: [
    {
      name: 'Alarmboard',
      path: '/board/alarm',
      component: 'board/alarm',
      meta: { title: 'alert', icon: 'alert', access: 'alerts:read' },
    },
    {
      name: 'ControlLog',
      path: '/board/controlLog',
      component: 'board/control-log',
      meta: { title: 'controlLog', icon: 'profile', access: 'devices:read' },
    },
    {
      // Work orders (issue 37): alerts and occupants' reports become assigned, timed work.
      name: 'WorkOrders',
      path: '/workorder',
      component: 'workorder/index',
      meta: { title: 'workOrders', icon: 'tool', access: 'workOrders:read' },
    },
    {
      // Fault detection (issue 38): waste and broken devices found by rules, priced, fixed in one click.
      name: 'FaultFindings',
      path: '/fdd',
      component: 'fdd/index',
      meta: { title: 'faultFindings', icon: 'bug', access: 'faults:read' },
    },
  ],
};
