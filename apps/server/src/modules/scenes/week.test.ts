import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { SceneWeek, SceneWeekRun } from '@sbuilding/shared';
import { createTestApp, type TestApp } from '../../test/app.js';
import { insertDevice } from '../../test/devices.js';
import { as } from '../../test/tenants.js';
import { buildings, floors, zones } from '../buildings/tables.js';

/*
 * POST /sbuilding/scene/week on a real database: the demo campus (Asia/Shanghai, China's 2026 calendar:
 * Sunday 2026-09-20 is an extra working day, Friday 25 to Sunday 27 September the Mid-Autumn Festival).
 */

let t: TestApp;
let manager: ReturnType<typeof as>;
let projectId: number;
let light: number;

async function create(body: Record<string, unknown>): Promise<number> {
  const res = await manager('PUT', '/sbuilding/scene/create', {
    projectId,
    triggerType: 'timing',
    category: 'light',
    weekdays: [0, 1, 2, 3, 4, 5, 6],
    targets: [{ kind: 'device', id: light }],
    actions: [{ method: 'setOnOff', params: { onOff: true } }],
    ...body,
  });
  if (res.statusCode !== 200) throw new Error(`create failed: ${res.body}`);
  return res.json().data.id;
}

async function week(from: string): Promise<SceneWeek> {
  const res = await manager('POST', '/sbuilding/scene/week', { projectId, from });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

const brief = (runs: SceneWeekRun[], sceneId: number) =>
  runs
    .filter((r) => r.source === 'scene' && r.sceneId === sceneId)
    .map((r) => `${r.localDate} ${r.localTime} ${r.wouldRun ? 'run' : (r.reason ?? '?')}`);

beforeAll(async () => {
  t = await createTestApp({ captchaEnabled: false });
  manager = as(t, await t.login('manager', 'manager123'));
  const list = await manager('POST', '/sbuilding/project/getList', { projectName: 'Demo Campus' });
  projectId = list.json().data.rows[0].id;
  light = (await insertDevice(t.app.db, { model: 's2', name: 'Week light' })).id;
});
afterAll(() => t.close());

describe('POST /sbuilding/scene/week', () => {
  it('skips a workdays-only scene on the holiday and runs it on the extra working Sunday', async () => {
    const id = await create({
      name: 'Workday lights',
      executionTimes: ['08:00'],
      auxiliaryCondition: 'workdays',
    });
    const data = await week('2026-09-20');
    expect(data).toMatchObject({
      projectId,
      timeZone: 'Asia/Shanghai',
      from: '2026-09-20',
      to: '2026-09-26',
    });
    expect(brief(data.runs, id)).toEqual([
      '2026-09-20 08:00 run',
      '2026-09-21 08:00 run',
      '2026-09-22 08:00 run',
      '2026-09-23 08:00 run',
      '2026-09-24 08:00 run',
      '2026-09-25 08:00 auxiliaryCondition',
      '2026-09-26 08:00 auxiliaryCondition',
    ]);
    // 08:00 in Shanghai is midnight UTC.
    expect(data.runs.find((r) => r.sceneId === id)?.at).toBe('2026-09-20T00:00:00.000Z');
    expect(data.runs.every((r) => !r.conditional)).toBe(true);
  });

  it("marks the week's days and shades the work times of working days only", async () => {
    const data = await week('2026-09-20');
    expect(data.days.map((d) => `${d.date} ${d.weekday} ${d.reason}`)).toEqual([
      '2026-09-20 0 extraWorkday',
      '2026-09-21 1 weekday',
      '2026-09-22 2 weekday',
      '2026-09-23 3 weekday',
      '2026-09-24 4 weekday',
      '2026-09-25 5 holiday',
      '2026-09-26 6 holiday',
    ]);
    expect(data.days[5]).toMatchObject({
      workday: false,
      holidayName: 'Mid-Autumn Festival 中秋节',
      windows: [],
    });
    expect(data.days[1]?.windows).toEqual([
      expect.objectContaining({ timeType: 'WORK', startTime: '09:00', startMinute: 540, endMinute: 1080 }),
      expect.objectContaining({ timeType: 'LUNCH', startMinute: 720, endMinute: 780 }),
      expect.objectContaining({ timeType: 'NAP', startMinute: 750, endMinute: 810 }),
    ]);
  });

  it('cuts the week at the effective dates and counts the daily limit', async () => {
    const cut = await create({
      name: 'Three days',
      executionTimes: ['07:30'],
      effectiveStart: '2026-09-22',
      effectiveEnd: '2026-09-24',
    });
    const limited = await create({
      name: 'Twice a day',
      executionTimes: ['10:00', '08:00', '09:00'],
      maxExecuteCount: 2,
    });
    const disabled = await create({ name: 'Off', executionTimes: ['08:00'], enabled: false });
    const manual = await create({ name: 'By hand', triggerType: 'manual', weekdays: [] });
    const data = await week('2026-09-20');
    expect(brief(data.runs, cut)).toEqual([
      '2026-09-20 07:30 effectiveDates',
      '2026-09-21 07:30 effectiveDates',
      '2026-09-22 07:30 run',
      '2026-09-23 07:30 run',
      '2026-09-24 07:30 run',
      '2026-09-25 07:30 effectiveDates',
      '2026-09-26 07:30 effectiveDates',
    ]);
    expect(brief(data.runs, limited).slice(0, 3)).toEqual([
      '2026-09-20 08:00 run',
      '2026-09-20 09:00 run',
      '2026-09-20 10:00 maxCount',
    ]);
    expect(data.runs.some((r) => r.sceneId === disabled || r.sceneId === manual)).toBe(false);
    expect(data.timedScenes).toBe(3);
    // In time order across scenes.
    expect(data.runs.map((r) => r.at)).toEqual([...data.runs.map((r) => r.at)].sort());
  });

  it('shows a noon nap starting at its NAP window on working days only', async () => {
    const [zone] = await t.app.db
      .select({ id: zones.id })
      .from(zones)
      .innerJoin(floors, eq(floors.id, zones.floorId))
      .innerJoin(buildings, eq(buildings.id, floors.buildingId))
      .where(eq(buildings.projectId, projectId))
      .limit(1);
    const res = await manager('PUT', '/sbuilding/noonNap/create', {
      projectId,
      name: 'Office nap',
      zoneIds: [zone!.id],
      dimLevel: 50,
      acAction: 'sleep',
    });
    expect(res.statusCode).toBe(200);
    const data = await week('2026-09-20');
    const naps = data.runs.filter((r) => r.source === 'noonNap');
    expect(
      naps.map((r) => `${r.localDate} ${r.localTime}-${r.until} ${r.wouldRun ? 'run' : r.reason}`),
    ).toEqual([
      '2026-09-20 12:30-13:30 run',
      '2026-09-21 12:30-13:30 run',
      '2026-09-22 12:30-13:30 run',
      '2026-09-23 12:30-13:30 run',
      '2026-09-24 12:30-13:30 run',
      '2026-09-25 12:30-13:30 auxiliaryCondition',
      '2026-09-26 12:30-13:30 auxiliaryCondition',
    ]);
    expect(naps[0]).toMatchObject({ name: 'Office nap', at: '2026-09-20T04:30:00.000Z' });
    expect(data.timedScenes).toBe(4);
  });

  it('refuses a date that does not exist', async () => {
    const res = await manager('POST', '/sbuilding/scene/week', { projectId, from: '2026-02-30' });
    expect(res.statusCode).toBe(400);
  });

  it("reads the times on the project's clock, across a daylight-saving change", async () => {
    const project = (
      await manager('POST', '/sbuilding/project/getList', { projectName: 'Demo Campus' })
    ).json().data.rows[0];
    const saved = await manager('POST', `/sbuilding/project/save/${projectId}`, {
      projectName: project.projectName,
      status: project.status,
      address: project.address,
      description: project.description,
      timeZone: 'Europe/Berlin',
      version: project.version,
    });
    expect(saved.statusCode).toBe(200);
    const data = await week('2026-10-24');
    const morning = data.runs.filter((r) => r.name === 'Twice a day' && r.localTime === '08:00');
    // Berlin leaves summer time on Sunday 25 October 2026: 08:00 is 06:00 UTC before, 07:00 after.
    expect(morning.slice(0, 3).map((r) => `${r.localDate} ${r.at}`)).toEqual([
      '2026-10-24 2026-10-24T06:00:00.000Z',
      '2026-10-25 2026-10-25T07:00:00.000Z',
      '2026-10-26 2026-10-26T07:00:00.000Z',
    ]);
    expect(data.timeZone).toBe('Europe/Berlin');
  });
});
