import { PROJECT_ADMIN, type RouteRecord } from './record.js';

/** The Scenes group (project administrators): defined scenes, noon nap, AC automation, time management. */
export const SCENES_MENU: RouteRecord = {
  path: '/scenes',
  component: 'Layout',
  redirect: '/scene',
  meta: { title: 'scenes', icon: 'control', roles: PROJECT_ADMIN },
  children: [
    {
      name: 'Scene',
      path: '/scene',
      component: 'scene/index',
      meta: { title: 'defined', icon: 'control', roles: PROJECT_ADMIN, noCache: false },
    },
    {
      name: 'NoonNap',
      path: '/noonNap',
      component: 'scene/noon-nap',
      meta: { title: 'noonNap', icon: 'coffee', roles: PROJECT_ADMIN, noCache: true },
    },
    {
      name: 'AcAutomation',
      path: '/acAutomation',
      component: 'scene/ac-automation',
      meta: { title: 'acAutomation', icon: 'robot', roles: PROJECT_ADMIN, noCache: true },
    },
    {
      name: 'TimeMgmt',
      path: '/timeMgmt',
      component: 'scene/time-mgmt',
      meta: { title: 'timeMgmt', icon: 'clock-circle', roles: PROJECT_ADMIN, noCache: true },
    },
  ],
};
