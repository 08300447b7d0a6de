import { and, asc, between, eq } from 'drizzle-orm';
import type { ProjectCalendar, VacationsBody } from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { conflict } from '../../platform/errors.js';
import type { Scope } from '../../platform/tenancy.js';
import { findProject } from '../projects/index.js';
import { localTimeOf } from './calendar-rules.js';
import { calendarDays, projectCalendarYears } from './tables.js';

/**
 * A project's holidays and extra working days of one year (the current year on the project's wall clock
 * when none is given); version 0 when the year was never saved.
 */
export async function getCalendar(
  db: Db,
  scope: Scope,
  projectId: number,
  year?: number,
  now = new Date(),
): Promise<ProjectCalendar> {
  const project = await findProject(db, scope, projectId);
  return readCalendar(db, projectId, year ?? Number(localTimeOf(now, project.timeZone).date.slice(0, 4)));
}

async function readCalendar(db: Db, projectId: number, year: number): Promise<ProjectCalendar> {
  const [yearRow] = await db
    .select({ version: projectCalendarYears.version })
    .from(projectCalendarYears)
    .where(and(eq(projectCalendarYears.projectId, projectId), eq(projectCalendarYears.year, year)));
  const days = await db
    .select({ date: calendarDays.date, type: calendarDays.type, name: calendarDays.name })
    .from(calendarDays)
    .where(
      and(
        eq(calendarDays.projectId, projectId),
        between(calendarDays.date, `${year}-01-01`, `${year}-12-31`),
      ),
    )
    .orderBy(asc(calendarDays.date));
  return { projectId, year, version: yearRow?.version ?? 0, days };
}

/**
 * Replaces a year's set of days in one transaction: either the whole new set is stored, or nothing
 * changes. The year's version guards against two people saving over each other (409 for the later one).
 */
export async function replaceCalendar(db: Db, scope: Scope, body: VacationsBody): Promise<ProjectCalendar> {
  await findProject(db, scope, body.projectId);
  return db.transaction(async (tx) => {
    const claimed =
      body.version === 0
        ? await tx
            .insert(projectCalendarYears)
            .values({ projectId: body.projectId, year: body.year })
            .onConflictDoNothing()
            .returning({ version: projectCalendarYears.version })
        : await tx
            .update(projectCalendarYears)
            .set({ version: body.version + 1, updatedAt: new Date() })
            .where(
              and(
                eq(projectCalendarYears.projectId, body.projectId),
                eq(projectCalendarYears.year, body.year),
                eq(projectCalendarYears.version, body.version),
              ),
            )
            .returning({ version: projectCalendarYears.version });
    if (claimed.length === 0) throw conflict();
    await tx
      .delete(calendarDays)
      .where(
        and(
          eq(calendarDays.projectId, body.projectId),
          between(calendarDays.date, `${body.year}-01-01`, `${body.year}-12-31`),
        ),
      );
    if (body.days.length > 0) {
      await tx.insert(calendarDays).values(body.days.map((day) => ({ projectId: body.projectId, ...day })));
    }
    return readCalendar(tx, body.projectId, body.year);
  });
}
