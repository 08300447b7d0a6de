import type { RouteRecord } from './record.js';

/**
 * The Board group: the data boards and the energy pages (issue 22) beside them, for whoever reads the
 * project (`projects:read`: tbAdmin, tbCustomer, tbVisualDisplay).
 */
export const BOARD_MENU: RouteRecord = {
  path: '/board',
  component: 'Layout',
  redirect: '/board/index',
  meta: { title: 'board', icon: 'dashboard' },
  children: [
    {
      name: 'Databoard',
      path: '/board/index',
      component: 'board/index',
      meta: { title: 'platformOverview', icon: 'global', access: 'projects:read', transition: true },
    },
    {
      name: 'Energyboard',
      path: '/board/energy',
      component: 'board/energy',
      meta: { title: 'energy', icon: 'thunderbolt', access: 'projects:read', transition: true },
    },
    {
      // Issue 22: the project's dated tariffs and emission factors (tbAdmin edits, the others read).
      name: 'EnergyTariff',
      path: '/energy/tariff',
      component: 'energy/tariff',
      meta: { title: 'energyTariff', icon: 'account-book', access: 'projects:read' },
    },
    {
      // Issue 22: monthly bills per building, floor or zone, as .xlsx and PDF.
      name: 'EnergyBills',
      path: '/energy/bills',
      component: 'energy/bills',
      meta: { title: 'energyBills', icon: 'file-text', access: 'projects:read' },
    },
    {
      // Issue 22: scheduled energy reports (sent through the notification channels) and share links.
      name: 'EnergyReports',
      path: '/energy/reports',
      component: 'energy/reports',
      meta: { title: 'energyReports', icon: 'notification', access: 'notifications:read' },
    },
    {
      // Issue 22: a tenant's projects (every tenant's for the platform administrator) side by side.
      name: 'EnergyPortfolio',
      path: '/energy/portfolio',
      component: 'energy/portfolio',
      meta: { title: 'energyPortfolio', icon: 'fund', access: 'portfolio:read' },
    },
    {
      // Issue 22: the meter tree (which channels measure which node, virtual meters, areas, remainders).
      name: 'EnergyMeters',
      path: '/energy/meters',
      component: 'energy/meters',
      meta: { title: 'energyMeters', icon: 'apartment', access: 'projects:read' },
    },
    {
      name: 'Lightboard',
      path: '/board/light',
      component: 'board/light',
      meta: { title: 'lighting', icon: 'bulb', access: 'projects:read', transition: true },
    },
    {
      name: 'Acboard',
      path: '/board/ac',
      component: 'board/ac',
      meta: { title: 'hvac', icon: 'cloud', access: 'projects:read', transition: true },
    },
    {
      name: 'Airboard',
      path: '/board/air',
      component: 'board/air',
      meta: { title: 'airQuality', icon: 'experiment', access: 'projects:read', transition: true },
    },
    {
      name: 'Spaceboard',
      path: '/board/space',
      component: 'board/space',
      meta: { title: 'space', icon: 'team', access: 'projects:read', hidden: true, transition: true },
    },
  ],
};
