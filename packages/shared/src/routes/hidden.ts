import type { RouteRecord } from './record.js';

/**
 * Pages reached from other pages (add, edit, detail), never shown in the menu. Spec section 2 opens them to
 * any session; each is served only to whoever may make the call that shows it, so nobody opens a page the
 * server answers with 403. The add and edit pages show themselves read-only, saying why, to a reader without
 * the matching write (customers and display screens on /group/edit, /device/add, /scenes/add …).
 */
export const HIDDEN_MENU: RouteRecord = {
  path: '/hidden',
  component: 'Layout',
  meta: { title: 'hidden', hidden: true },
  children: [
    {
      // The form's device references and place list the project's devices, buildings and floors.
      name: 'DeviceAdd',
      path: '/device/add',
      component: 'device/add',
      meta: { title: 'deviceAdd', access: 'devices:read', hidden: true, noCache: true },
    },
    {
      name: 'GroupAdd',
      path: '/group/add',
      component: 'device-group/edit',
      meta: { title: 'groupAdd', access: 'devices:read', hidden: true, noCache: true },
    },
    {
      name: 'GroupEdit',
      path: '/group/edit',
      component: 'device-group/edit',
      meta: { title: 'groupEdit', access: 'devices:read', hidden: true, noCache: true },
    },
    {
      // A new scene's wizard starts from the project's zones and devices; an existing scene is read with
      // `automation:read` (/scenes/edit).
      name: 'ScenesAdd',
      path: '/scenes/add',
      component: 'scene/wizard',
      meta: { title: 'scenesAdd', access: 'projects:read', hidden: true, noCache: true },
    },
    {
      name: 'ScenesEdit',
      path: '/scenes/edit',
      component: 'scene/wizard',
      meta: { title: 'scenesEdit', access: 'automation:read', hidden: true, noCache: true },
    },
    {
      name: 'ScheduleAdd',
      path: '/schedule/add',
      component: 'scene/wizard',
      meta: { title: 'scheduleAdd', access: 'projects:read', hidden: true, noCache: true },
    },
    {
      name: 'LinkageAdd',
      path: '/linkage/add',
      component: 'scene/wizard',
      meta: { title: 'linkageAdd', access: 'projects:read', hidden: true, noCache: true },
    },
    {
      name: 'DictData',
      path: '/dict/type/data/:dictId',
      component: 'system/dict-data',
      meta: { title: 'dictData', access: 'reference:read', hidden: true, noCache: true },
    },
    {
      // The runs of the project's scenes (POST /sbuilding/scene/runs).
      name: 'JobLog',
      path: '/job/log',
      component: 'scene/job-log',
      meta: { title: 'jobLog', access: 'projects:read', hidden: true, noCache: true },
    },
    {
      name: 'GenEdit',
      path: '/gen/edit/:tableId',
      component: 'system/gen-edit',
      meta: { title: 'genEdit', access: 'platform:read', hidden: true, noCache: true },
    },
  ],
};
