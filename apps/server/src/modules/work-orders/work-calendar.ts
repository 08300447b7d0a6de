import { and, eq, gte } from 'drizzle-orm';
import { DEFAULT_TIME_ZONE } from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { calendarDays, workTimes } from '../calendar/tables.js';
import { addDays, localDate } from '../energy/index.js';
import { projects } from '../projects/tables.js';
import { workWindows, type WorkCalendar } from './sla.js';

/**
 * A project's work calendar as service levels count it: its clock, the union of its WORK periods (of every zone
 * type: the project's working hours) and its holidays and extra working days from the day before `fromMs` on.
 */
export async function loadWorkCalendar(db: Db, projectId: number, fromMs: number): Promise<WorkCalendar> {
  const [project] = await db
    .select({ timeZone: projects.timeZone })
    .from(projects)
    .where(eq(projects.id, projectId));
  const timeZone = project?.timeZone ?? DEFAULT_TIME_ZONE;
  const since = addDays(localDate(fromMs, timeZone), -1);
  const [periods, days] = await Promise.all([
    db
      .select({ startTime: workTimes.startTime, endTime: workTimes.endTime })
      .from(workTimes)
      .where(and(eq(workTimes.projectId, projectId), eq(workTimes.timeType, 'WORK'))),
    db
      .select({ date: calendarDays.date, type: calendarDays.type, name: calendarDays.name })
      .from(calendarDays)
      .where(and(eq(calendarDays.projectId, projectId), gte(calendarDays.date, since))),
  ]);
  return {
    timeZone,
    windows: workWindows(periods),
    exceptions: new Map(days.map((d) => [d.date, d])),
  };
}
