import {
  SCENE_WEEK_DAYS,
  TIMED_TRIGGERS,
  type SceneReason,
  type SceneWeek,
  type SceneWeekDay,
  type SceneWeekRun,
  type SceneWeekWindow,
  type WorkTime,
} from '@sbuilding/shared';
import {
  describeDay,
  localTimeOf,
  minutesOf,
  previousDate,
  weekdayOf,
  type CalendarException,
} from '../calendar/index.js';
import { decide, dueTimesBetween, instantOf, type EngineScene } from './engine.js';
import { napEventsBetween } from './noon-nap-plan.js';

/*
 * The week view of /timeMgmt, pure: which execution times of a project's timed scenes fall in 7 local
 * days and whether the engine would run each, judged as the scheduler judges it at that time. The live
 * side of a scene (conditions, vacancy, a manual switch) cannot be known ahead: those checks are left out
 * of the verdict and the run is marked `conditional`.
 */

/** Checks whose answer depends on readings at run time, not on the clock and the calendar. */
const LIVE_CHECKS: readonly SceneReason[] = ['conditionFalse', 'vacantTimeout', 'manualTimeout'];

export interface WeekScene extends EngineScene {
  id: number;
  name: string;
}

/** An enabled noon nap and its NAP work time: it starts at the window's start on working days. */
export interface WeekNap {
  id: number;
  name: string;
  window: { startTime: string; endTime: string };
}

export interface WeekInputs {
  from: string;
  timeZone: string;
  scenes: readonly WeekScene[];
  naps: readonly WeekNap[];
  /** Calendar exceptions from the day before `from` to the day after the week (a pre-delay may spill). */
  exceptions: readonly CalendarException[];
  workTimes: readonly WorkTime[];
}

export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, (d ?? 1) + days)).toISOString().slice(0, 10);
}

/** The first instant of a local date (midnight, or the first minute that exists when a jump skips it). */
function startOf(date: string, timeZone: string): Date {
  for (let minute = 0; minute < 24 * 60; minute += 15) {
    const time = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
    const instant = instantOf(date, time, timeZone);
    if (instant) return instant;
  }
  throw new Error(`no instant on ${date} in ${timeZone}`);
}

/** Work-time windows of a day: its own periods when it works, the tail of an overnight one when the day before did. */
function windowsOf(
  workday: boolean,
  previousWorkday: boolean,
  workTimes: readonly WorkTime[],
): SceneWeekWindow[] {
  const out: SceneWeekWindow[] = [];
  for (const w of workTimes) {
    const start = minutesOf(w.startTime);
    const end = minutesOf(w.endTime);
    const base = {
      timeType: w.timeType,
      name: w.name,
      zoneType: w.zoneType,
      startTime: w.startTime,
      endTime: w.endTime,
    };
    if (start < end) {
      if (workday) out.push({ ...base, startMinute: start, endMinute: end, fromPreviousDay: false });
      continue;
    }
    // Overnight: [start, midnight) belongs to this day, [midnight, end) to the day before.
    if (previousWorkday && end > 0)
      out.push({ ...base, startMinute: 0, endMinute: end, fromPreviousDay: true });
    if (workday) out.push({ ...base, startMinute: start, endMinute: 24 * 60, fromPreviousDay: false });
  }
  return out.sort((a, b) => a.startMinute - b.startMinute || a.endMinute - b.endMinute);
}

export function planWeek(inputs: WeekInputs): SceneWeek {
  const { from, timeZone } = inputs;
  const exceptionOn = (date: string) => inputs.exceptions.find((e) => e.date === date);
  const dayInfo = (date: string) => describeDay(date, exceptionOn(date));

  const days: SceneWeekDay[] = [];
  for (let i = 0; i < SCENE_WEEK_DAYS; i++) {
    const date = addDays(from, i);
    const info = dayInfo(date);
    days.push({
      date,
      weekday: weekdayOf(date),
      workday: info.workday,
      reason: info.reason,
      holidayName: info.holidayName ?? '',
      windows: windowsOf(info.workday, dayInfo(previousDate(date)).workday, inputs.workTimes),
    });
  }

  const start = startOf(from, timeZone);
  const end = startOf(addDays(from, SCENE_WEEK_DAYS), timeZone);
  const timed = inputs.scenes.filter((s) => s.enabled && TIMED_TRIGGERS.includes(s.triggerType));
  const runs: SceneWeekRun[] = [];
  for (const scene of timed) {
    const { rules } = scene;
    const conditional =
      rules.conditions.length > 0 || rules.vacantTimeoutMinutes > 0 || rules.manualTimeoutMinutes > 0;
    // The runs this forecast lets through: what max count and repeat interval count, as the log would.
    const ranOn = new Map<string, number>();
    let lastRanAt: Date | null = null;
    for (const dueAt of dueTimesBetween(
      rules,
      timeZone,
      new Date(start.getTime() - 1),
      new Date(end.getTime() - 1),
    )) {
      // The scheduler runs a timed scene once its pre-delay has passed since the execution time.
      const now = new Date(dueAt.getTime() + rules.preDelaySeconds * 1000);
      const decision = decide(scene, {
        now,
        timeZone,
        trigger: 'timing',
        dueAt,
        day: dayInfo(localTimeOf(now, timeZone).date),
        deviceValue: () => ({ value: null, at: null }),
        weather: () => ({ value: null, at: null }),
        history: { runsToday: ranOn.get(localTimeOf(now, timeZone).date) ?? 0, lastRanAt },
        lastManualAt: null,
        zoneVacantSince: null,
        conditionsSince: null,
      });
      const failing = decision.checks.find((c) => !c.ok && !LIVE_CHECKS.includes(c.code));
      const due = localTimeOf(dueAt, timeZone);
      if (!failing) {
        ranOn.set(decision.localDate, (ranOn.get(decision.localDate) ?? 0) + 1);
        lastRanAt = now;
      }
      runs.push({
        source: 'scene',
        sceneId: scene.id,
        name: scene.name,
        triggerType: scene.triggerType,
        at: dueAt.toISOString(),
        localDate: due.date,
        localTime: due.time,
        wouldRun: !failing,
        reason: failing?.code ?? null,
        conditional,
        until: null,
      });
    }
  }
  // A noon nap starts on working days only (noon-nap-runner.ts), whatever the zones hold then.
  for (const nap of inputs.naps) {
    const starts = napEventsBetween(
      nap.window,
      timeZone,
      new Date(start.getTime() - 1),
      new Date(end.getTime() - 1),
    );
    for (const event of starts.filter((e) => e.phase === 'start')) {
      const workday = dayInfo(event.date).workday;
      runs.push({
        source: 'noonNap',
        sceneId: nap.id,
        name: nap.name,
        triggerType: 'timing',
        at: event.at.toISOString(),
        localDate: event.date,
        localTime: localTimeOf(event.at, timeZone).time,
        wouldRun: workday,
        reason: workday ? null : 'auxiliaryCondition',
        conditional: false,
        until: nap.window.endTime,
      });
    }
  }
  runs.sort((a, b) => a.at.localeCompare(b.at) || a.name.localeCompare(b.name));
  return {
    projectId: 0,
    timeZone,
    from,
    to: addDays(from, SCENE_WEEK_DAYS - 1),
    days,
    runs,
    timedScenes: timed.length + inputs.naps.length,
  };
}
