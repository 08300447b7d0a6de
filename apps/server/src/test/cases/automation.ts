import { nextPlanted, type Ids, type RouteCase } from './common.js';

/* Scenes and noon naps (scenes/*), and AC automation (ac-automation/*). */

/** Scenes (scenes/*): B's own execute reaches the command path (nothing connected: a failed run, 200). */
export const bScene = (i: Ids) => ({
  name: `B scene ${nextPlanted()}`,
  // Offered in the mini-program: B's own run of it through /sbuilding/wx proves the id real.
  miniProgram: true,
  triggerType: 'manual',
  category: 'light',
  targets: [{ kind: 'device', id: i.light }],
  actions: [{ method: 'setOnOff', params: { onOff: false } }],
});
export const SCENE_CASES: RouteCase[] = [
  {
    route: 'POST /sbuilding/scene/getList',
    url: () => '/sbuilding/scene/getList',
    payload: (i) => ({ projectId: i.project }),
    allowed: 'ownerB',
  },
  { route: 'GET /sbuilding/scene/{id}', url: (i) => `/sbuilding/scene/${i.scene}`, allowed: 'ownerB' },
  {
    route: 'PUT /sbuilding/scene/create',
    url: () => '/sbuilding/scene/create',
    payload: (i) => ({ ...bScene(i), projectId: i.project }),
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/scene/save/{id}',
    url: (i) => `/sbuilding/scene/save/${i.scene}`,
    payload: (i) => ({ ...bScene(i), version: 1 }),
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/scene/enable/{id}',
    url: (i) => `/sbuilding/scene/enable/${i.scene}`,
    payload: () => ({ enabled: true }),
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/scene/explain/{id}',
    url: (i) => `/sbuilding/scene/explain/${i.scene}`,
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/scene/execute/{id}',
    url: (i) => `/sbuilding/scene/execute/${i.scene}`,
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/scene/runs',
    url: () => '/sbuilding/scene/runs',
    payload: (i) => ({ projectId: i.project }),
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/scene/savings',
    url: () => '/sbuilding/scene/savings',
    payload: (i) => ({ projectId: i.project }),
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/scene/savings/evidence',
    url: () => '/sbuilding/scene/savings/evidence',
    payload: (i) => ({ sceneId: i.scene }),
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/scene/week',
    url: () => '/sbuilding/scene/week',
    payload: (i) => ({ projectId: i.project, from: '2026-09-20' }),
    allowed: 'ownerB',
  },
  { route: 'DELETE /sbuilding/scene/{id}', url: (i) => `/sbuilding/scene/${i.scene}`, allowed: 'ownerB' },
];

/** Noon naps (scenes/noon-nap-*). */
export const bNoonNap = (i: Ids) => ({
  name: `B nap ${nextPlanted()}`,
  zoneIds: [i.deviceZone],
  dimLevel: 40,
  acAction: 'sleep',
});
export const NOON_NAP_CASES: RouteCase[] = [
  {
    route: 'POST /sbuilding/noonNap/getList',
    url: () => '/sbuilding/noonNap/getList',
    payload: (i) => ({ projectId: i.project }),
    allowed: 'ownerB',
  },
  {
    route: 'GET /sbuilding/noonNap/options',
    url: (i) => `/sbuilding/noonNap/options?projectId=${i.project}`,
    allowed: 'ownerB',
  },
  {
    route: 'PUT /sbuilding/noonNap/create',
    url: () => '/sbuilding/noonNap/create',
    payload: (i) => ({ ...bNoonNap(i), projectId: i.project }),
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/noonNap/save/{id}',
    url: (i) => `/sbuilding/noonNap/save/${i.noonNap}`,
    payload: (i) => ({ ...bNoonNap(i), version: 1 }),
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/noonNap/enable/{id}',
    url: (i) => `/sbuilding/noonNap/enable/${i.noonNap}`,
    payload: () => ({ enabled: false }),
    allowed: 'ownerB',
  },
  {
    route: 'DELETE /sbuilding/noonNap/{id}',
    url: (i) => `/sbuilding/noonNap/${i.noonNap}`,
    allowed: 'ownerB',
  },
];

/** AC automation (ac-automation/*): B's create is for B's AC itself, the existing config is its group's. */
export const bAcAutomation = (i: Ids) => ({
  setTemperature: 24,
  timingOpenClose: true,
  openTime: '08:00',
  closeTime: '18:00',
  targetId: i.acGroup,
  targetKind: 'group',
});
export const AC_AUTOMATION_CASES: RouteCase[] = [
  {
    route: 'POST /sbuilding/acAutomation/getList',
    url: () => '/sbuilding/acAutomation/getList',
    payload: (i) => ({ projectId: i.project }),
    allowed: 'ownerB',
  },
  {
    route: 'GET /sbuilding/acAutomation/{id}',
    url: (i) => `/sbuilding/acAutomation/${i.acAutomation}`,
    allowed: 'ownerB',
  },
  {
    route: 'PUT /sbuilding/acAutomation/create',
    url: () => '/sbuilding/acAutomation/create',
    payload: (i) => ({ ...bAcAutomation(i), targetKind: 'device', targetId: i.acUnit, projectId: i.project }),
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/acAutomation/save/{id}',
    url: (i) => `/sbuilding/acAutomation/save/${i.acAutomation}`,
    payload: (i) => ({ ...bAcAutomation(i), setTemperature: 25, version: 1 }),
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/acAutomation/active/{id}',
    url: (i) => `/sbuilding/acAutomation/active/${i.acAutomation}`,
    payload: () => ({ active: false }),
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/acAutomation/explain/{id}',
    url: (i) => `/sbuilding/acAutomation/explain/${i.acAutomation}`,
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/acAutomation/savings',
    url: () => '/sbuilding/acAutomation/savings',
    payload: (i) => ({ projectId: i.project }),
    allowed: 'ownerB',
  },
  {
    route: 'POST /sbuilding/acAutomation/savings/evidence',
    url: () => '/sbuilding/acAutomation/savings/evidence',
    payload: (i) => ({ acAutomationId: i.acAutomation }),
    allowed: 'ownerB',
  },
  {
    route: 'DELETE /sbuilding/acAutomation/{id}',
    url: (i) => `/sbuilding/acAutomation/${i.acAutomation}`,
    allowed: 'ownerB',
  },
];
