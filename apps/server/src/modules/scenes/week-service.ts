import { and, asc, between, eq, inArray } from 'drizzle-orm';
import { TIMED_TRIGGERS, type SceneWeek } from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import type { Scope } from '../../platform/tenancy.js';
import { previousDate } from '../calendar/index.js';
import { calendarDays, workTimes } from '../calendar/tables.js';
import { toWorkTime } from '../calendar/index.js';
import { findProject } from '../projects/index.js';
import { noonNaps, scenes } from './tables.js';
import { addDays, planWeek } from './week.js';

/**
 * POST /sbuilding/scene/week: the project's enabled timed scenes, its calendar around the week and its
 * work times, handed to the pure planner (week.ts). 404 when the project is not the caller's; every row
 * read below belongs to that project.
 */
export async function sceneWeek(db: Db, scope: Scope, projectId: number, from: string): Promise<SceneWeek> {
  const project = await findProject(db, scope, projectId);
  const [sceneRows, exceptions, periodRows, napRows] = await Promise.all([
    db
      .select()
      .from(scenes)
      .where(
        and(
          eq(scenes.projectId, project.id),
          eq(scenes.enabled, true),
          inArray(scenes.triggerType, [...TIMED_TRIGGERS]),
        ),
      )
      .orderBy(asc(scenes.name), asc(scenes.id)),
    db
      .select({ date: calendarDays.date, type: calendarDays.type, name: calendarDays.name })
      .from(calendarDays)
      .where(
        and(
          eq(calendarDays.projectId, project.id),
          between(calendarDays.date, previousDate(from), addDays(from, 8)),
        ),
      ),
    db
      .select()
      .from(workTimes)
      .where(eq(workTimes.projectId, project.id))
      .orderBy(asc(workTimes.startTime), asc(workTimes.id)),
    db
      .select({
        id: noonNaps.id,
        name: noonNaps.name,
        startTime: workTimes.startTime,
        endTime: workTimes.endTime,
      })
      .from(noonNaps)
      .innerJoin(workTimes, eq(workTimes.id, noonNaps.workTimeId))
      .where(
        and(eq(noonNaps.projectId, project.id), eq(noonNaps.enabled, true), eq(workTimes.timeType, 'NAP')),
      )
      .orderBy(asc(noonNaps.name), asc(noonNaps.id)),
  ]);
  const week = planWeek({
    from,
    timeZone: project.timeZone,
    scenes: sceneRows.map((row) => ({
      id: row.id,
      name: row.name,
      enabled: row.enabled,
      triggerType: row.triggerType,
      zoneId: row.zoneId,
      rules: row.rules,
    })),
    naps: napRows.map((n) => ({
      id: n.id,
      name: n.name,
      window: { startTime: n.startTime, endTime: n.endTime },
    })),
    exceptions,
    workTimes: periodRows.map(toWorkTime),
  });
  return { ...week, projectId: project.id };
}
