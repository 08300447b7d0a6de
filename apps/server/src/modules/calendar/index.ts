/** The public surface of this module: what other modules may import (the lint fences check it). */
export {
  describeDay,
  localTimeOf,
  matchPeriod,
  minutesOf,
  previousDate,
  weekdayOf,
} from './calendar-rules.js';
export type { CalendarException, DayInfo, DayReason } from './calendar-rules.js';
export { describeDates, describeInstant, inWorkingPeriod } from './calendar-service.js';
export { calendarRoutes } from './routes.js';
export { toWorkTime } from './work-time-service.js';
