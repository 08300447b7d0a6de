import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { SceneWeek, SceneWeekRun } from '@sbuilding/shared';
import { DAY_MINUTES, placeRuns, runKey } from './week-layout';
import './week-grid.css';

const HOURS = Array.from({ length: 24 }, (_, h) => h);
const pct = (minutes: number) => `${(minutes / DAY_MINUTES) * 100}%`;

interface WeekGridProps {
  week: SceneWeek;
  /** The runs to draw (the page decides whether skipped times are shown). */
  runs: readonly SceneWeekRun[];
  /** Shade only this zone type's work times; all when undefined. */
  zoneType?: string | undefined;
}

/**
 * The week drawn: 7 day columns over 24 hours, working days' work-time windows shaded, rest days and
 * holidays marked in the column head, each run a labelled block at its local time. It is a picture of the
 * runs table below it (which screen readers read), so it is hidden from them.
 */
export function WeekGrid({ week, runs, zoneType }: WeekGridProps) {
  const { t } = useTranslation();
  return (
    <div className="sb-week" aria-hidden="true" data-testid="week-grid">
      <div className="sb-week-corner" />
      {week.days.map((day) => (
        <div
          key={day.date}
          className={`sb-week-head${day.workday ? '' : ' sb-week-rest'}${day.reason === 'holiday' ? ' sb-week-holiday' : ''}`}
        >
          <div className="sb-week-date">{dayjs(day.date).format(t('timeMgmt.dayFormat'))}</div>
          <div className="sb-week-kind">{day.holidayName || t(`timeMgmt.dayReasons.${day.reason}`)}</div>
        </div>
      ))}
      <div className="sb-week-hours">
        {HOURS.map((h) => (
          <div key={h} className="sb-week-hour">
            {`${String(h).padStart(2, '0')}:00`}
          </div>
        ))}
      </div>
      {week.days.map((day) => (
        <div key={day.date} className={`sb-week-day${day.workday ? '' : ' sb-week-rest'}`}>
          {day.windows
            .filter((w) => zoneType === undefined || w.zoneType === zoneType)
            .map((w, i) => (
              <div
                key={`w${i}`}
                className={`sb-week-window sb-week-window-${w.timeType.toLowerCase()}`}
                style={{ top: pct(w.startMinute), height: pct(w.endMinute - w.startMinute) }}
                title={`${t(`timeMgmt.windowTypes.${w.timeType}`)} ${w.startTime}–${w.endTime}`}
              />
            ))}
          {placeRuns(runs.filter((r) => r.localDate === day.date)).map(({ run, minute, lane, lanes }) => (
            <div
              key={runKey(run)}
              className={`sb-week-run${run.source === 'noonNap' ? ' sb-week-run-nap' : ''}${run.wouldRun ? '' : ' sb-week-run-skipped'}`}
              style={{
                top: pct(minute),
                left: `calc(${(lane / lanes) * 100}% + 2px)`,
                width: `calc(${100 / lanes}% - 4px)`,
              }}
              data-testid="week-run"
            >
              <span className="sb-week-run-time">{run.localTime}</span>{' '}
              {run.source === 'noonNap' ? t('timeMgmt.noonNapName', { name: run.name }) : run.name}
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}
