import type { RouteRecord } from './record.js';

/** Pages reached from other pages (add, edit, detail), never shown in the menu. */
export const HIDDEN_MENU: RouteRecord = {
  path: '/hidden',
  component: 'Layout',
  meta: { title: 'hidden', hidden: true },
  children: [
    {
      name: 'DeviceAdd',
      path: '/device/add',
      component: 'device/add',
      meta: { title: 'deviceAdd', hidden: true, noCache: true },
    },
    {
      name: 'GroupAdd',
      path: '/group/add',
      component: 'device-group/edit',
      meta: { title: 'groupAdd', hidden: true, noCache: true },
    },
    {
      name: 'GroupEdit',
      path: '/group/edit',
      component: 'device-group/edit',
      meta: { title: 'groupEdit', hidden: true, noCache: true },
    },
    {
      name: 'ScenesAdd',
      path: '/scenes/add',
      component: 'scene/wizard',
      meta: { title: 'scenesAdd', hidden: true, noCache: true },
    },
    {
      name: 'ScenesEdit',
      path: '/scenes/edit',
      component: 'scene/wizard',
      meta: { title: 'scenesEdit', hidden: true, noCache: true },
    },
    {
      name: 'ScheduleAdd',
      path: '/schedule/add',
      component: 'scene/wizard',
      meta: { title: 'scheduleAdd', hidden: true, noCache: true },
    },
    {
      name: 'LinkageAdd',
      path: '/linkage/add',
      component: 'scene/wizard',
      meta: { title: 'linkageAdd', hidden: true, noCache: true },
    },
    {
      name: 'DictData',
      path: '/dict/type/data/:dictId',
      component: 'system/dict-data',
      meta: { title: 'dictData', hidden: true, noCache: true },
    },
    {
      name: 'JobLog',
      path: '/job/log',
      component: 'scene/job-log',
      meta: { title: 'jobLog', hidden: true, noCache: true },
    },
    {
      name: 'GenEdit',
      path: '/gen/edit/:tableId',
      component: 'system/gen-edit',
      meta: { title: 'genEdit', hidden: true, noCache: true },
    },
  ],
};
