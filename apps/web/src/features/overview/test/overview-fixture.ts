import type { Overview } from '@sbuilding/shared';

/** A project's overview as the server answers it: one placed building and one without a place. */
export const OVERVIEW: Overview = {
  projectId: 5,
  timeZone: 'Asia/Shanghai',
  date: '2026-11-21',
  devices: { online: 40, offline: 2, total: 42 },
  energy: {
    today: 125.5,
    yesterdaySameTime: 100,
    yesterdayUntil: '01:30',
    yesterday: 480,
    changePercent: 25.5,
    curve: [
      { hour: '00:00', today: 60, yesterday: 50 },
      { hour: '01:00', today: 65.5, yesterday: 50 },
      { hour: '02:00', today: null, yesterday: 380 },
    ],
  },
  alerts: { urgent: 1, secondary: 0, general: 2, complete: 0, resolved: 0, total: 3 },
  air: { sensors: 4, reporting: 3, co2Average: 640, co2Max: 910 },
  lights: { on: 12, total: 30 },
  acs: { running: 3, total: 8 },
  buildings: [
    {
      id: 1,
      name: 'Building A',
      address: '88 Keyuan Road',
      longitude: 121.6,
      latitude: 31.2,
      devices: { online: 30, offline: 0, total: 30 },
    },
    {
      id: 2,
      name: 'Building B',
      address: '90 Keyuan Road',
      longitude: null,
      latitude: null,
      devices: { online: 10, offline: 2, total: 12 },
    },
  ],
  watchIds: [7, 8, 9],
  mapStyleUrl: null,
};
