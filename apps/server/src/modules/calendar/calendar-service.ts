import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import type { Scope } from '../../platform/tenancy.js';
import { findProject } from '../projects/index.js';
import {
  activePeriods,
  describeDay,
  localTimeOf,
  previousDate,
  type CalendarException,
  type DayInfo,
  type InstantDescription,
} from './calendar-rules.js';
import { calendarDays, workTimes } from './tables.js';
import { toWorkTime } from './work-time-service.js';

export type { ActivePeriod, DayInfo, DayReason, InstantDescription } from './calendar-rules.js';
export { inWorkingPeriod } from './calendar-rules.js';

/**
 * THE calendar question of a project, for scenes, noon nap and AC automation: is this instant a workday,
 * and which work-time periods is it in (for one zone type, or all when none is given)?
 *
 * The instant is read on the project's wall clock (its `timeZone`). A day works Monday to Friday unless the
 * project's calendar names it a holiday; a weekend day works when the calendar names it an extra working
 * day. `periods` lists every period whose clock window holds the instant, on a working day or not: use
 * `inWorkingPeriod(description, 'NAP')` to ask whether a period applies now. The after-midnight part of an
 * overnight period is marked `fromPreviousDay`, and `previousDay` says whether that day worked.
 *
 * 404 when the project does not exist or is not the caller's.
 */
export async function describeInstant(
  db: Db,
  scope: Scope,
  projectId: number,
  instant: Date,
  zoneType?: string,
): Promise<InstantDescription> {
  const project = await findProject(db, scope, projectId);
  const local = localTimeOf(instant, project.timeZone);
  const yesterday = previousDate(local.date);

  const [exceptions, periodRows] = await Promise.all([
    db
      .select({ date: calendarDays.date, type: calendarDays.type, name: calendarDays.name })
      .from(calendarDays)
      .where(and(eq(calendarDays.projectId, projectId), inArray(calendarDays.date, [local.date, yesterday]))),
    db
      .select()
      .from(workTimes)
      .where(
        zoneType === undefined
          ? eq(workTimes.projectId, projectId)
          : and(eq(workTimes.projectId, projectId), eq(workTimes.zoneType, zoneType)),
      ),
  ]);
  const exceptionOn = (date: string): CalendarException | undefined =>
    exceptions.find((e) => e.date === date);

  return {
    ...describeDay(local.date, exceptionOn(local.date)),
    timeZone: project.timeZone,
    localTime: local.time,
    periods: activePeriods(periodRows.map(toWorkTime), local.minutes),
    previousDay: describeDay(yesterday, exceptionOn(yesterday)),
  };
}

/**
 * Each local date's day on the project's calendar (a workday or not, and why), for questions over a range
 * of days (the energy board's check of savings against the meters compares days of the same type). 404 when
 * the project does not exist or is not the caller's.
 */
export async function describeDates(
  db: Db,
  scope: Scope,
  projectId: number,
  dates: readonly string[],
): Promise<DayInfo[]> {
  await findProject(db, scope, projectId);
  if (dates.length === 0) return [];
  const exceptions = await db
    .select({ date: calendarDays.date, type: calendarDays.type, name: calendarDays.name })
    .from(calendarDays)
    .where(and(eq(calendarDays.projectId, projectId), inArray(calendarDays.date, [...dates])));
  return dates.map((date) =>
    describeDay(
      date,
      exceptions.find((e) => e.date === date),
    ),
  );
}
