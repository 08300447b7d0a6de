import { and, asc, eq, inArray, like } from 'drizzle-orm';
import {
  acAutomationCreateBodySchema,
  DEVICE_CONTROL_PERMISSION,
  noonNapCreateBodySchema,
  sceneCreateBodySchema,
  type AcAutomationCreateBody,
  type SceneCreateBody,
} from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import type { Scope } from '../../platform/tenancy.js';
import { createAutomation } from '../ac-automation/index.js';
import { zones } from '../buildings/tables.js';
import { workTimes } from '../calendar/tables.js';
import { deviceGroups, devices } from '../devices/tables.js';
import { createNoonNap, createScene } from '../scenes/index.js';
import { scenes } from '../scenes/tables.js';

/*
 * The demo campus's automations (issue 23), the ones a facilities team sets up first, so a new user sees
 * the scene list, the week, the scheduling log and the savings alive within minutes:
 * - every light off at 19:00 on working days, and four times a day on rest days (the calendar decides);
 * - each corridor's lights by occupancy: on when its sensor light sees someone (at most every 5 minutes),
 *   off after 5 minutes empty;
 * - a noon nap for the office zones at the project's NAP work time (lights dimmed to 30%, ACs to sleep);
 * - the office ACs pre-cool or pre-heat from 08:30 on working days (auto mode picks), off at 18:00 (the
 *   noon nap puts them to sleep at noon);
 * - the meeting rooms' ACs with smart temperature control: open from 08:30 when someone is in, closed after
 *   15 minutes empty, the setpoint relaxed while vacant.
 */

/** When the lights go off after work, and when they are switched off again on rest days. */
export const DEMO_AFTER_WORK = '19:00';
export const DEMO_REST_DAY_TIMES = ['08:00', '12:00', '16:00', '20:00'];
export const DEMO_AC_OPEN = '08:30';
export const DEMO_AC_CLOSE = '18:00';

const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];

/** Acts as the demo tenant's manager would (every reference checked by the same services). */
function seedScope(tenantId: number): Scope {
  return {
    userId: 0,
    tenantId,
    roles: ['tbAdmin'],
    permissions: [DEVICE_CONTROL_PERMISSION],
    isAdmin: false,
  };
}

/**
 * Creates the demo automations in the campus (`projectId`), unless it has scenes already (idempotent).
 * Called by the first start's demo seed; `now` is the app's clock (where the schedules start).
 */
