import { hasAnyPermission, hasAnyRole, type Role } from './roles.js';

/**
 * Route records of spec section 2: path, component, children, meta {title, noCache, affix, roles, hidden}.
 * `meta.title` is a key of the console's `routes.*` catalogue entries, so the menu follows the UI language
 * without a refetch. `meta.permissions` extends the spec's meta for the one permission-guarded entry
 * (/buildingUser). `meta.transition` marks the board pages, the only ones with a page transition.
 */
export interface RouteMeta {
  title: string;
  icon?: string;
  noCache?: boolean;
  affix?: boolean;
  roles?: Role[];
  permissions?: string[];
  hidden?: boolean;
  transition?: boolean;
}

export interface RouteRecord {
  name?: string;
  path: string;
  /** `Layout` for a top-level group, otherwise the page key the console maps to a lazily loaded page. */
  component: string;
  redirect?: string;
  meta: RouteMeta;
  children?: RouteRecord[];
}

const BOARD_ROLES: Role[] = ['tbAdmin', 'tbCustomer', 'tbVisualDisplay'];
const PROJECT_ADMIN: Role[] = ['tbAdmin'];

/** The menu the server returns from GET /getRouters, before filtering by the caller's roles. */
export const MENU_ROUTES: RouteRecord[] = [
  {
    path: '/board',
    component: 'Layout',
    redirect: '/board/index',
    meta: { title: 'board', icon: 'dashboard', roles: BOARD_ROLES },
    children: [
      {
        name: 'Databoard',
        path: '/board/index',
        component: 'board/index',
        meta: { title: 'platformOverview', icon: 'global', roles: BOARD_ROLES, transition: true },
      },
      {
        name: 'Energyboard',
        path: '/board/energy',
        component: 'board/energy',
        meta: { title: 'energy', icon: 'thunderbolt', roles: BOARD_ROLES, transition: true },
      },
      {
        // Issue 22: the project's dated tariffs and emission factors (tbAdmin edits, the others read).
        name: 'EnergyTariff',
        path: '/energy/tariff',
        component: 'energy/tariff',
        meta: { title: 'energyTariff', icon: 'account-book', roles: BOARD_ROLES },
      },
      {
        // Issue 22: monthly bills per building, floor or zone, as .xlsx and PDF.
        name: 'EnergyBills',
        path: '/energy/bills',
        component: 'energy/bills',
        meta: { title: 'energyBills', icon: 'file-text', roles: BOARD_ROLES },
      },
      {
        // Issue 22: scheduled energy reports (sent through the notification channels) and share links.
        name: 'EnergyReports',
        path: '/energy/reports',
        component: 'energy/reports',
        meta: { title: 'energyReports', icon: 'notification', roles: PROJECT_ADMIN },
      },
      {
        // Issue 22: a tenant's projects (every tenant's for the platform administrator) side by side.
        name: 'EnergyPortfolio',
        path: '/energy/portfolio',
        component: 'energy/portfolio',
        meta: { title: 'energyPortfolio', icon: 'fund', roles: PROJECT_ADMIN },
      },
      {
        // Issue 22: the meter tree (which channels measure which node, virtual meters, areas, remainders).
        name: 'EnergyMeters',
        path: '/energy/meters',
        component: 'energy/meters',
        meta: { title: 'energyMeters', icon: 'apartment', roles: BOARD_ROLES },
      },
      {
        name: 'Lightboard',
        path: '/board/light',
        component: 'board/light',
        meta: { title: 'lighting', icon: 'bulb', roles: BOARD_ROLES, transition: true },
      },
      {
        name: 'Acboard',
        path: '/board/ac',
        component: 'board/ac',
        meta: { title: 'hvac', icon: 'cloud', roles: BOARD_ROLES, transition: true },
      },
      {
        name: 'Airboard',
        path: '/board/air',
        component: 'board/air',
        meta: { title: 'airQuality', icon: 'experiment', roles: BOARD_ROLES, transition: true },
      },
      {
        name: 'Spaceboard',
        path: '/board/space',
        component: 'board/space',
        meta: { title: 'space', icon: 'team', roles: BOARD_ROLES, hidden: true, transition: true },
      },
    ],
  },
  {
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
  },
  {
    path: '/dashboard',
    component: 'Layout',
    meta: { title: 'dashboard', icon: 'fund' },
    children: [
      {
        name: 'Dashboard',
        path: '/dashboard',
        component: 'dashboard/index',
        meta: { title: 'dashboard', icon: 'fund' },
      },
    ],
  },
  {
    path: '/console',
    component: 'Layout',
    redirect: '/project',
    meta: { title: 'console', icon: 'appstore', roles: PROJECT_ADMIN },
    children: [
      {
        name: 'Project',
        path: '/project',
        component: 'project/index',
        meta: { title: 'projects', icon: 'project', roles: PROJECT_ADMIN },
      },
      {
        name: 'Building',
        path: '/building',
        component: 'building/index',
        meta: { title: 'buildings', icon: 'bank', roles: PROJECT_ADMIN },
      },
      {
        path: '/devices',
        component: 'ParentView',
        redirect: '/device',
        meta: { title: 'devices', icon: 'cluster', roles: PROJECT_ADMIN },
        children: [
          {
            name: 'DevPosition',
            path: '/devPosition',
            component: 'device/position',
            meta: { title: 'deviceMark', icon: 'environment', roles: PROJECT_ADMIN },
          },
          {
            name: 'Device',
            path: '/device',
            component: 'device/index',
            meta: { title: 'deviceList', icon: 'unordered-list', roles: PROJECT_ADMIN },
          },
          {
            name: 'DeviceGroup',
            path: '/deviceGroup',
            component: 'device-group/index',
            meta: { title: 'deviceGroup', icon: 'group', roles: PROJECT_ADMIN },
          },
          {
            name: 'MeshConfig',
            path: '/meshConfig',
            component: 'mesh/index',
            meta: { title: 'meshManagement', icon: 'apartment', roles: PROJECT_ADMIN },
          },
          {
            name: 'ZhGateway',
            path: '/zhGateway',
            component: 'ac-gateway/index',
            meta: { title: 'acManagement', icon: 'api', roles: PROJECT_ADMIN },
          },
        ],
      },
      {
        // Not in the spec's menu: issue 7's notification channels (webhook, e-mail) and their delivery log.
        name: 'Notification',
        path: '/notification',
        component: 'notification/index',
        meta: { title: 'notifications', icon: 'notification', roles: PROJECT_ADMIN },
      },
    ],
  },
  {
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
  },
  {
    path: '/users',
    component: 'Layout',
    meta: { title: 'users', icon: 'user' },
    children: [
      {
        name: 'BuildingUser',
        path: '/buildingUser',
        component: 'user/index',
        meta: { title: 'users', icon: 'user', permissions: ['sbuilding:tools:tenant'] },
      },
    ],
  },
  {
    path: '/tenants',
    component: 'Layout',
    meta: { title: 'tenants', icon: 'team', roles: ['admin'] },
    children: [
      {
        name: 'Tenant',
        path: '/tenant',
        component: 'tenant/index',
        meta: { title: 'tenants', icon: 'team', roles: ['admin'] },
      },
    ],
  },
  {
    path: '/tool',
    component: 'Layout',
    meta: { title: 'tools', icon: 'tool', roles: ['admin'] },
    children: [
      {
        name: 'Gen',
        path: '/tool/gen',
        component: 'tool/gen',
        meta: { title: 'gen', icon: 'code', roles: ['admin'] },
      },
    ],
  },
  {
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
  },
];

