import { useTranslation } from 'react-i18next';
import { isoDate, isWeekend, monthCells, stateOf, type DayOverrides, type DayState } from './calendar-rules';
import './year-calendar.css';

const MONTHS = Array.from({ length: 12 }, (_, i) => i);
/** Monday-first weekday names: 2024-01-01 was a Monday. */
const WEEK = Array.from({ length: 7 }, (_, i) => new Date(Date.UTC(2024, 0, 1 + i)));

interface YearCalendarProps {
  year: number;
  overrides: DayOverrides;
  onToggle: (date: string) => void;
  disabled?: boolean;
}

/**
 * A 12-month grid; every day is a button (a click or Enter/Space toggles it), named with its date and
 * state and pressed while it overrides the weekly rule. Weekends are shaded, overrides coloured and marked.
 */
export function YearCalendar({ year, overrides, onToggle, disabled = false }: YearCalendarProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const monthName = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' });
  const weekdayName = new Intl.DateTimeFormat(locale, { weekday: 'narrow', timeZone: 'UTC' });
  const fullDate = new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' });
  const stateLabel = (state: DayState, weekend: boolean) =>
    state === 'normal'
      ? t(weekend ? 'projects.calendar.restDay' : 'projects.calendar.workingDay')
      : t(`projects.calendar.${state}`);

  return (
    <div className="sb-year-calendar">
      {MONTHS.map((month) => (
        <section key={month} className="sb-month" aria-label={monthName.format(Date.UTC(year, month, 1))}>
          <h3 className="sb-month-title">{monthName.format(Date.UTC(year, month, 1))}</h3>
          <div className="sb-month-grid">
            {WEEK.map((d) => (
              <span key={d.getTime()} className="sb-weekday" aria-hidden="true">
                {weekdayName.format(d)}
              </span>
            ))}
            {monthCells(year, month).map((day, i) => {
              if (day === null) return <span key={`blank-${i}`} aria-hidden="true" />;
              const date = isoDate(year, month, day);
              const state = stateOf(overrides, date);
              const weekend = isWeekend(year, month, day);
              return (
                <button
                  key={date}
                  type="button"
                  className={`sb-day sb-day-${state}${weekend ? ' sb-day-weekend' : ''}`}
                  data-date={date}
                  aria-pressed={state !== 'normal'}
                  aria-label={`${fullDate.format(Date.UTC(year, month, day))}, ${stateLabel(state, weekend)}`}
                  disabled={disabled}
                  onClick={() => onToggle(date)}
                >
                  {day}
                </button>
              );
            })}
          </div>
        </section>
      ))}
    </div>
  );
}

/** What the colours mean. */
export function CalendarLegend() {
  const { t } = useTranslation();
  const items = [
    ['sb-day-normal', 'projects.calendar.workingDay'],
    ['sb-day-normal sb-day-weekend', 'projects.calendar.restDay'],
    ['sb-day-holiday', 'projects.calendar.holiday'],
    ['sb-day-workday', 'projects.calendar.workday'],
  ] as const;
  return (
    <ul className="sb-calendar-legend" aria-label={t('projects.calendar.legend')}>
      {items.map(([className, label]) => (
        <li key={label}>
          <span className={`sb-day sb-legend-swatch ${className}`} aria-hidden="true" />
          {t(label)}
        </li>
      ))}
    </ul>
  );
}
