import { BOARD_ROLES, type RouteRecord } from './record.js';

/** The Services group: the alarm board and the control log. */
export const SERVICE_MENU: RouteRecord = {
  path: '/service',
  component: 'Layout',
  redirect: '/board/alarm',
  meta: { title: 'services', icon: 'customer-service', roles: BOARD_ROLES },
  children: [
    {
      name: 'Alarmboard',
      path: '/board/alarm',
      component: 'board/alarm',
      meta: { title: 'alert', icon: 'alert', roles: BOARD_ROLES },
    },
    {
      name: 'ControlLog',
      path: '/board/controlLog',
      component: 'board/control-log',
      meta: { title: 'controlLog', icon: 'profile', roles: BOARD_ROLES },
    },
  ],
};
