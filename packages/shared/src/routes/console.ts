import { PROJECT_ADMIN, type RouteRecord } from './record.js';

/**
 * The Console group: projects, buildings, devices and notification channels. Its pages read what customers
 * and display screens may read too (`projects:read`, `devices:read`), but spec section 2 gives the console
 * group to project administrators (tbAdmin): the others look at the same rows through the boards. So these
 * pages keep `roles: PROJECT_ADMIN` beside their action.
 */
export const CONSOLE_MENU: RouteRecord = {
  path: '/console',
  component: 'Layout',
  redirect: '/project',
  meta: { title: 'console', icon: 'appstore' },
  children: [
    {
      name: 'Project',
      path: '/project',
      component: 'project/index',
      meta: { title: 'projects', icon: 'project', access: 'projects:read', roles: PROJECT_ADMIN },
    },
    {
      name: 'Building',
      path: '/building',
      component: 'building/index',
      meta: { title: 'buildings', icon: 'bank', access: 'projects:read', roles: PROJECT_ADMIN },
    },
    {
      path: '/devices',
      component: 'ParentView',
      redirect: '/device',
      meta: { title: 'devices', icon: 'cluster' },
      children: [
        {
          name: 'DevPosition',
          path: '/devPosition',
          component: 'device/position',
          meta: { title: 'deviceMark', icon: 'environment', access: 'devices:read', roles: PROJECT_ADMIN },
        },
        {
          name: 'Device',
          path: '/device',
          component: 'device/index',
          meta: { title: 'deviceList', icon: 'unordered-list', access: 'devices:read', roles: PROJECT_ADMIN },
        },
        {
          name: 'DeviceGroup',
          path: '/deviceGroup',
          component: 'device-group/index',
          meta: { title: 'deviceGroup', icon: 'group', access: 'devices:read', roles: PROJECT_ADMIN },
        },
        {
          name: 'MeshConfig',
          path: '/meshConfig',
          component: 'mesh/index',
          meta: { title: 'meshManagement', icon: 'apartment', access: 'devices:read', roles: PROJECT_ADMIN },
        },
        {
          name: 'ZhGateway',
          path: '/zhGateway',
          component: 'ac-gateway/index',
          meta: { title: 'acManagement', icon: 'api', access: 'devices:read', roles: PROJECT_ADMIN },
        },
      ],
    },
    {
      // Not in the spec's menu: issue 7's notification channels (webhook, e-mail) and their delivery log.
      name: 'Notification',
      path: '/notification',
      component: 'notification/index',
      meta: { title: 'notifications', icon: 'notification', access: 'notifications:read' },
    },
  ],
};
