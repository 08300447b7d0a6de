import { BOARD_ROLES, PROJECT_ADMIN, type RouteRecord } from './record.js';

/** The Board group: the data boards and the energy pages (issue 22) beside them. */
export const BOARD_MENU: RouteRecord = {
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
};