export async function seedDemoAutomations(db: Db, tenantId: number, projectId: number, now = new Date()) {
  const [existing] = await db
    .select({ id: scenes.id })
    .from(scenes)
    .where(eq(scenes.projectId, projectId))
    .limit(1);
  if (existing) return;
  const scope = seedScope(tenantId);
  const campusDevices = await db
    .select({
      id: devices.id,
      name: devices.name,
      model: devices.model,
      category: devices.category,
      zoneId: devices.zoneId,
    })
    .from(devices)
    .where(and(eq(devices.tenantId, tenantId), eq(devices.projectId, projectId)))
    .orderBy(asc(devices.id));
  const lights = campusDevices.filter((d) => d.category === 'light');
  if (lights.length === 0) return;
  const scene = (body: Omit<SceneCreateBody, 'projectId'>) =>
    createScene(db, scope, sceneCreateBodySchema.parse({ projectId, ...body }), now);
  const allLights = lights.map((d) => ({ kind: 'device' as const, id: d.id }));
  const off = [{ method: 'setOnOff' as const, params: { onOff: false } }];

  await scene({
    name: 'All lights off after work',
    triggerType: 'timing',
    category: 'light',
    executionTimes: [DEMO_AFTER_WORK],
    weekdays: EVERY_DAY,
    auxiliaryCondition: 'workdays',
    targets: allLights,
    actions: off,
  });
  await scene({
    name: 'All lights off on rest days',
    triggerType: 'timing',
    category: 'light',
    executionTimes: DEMO_REST_DAY_TIMES,
    weekdays: EVERY_DAY,
    auxiliaryCondition: 'holidays',
    targets: allLights,
    actions: off,
  });

  // Each floor's corridor: its group of lights, and the sensor light among them (e90: pir).
  const groups = await db
    .select({ id: deviceGroups.id, name: deviceGroups.name })
    .from(deviceGroups)
    .where(
      and(
        eq(deviceGroups.projectId, projectId),
        eq(deviceGroups.category, 'light'),
        like(deviceGroups.name, '% corridor lights'),
      ),
    )
    .orderBy(asc(deviceGroups.id));
  for (const group of groups) {
    const floor = group.name.replace(/ corridor lights$/, '');
    const [building, level] = [floor.split(' ').slice(0, 2).join(' '), floor.split(' ').slice(2).join(' ')];
    const mark = `${building.slice(-1)}-F${level.charAt(0)}`;
    const sensor = lights.find((d) => d.model === 'e90' && d.name.startsWith(`${mark} corridor light`));
    if (!sensor) continue;
    const target = [{ kind: 'group' as const, id: group.id }];
    await scene({
      name: `${mark} corridor lights on when someone passes`,
      triggerType: 'device',
      category: 'light',
      conditions: [{ source: 'device', deviceId: sensor.id, property: 'pir', operator: 'equal', value: 1 }],
      // People come and go all day: at most once per 5 minutes (the off scene waits 5 minutes empty, so
      // someone coming back after it always finds the lights switched on again).
      repeatIntervalMinutes: 5,
      targets: target,
      actions: [{ method: 'setOnOff', params: { onOff: true } }],
    });
    await scene({
      name: `${mark} corridor lights off when empty`,
      triggerType: 'device',
      category: 'light',
      conditions: [{ source: 'device', deviceId: sensor.id, property: 'pir', operator: 'equal', value: 0 }],
      preDelaySeconds: 300,
      targets: target,
      actions: off,
    });
  }

  const zoneRows = await db
    .select({ id: zones.id, type: zones.type })
    .from(zones)
    .where(and(eq(zones.tenantId, tenantId), inArray(zones.type, ['office', 'meeting'])));
  const officeZones = new Set(zoneRows.filter((z) => z.type === 'office').map((z) => z.id));
  const meetingZones = new Set(zoneRows.filter((z) => z.type === 'meeting').map((z) => z.id));
  const [nap] = await db
    .select({ id: workTimes.id })
    .from(workTimes)
    .where(
      and(
        eq(workTimes.projectId, projectId),
        eq(workTimes.timeType, 'NAP'),
        eq(workTimes.zoneType, 'office'),
      ),
    )
    .limit(1);
  if (nap && officeZones.size > 0) {
    await createNoonNap(
      db,
      scope,
      noonNapCreateBodySchema.parse({
        projectId,
        name: 'Office noon nap',
        workTimeId: nap.id,
        zoneIds: [...officeZones].slice(0, 100),
        dimLevel: 77,
        acAction: 'sleep',
      }),
      now,
    );
  }

  const automation = (body: Omit<AcAutomationCreateBody, 'projectId'>) =>
    createAutomation(db, scope, acAutomationCreateBodySchema.parse({ projectId, ...body }));
  for (const ac of campusDevices.filter((d) => d.category === 'ac' && d.zoneId !== null)) {
    const timing = {
      timingOpenClose: true,
      openTime: DEMO_AC_OPEN,
      closeTime: DEMO_AC_CLOSE,
      allWorkdays: true,
    };
    if (meetingZones.has(ac.zoneId ?? 0)) {
      await automation({
        targetKind: 'device',
        targetId: ac.id,
        zoneId: ac.zoneId,
        setTemperature: 24,
        workMode: 'auto',
        fanSpeed: 'auto',
        motionCountThreshold: 1,
        autoOpenClose: true,
        vacantMinutes: 15,
        ...timing,
        smartTempControl: true,
        weatherLinkage: true,
      });
    } else if (officeZones.has(ac.zoneId ?? 0)) {
      await automation({
        targetKind: 'device',
        targetId: ac.id,
        zoneId: ac.zoneId,
        setTemperature: 24,
        workMode: 'auto',
        fanSpeed: 'auto',
        ...timing,
      });
    }
  }
}
