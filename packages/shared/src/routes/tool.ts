import type { RouteRecord } from './record.js';

/** The Tools group: the platform administrator's code generator (`platform:read`). */
export const TOOL_MENU: RouteRecord = {
  path: '/tool',
  component: 'Layout',
  meta: { title: 'tools', icon: 'tool' },
  children: [
    {
      name: 'Gen',
      path: '/tool/gen',
      component: 'tool/gen',
      meta: { title: 'gen', icon: 'code', access: 'platform:read' },
    },
  ],
};