/** Whether a route's meta lets a user with these roles and permissions see it. */
export function canSeeRoute(
  meta: RouteMeta,
  roles: readonly string[],
  permissions: readonly string[],
): boolean {
  if (meta.roles && !hasAnyRole(roles, meta.roles)) return false;
  if (meta.permissions && !hasAnyPermission(permissions, meta.permissions)) return false;
  return true;
}

/** The menu tree for a user: entries whose meta matches, groups with no visible child dropped. */
export function routesForUser(
  roles: readonly string[],
  permissions: readonly string[],
  routes: readonly RouteRecord[] = MENU_ROUTES,
): RouteRecord[] {
  const out: RouteRecord[] = [];
  for (const route of routes) {
    if (!canSeeRoute(route.meta, roles, permissions)) continue;
    if (!route.children) {
      out.push(route);
      continue;
    }
    const children = routesForUser(roles, permissions, route.children);
    if (children.length > 0) out.push({ ...route, children });
  }
  return out;
}

/** The home page of a user: admin goes to /index, a weixin customer to /wxProgram, everyone else to /board/index. */
export function homePath(roles: readonly string[]): string {
  if (roles.includes('admin')) return '/index';
  // A building's occupant has one screen: the mini-program page (its buildings, or a chooser).
  if (roles.length > 0 && roles.every((r) => r === 'tbWeixinCustomer')) return '/wxProgram';
  return '/board/index';
}

/** Project admin shortcut targets of the navbar (spec section 2). */
export const PROJECT_ADMIN_SHORTCUTS = [
  '/building',
  '/board/light',
  '/devPosition',
  '/zhGateway',
  '/scene',
  '/deviceGroup',
  '/meshConfig',
  '/device',
  '/buildingUser',
  '/project',
] as const;

/** Pages reachable without a session (spec section 2). */
export const OPEN_PATHS = ['/login', '/auth-redirect', '/bind', '/register', '/404', '/401'] as const;
