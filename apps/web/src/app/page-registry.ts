import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type Page = LazyExoticComponent<ComponentType>;

/**
 * Route-record component keys (shared/routes.ts and GET /getRouters) mapped to lazily loaded pages.
 * A feature adds its screen here; a key without an entry renders the ComingSoon page, so the whole
 * route table is navigable from the first release.
 */
export const PAGES: Readonly<Record<string, Page>> = {
  index: lazy(() => import('./pages/home-page').then((m) => ({ default: m.HomePage }))),
  // Both compose other features' parts: API keys and linked identities; API keys, invitations, providers.
  'user/profile': lazy(() => import('./pages/profile-page')),
  'user/index': lazy(() => import('./pages/users-page')),
  // The tenants, and the platform's backup below them.
  'tenant/index': lazy(() => import('./pages/tenants-page')),
  'project/index': lazy(() => import('@/features/projects/pages/projects-page')),
  'building/index': lazy(() => import('@/features/buildings/pages/building-page')),
  'system/dict-data': lazy(() => import('@/features/system/pages/dict-data-page')),
  'system/gen-edit': lazy(() => import('@/features/codegen/pages/gen-edit-page')),
  'tool/gen': lazy(() => import('@/features/codegen/pages/gen-list-page')),
  'device/index': lazy(() => import('@/features/devices/pages/device-list-page')),
  'device/add': lazy(() => import('@/features/devices/pages/device-add-page')),
  'ac-gateway/index': lazy(() => import('@/features/ac-gateways/pages/ac-gateways-page')),
  'device-group/index': lazy(() => import('@/features/device-groups/pages/group-list-page')),
  'device-group/edit': lazy(() => import('@/features/device-groups/pages/group-edit-page')),
  'device/position': lazy(() => import('@/features/device-marks/pages/device-mark-page')),
  'mesh/index': lazy(() => import('@/features/mesh/pages/mesh-page')),
  'board/control-log': lazy(() => import('@/features/control-log/pages/control-log-page')),
  'board/alarm': lazy(() => import('@/features/alarm/pages/alarm-page')),
  'workorder/index': lazy(() => import('@/features/work-orders/pages/work-orders-page')),
  'fdd/index': lazy(() => import('@/features/fdd/pages/fdd-page')),
  'notification/index': lazy(() => import('@/features/notifications/pages/notifications-page')),
  'board/index': lazy(() => import('@/features/overview/pages/overview-page')),
  'dashboard/index': lazy(() => import('@/features/overview/pages/dashboard-page')),
  'board/energy': lazy(() => import('@/features/energy/pages/energy-page')),
  'energy/tariff': lazy(() => import('@/features/energy-billing/pages/tariff-page')),
  'energy/bills': lazy(() => import('@/features/energy-billing/pages/bills-page')),
  'energy/reports': lazy(() => import('@/features/energy-billing/pages/reports-page')),
  'energy/portfolio': lazy(() => import('@/features/portfolio/pages/portfolio-page')),
  'energy/meters': lazy(() => import('@/features/energy-billing/pages/meters-page')),
  'board/light': lazy(() => import('@/features/lighting/pages/light-board-page')),
  'board/ac': lazy(() => import('@/features/hvac/pages/ac-board-page')),
  'board/air': lazy(() => import('@/features/air/pages/air-board-page')),
  'board/space': lazy(() => import('@/features/space/pages/space-board-page')),
  'scene/index': lazy(() => import('@/features/scenes/pages/scene-list-page')),
  'scene/job-log': lazy(() => import('@/features/scenes/pages/job-log-page')),
  'scene/noon-nap': lazy(() => import('@/features/scenes/pages/noon-nap-page')),
  'scene/wizard': lazy(() => import('@/features/scenes/pages/scene-wizard-page')),
  'scene/ac-automation': lazy(() => import('@/features/ac-automation/pages/ac-automation-page')),
  'scene/time-mgmt': lazy(() => import('./pages/time-mgmt-page')),
};

export function pageFor(component: string): Page | undefined {
  return Object.hasOwn(PAGES, component) ? PAGES[component] : undefined;
}
