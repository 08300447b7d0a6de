import { and, eq, sql } from 'drizzle-orm';
import type { CalendarDay, WorkTimeType } from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { calendarDays, projectCalendarYears, workTimes } from '../calendar/tables.js';
import { projects } from './tables.js';

export const DEMO_PROJECT = 'Demo Campus';
/** Serialises the demo seed when several server processes start on an empty database at once. */
const SEED_LOCK = 727_002;

const DEMO_WORK_TIMES: { name: string; startTime: string; endTime: string; timeType: WorkTimeType }[] = [
  { name: 'Office hours', startTime: '09:00', endTime: '18:00', timeType: 'WORK' },
  { name: 'Lunch break', startTime: '12:00', endTime: '13:00', timeType: 'LUNCH' },
  { name: 'Noon nap', startTime: '12:30', endTime: '13:30', timeType: 'NAP' },
];

function span(from: string, to: string, name: string): CalendarDay[] {
  const days: CalendarDay[] = [];
  for (
    let d = new Date(`${from}T00:00:00Z`);
    d <= new Date(`${to}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + 1)
  ) {
    days.push({ date: d.toISOString().slice(0, 10), type: 'holiday', name });
  }
  return days;
}

const workday = (date: string, holiday: string): CalendarDay => ({
  date,
  type: 'workday',
  name: `Adjusted working day (${holiday}) 调休上班`,
});

/**
 * Mainland China's public holidays of 2026 and the weekend days worked in exchange, as announced by the
 * General Office of the State Council in its 2026 holiday arrangement notice (国务院办公厅关于2026年部分
 * 节假日安排的通知, November 2025), written down from memory of that notice: check it against the
 * published text before relying on the demo data. The whole days off are listed, weekends included, so
 * the console's calendar shows each holiday as one block.
 */
export const CHINA_2026_CALENDAR: CalendarDay[] = [
  ...span('2026-01-01', '2026-01-03', "New Year's Day 元旦"),
  workday('2026-01-04', "New Year's Day"),
  ...span('2026-02-15', '2026-02-23', 'Spring Festival 春节'),
  workday('2026-02-14', 'Spring Festival'),
  workday('2026-02-28', 'Spring Festival'),
  ...span('2026-04-04', '2026-04-06', 'Qingming Festival 清明节'),
  ...span('2026-05-01', '2026-05-05', 'Labour Day 劳动节'),
  workday('2026-05-09', 'Labour Day'),
  ...span('2026-06-19', '2026-06-21', 'Dragon Boat Festival 端午节'),
  ...span('2026-09-25', '2026-09-27', 'Mid-Autumn Festival 中秋节'),
  ...span('2026-10-01', '2026-10-07', 'National Day 国庆节'),
  workday('2026-09-20', 'National Day'),
  workday('2026-10-10', 'National Day'),
];

/**
 * The demo tenant's project "Demo Campus" in Shanghai's Zhangjiang Hi-Tech Park, with office work times and
 * the 2026 holidays. Idempotent: a tenant that already has the project is left as it is (an administrator
 * may have edited it).
 */
export async function seedProjects(db: Db, tenantId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const [existing] = await tx
      .select({ id: projects.id })
      .from(projects)
      .where(and(eq(projects.tenantId, tenantId), eq(projects.projectName, DEMO_PROJECT)));
    if (existing) return;
    const [project] = await tx
      .insert(projects)
      .values({
        tenantId,
        projectName: DEMO_PROJECT,
        status: 'done',
        address: '88 Keyuan Road, Zhangjiang Hi-Tech Park, Pudong New Area, Shanghai 201203',
        description: 'Demo office campus: two buildings of offices and meeting rooms.',
        timeZone: 'Asia/Shanghai',
      })
      .returning({ id: projects.id });
    if (!project) throw new Error('demo project missing after insert');
    await tx
      .insert(workTimes)
      .values(DEMO_WORK_TIMES.map((w) => ({ ...w, projectId: project.id, zoneType: 'office' })));
    await tx.insert(projectCalendarYears).values({ projectId: project.id, year: 2026 });
    await tx.insert(calendarDays).values(CHINA_2026_CALENDAR.map((d) => ({ ...d, projectId: project.id })));
  });
}
