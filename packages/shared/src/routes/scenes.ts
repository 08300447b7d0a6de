import type { RouteRecord } from './record.js';

/**
 * The Scenes group: defined scenes, noon nap, AC automation, time management. `automation:read` is the
 * project administrators' (spec section 2's scene group is tbAdmin's).
 */
export const SCENES_MENU: RouteRecord = {
  path: '/scenes',
  component: 'Layout',
  redirect: '/scene',
  meta: { title: 'scenes', icon: 'control' },
  children: [
    {
      name: 'Scene',
      path: '/scene',
      component: 'scene/index',
      meta: { title: 'defined', icon: 'control', access: 'automation:read', noCache: false },
    },
    {
      name: 'NoonNap',
      path: '/noonNap',
      component: 'scene/noon-nap',
      meta: { title: 'noonNap', icon: 'coffee', access: 'automation:read', noCache: true },
    },
    {
      name: 'AcAutomation',
      path: '/acAutomation',
      component: 'scene/ac-automation',
      meta: { title: 'acAutomation', icon: 'robot', access: 'automation:read', noCache: true },
    },
    {
      name: 'TimeMgmt',
      path: '/timeMgmt',
      component: 'scene/time-mgmt',
      meta: { title: 'timeMgmt', icon: 'clock-circle', access: 'automation:read', noCache: true },
    },
  ],
};
