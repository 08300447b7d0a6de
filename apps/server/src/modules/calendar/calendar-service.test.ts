import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app.js';
import { demoTenantId } from '../../test/tenants.js';
import type { Scope } from '../../platform/tenancy.js';
import { projects } from '../projects/tables.js';
import { describeInstant, inWorkingPeriod } from './calendar-service.js';
import { workTimes } from './tables.js';

let t: TestApp;
let scope: Scope;
let demoId: number;

beforeAll(async () => {
  t = await createTestApp();
  const tenantId = await demoTenantId(t);
  scope = { userId: 2, tenantId, roles: ['tbAdmin'], permissions: [], isAdmin: false };
  const [demo] = await t.app.db.select().from(projects).where(eq(projects.projectName, 'Demo Campus'));
  if (!demo) throw new Error('no demo project');
  demoId = demo.id;
});
afterAll(() => t.close());

/** Shanghai wall-clock time (UTC+8, no daylight saving) as an instant. */
const shanghai = (local: string) => new Date(`${local}+08:00`);
const types = (d: { periods: { timeType: string }[] }) => d.periods.map((p) => p.timeType);

describe('describeInstant on the demo campus (Asia/Shanghai, office 09:00-18:00, lunch 12:00-13:00, nap 12:30-13:30)', () => {
  it('says a plain Saturday morning rests, though the clock is inside the work period', async () => {
    const d = await describeInstant(t.app.db, scope, demoId, shanghai('2026-03-14T10:00'));
    expect(d).toMatchObject({ date: '2026-03-14', localTime: '10:00', workday: false, reason: 'weekend' });
    expect(types(d)).toEqual(['WORK']);
    expect(inWorkingPeriod(d, 'WORK')).toBe(false);
  });

  it('says a Monday 12:45 works and is inside work, lunch and nap', async () => {
    const d = await describeInstant(t.app.db, scope, demoId, shanghai('2026-03-16T12:45'));
    expect(d).toMatchObject({ workday: true, reason: 'weekday', timeZone: 'Asia/Shanghai' });
    expect(types(d)).toEqual(['WORK', 'LUNCH', 'NAP']);
    expect(inWorkingPeriod(d, 'NAP')).toBe(true);
  });

  it('says a National Day Monday is a holiday and names it', async () => {
    const d = await describeInstant(t.app.db, scope, demoId, shanghai('2026-10-05T10:00'));
    expect(d).toMatchObject({ workday: false, reason: 'holiday', holidayName: 'National Day 国庆节' });
  });

  it('says the Saturday worked for the Spring Festival is an extra workday', async () => {
    const d = await describeInstant(t.app.db, scope, demoId, shanghai('2026-02-14T09:30'));
    expect(d).toMatchObject({ date: '2026-02-14', workday: true, reason: 'extraWorkday' });
    expect(inWorkingPeriod(d, 'WORK')).toBe(true);
  });

  it('reads 23:30 on the project clock, not in UTC: Sunday 4 January 23:30 is still the extra workday', async () => {
    const lateSunday = await describeInstant(t.app.db, scope, demoId, new Date('2026-01-04T15:30:00Z'));
    expect(lateSunday).toMatchObject({ date: '2026-01-04', localTime: '23:30', reason: 'extraWorkday' });
    expect(lateSunday.periods).toEqual([]);
    const afterMidnight = await describeInstant(t.app.db, scope, demoId, new Date('2026-01-04T16:30:00Z'));
    expect(afterMidnight).toMatchObject({ date: '2026-01-05', localTime: '00:30', reason: 'weekday' });
    expect(afterMidnight.previousDay).toMatchObject({
      date: '2026-01-04',
      workday: true,
      reason: 'extraWorkday',
    });
  });

  it('answers only the periods of the zone type asked for', async () => {
    const d = await describeInstant(t.app.db, scope, demoId, shanghai('2026-03-16T12:45'), 'meeting');
    expect(d.workday).toBe(true);
    expect(d.periods).toEqual([]);
  });

  it("answers 404 for another tenant's project, and an admin may ask about any", async () => {
    const other: Scope = { ...scope, tenantId: scope.tenantId === null ? 1 : scope.tenantId + 1000 };
    await expect(describeInstant(t.app.db, other, demoId, new Date())).rejects.toMatchObject({ status: 404 });
    const admin: Scope = {
      userId: 1,
      tenantId: null,
      roles: ['admin'],
      permissions: ['*:*:*'],
      isAdmin: true,
    };
    await expect(describeInstant(t.app.db, admin, demoId, new Date())).resolves.toMatchObject({
      timeZone: 'Asia/Shanghai',
    });
  });
});

describe('describeInstant with an overnight overtime and another time zone', () => {
  let nightId: number;
  beforeAll(async () => {
    const tenantId = scope.tenantId ?? 0;
    const [row] = await t.app.db
      .insert(projects)
      .values({
        tenantId,
        projectName: 'Night shift',
        status: 'new',
        address: 'NYC',
        timeZone: 'America/New_York',
      })
      .returning();
    if (!row) throw new Error('project not created');
    nightId = row.id;
    await t.app.db.insert(workTimes).values([
      { projectId: nightId, startTime: '09:00', endTime: '17:00', timeType: 'WORK', zoneType: 'office' },
      { projectId: nightId, startTime: '20:00', endTime: '02:00', timeType: 'OT', zoneType: 'office' },
    ]);
  });

  it('reads Friday 23:30 in New York as a Friday, although it is Saturday in UTC', async () => {
    const d = await describeInstant(t.app.db, scope, nightId, new Date('2026-01-10T04:30:00Z'));
    expect(d).toMatchObject({ date: '2026-01-09', localTime: '23:30', workday: true, reason: 'weekday' });
    expect(d.periods).toEqual([expect.objectContaining({ timeType: 'OT', fromPreviousDay: false })]);
  });

  it('counts Saturday 01:00 inside the overtime that began on Friday, a workday', async () => {
    const d = await describeInstant(t.app.db, scope, nightId, new Date('2026-01-10T06:00:00Z'));
    expect(d).toMatchObject({ date: '2026-01-10', localTime: '01:00', workday: false, reason: 'weekend' });
    expect(d.periods).toEqual([expect.objectContaining({ timeType: 'OT', fromPreviousDay: true })]);
    expect(d.previousDay).toMatchObject({ date: '2026-01-09', workday: true });
    expect(inWorkingPeriod(d, 'OT')).toBe(true);
  });

  it('does not count Sunday 01:00: the overtime began on a Saturday', async () => {
    const d = await describeInstant(t.app.db, scope, nightId, new Date('2026-01-11T06:00:00Z'));
    expect(types(d)).toEqual(['OT']);
    expect(inWorkingPeriod(d, 'OT')).toBe(false);
  });

  it('ends the overtime at 02:00 sharp', async () => {
    const d = await describeInstant(t.app.db, scope, nightId, new Date('2026-01-10T07:00:00Z'));
    expect(d).toMatchObject({ localTime: '02:00', periods: [] });
  });
});
