import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import dayjs from 'dayjs';
import { MemoryRouter } from 'react-router';
import type { SceneWeek, SceneWeekRun } from '@sbuilding/shared';
import { Providers } from '@/app/providers';
import { mondayOf, addDays } from '@/features/time-mgmt/components/week-layout';
import { setLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { useSession } from '@/lib/session';
import { seriousViolations } from '@/test/axe';
import { bodyOf, envelope, seen, serve } from '@/test/http';
import TimeMgmtPage from './time-mgmt-page';

const userEvent = userEventLib.setup({ delay: null });
const WAIT = { timeout: 15_000 };
const WEEK = '/sbuilding/scene/week';
const THIS_MONDAY = mondayOf(dayjs().format('YYYY-MM-DD'));

const run = (from: string, day: number, over: Partial<SceneWeekRun> = {}): SceneWeekRun => ({
  source: 'scene',
  sceneId: 1,
  name: 'Workday lights',
  triggerType: 'timing',
  at: `${addDays(from, day)}T00:00:00.000Z`,
  localDate: addDays(from, day),
  localTime: '08:00',
  wouldRun: true,
  reason: null,
  conditional: false,
  until: null,
  ...over,
});

/** A week from the asked Monday: Friday is a holiday, so the workdays-only scene skips it. */
function weekFrom(from: string, timedScenes = 2): SceneWeek {
  return {
    projectId: 5,
    timeZone: 'Asia/Shanghai',
    from,
    to: addDays(from, 6),
    days: Array.from({ length: 7 }, (_, i) => ({
      date: addDays(from, i),
      weekday: (i + 1) % 7,
      workday: i < 4,
      reason: i === 4 ? ('holiday' as const) : i < 4 ? ('weekday' as const) : ('weekend' as const),
      holidayName: i === 4 ? 'Mid-Autumn Festival' : '',
      windows:
        i < 4
          ? [
              {
                timeType: 'WORK' as const,
                name: 'Office hours',
                zoneType: 'office',
                startTime: '09:00',
                endTime: '18:00',
                startMinute: 540,
                endMinute: 1080,
                fromPreviousDay: false,
              },
              ...(i === 0
                ? [
                    {
                      timeType: 'OT' as const,
                      name: 'Meetings late',
                      zoneType: 'meeting',
                      startTime: '18:00',
                      endTime: '21:00',
                      startMinute: 1080,
                      endMinute: 1260,
                      fromPreviousDay: false,
                    },
                  ]
                : []),
            ]
          : [],
    })),
    runs:
      timedScenes === 0
        ? []
        : [
            run(from, 0),
            run(from, 0, {
              sceneId: 2,
              name: 'Evening AC',
              triggerType: 'hybrid',
              localTime: '18:30',
              conditional: true,
            }),
            run(from, 1),
            run(from, 1, {
              source: 'noonNap',
              name: 'Office nap',
              localTime: '12:30',
              until: '13:30',
            }),
            run(from, 2),
            run(from, 3),
            run(from, 4, { wouldRun: false, reason: 'auxiliaryCondition' }),
          ],
    timedScenes,
  };
}

let timed = 2;
const weekRequests = () => seen.filter((c) => c.url === WEEK).map((c) => bodyOf(c));

function renderPage() {
  render(
    <Providers>
      <MemoryRouter>
        <TimeMgmtPage />
      </MemoryRouter>
    </Providers>,
  );
}

beforeEach(async () => {
  queryClient.clear();
  await setLanguage('en');
  timed = 2;
  localStorage.setItem('projectId', '5');
  useSession.setState({ roles: ['tbAdmin'] });
  serve({
    [WEEK]: (config) => {
      const body = bodyOf(config) as { from: string };
      return envelope(200, weekFrom(body.from, timed));
    },
    '/sbuilding/work/rest/list': envelope(200, {
      rows: [
        {
          id: 1,
          projectId: 5,
          name: 'Office hours',
          startTime: '09:00',
          endTime: '18:00',
          timeType: 'WORK',
          zoneType: 'office',
          version: 1,
          createTime: '2026-01-01T00:00:00Z',
          updateTime: '2026-01-01T00:00:00Z',
        },
      ],
      total: 1,
    }),
    '/sbuilding/vacations/5': envelope(200, {
      projectId: 5,
      year: new Date().getFullYear(),
      version: 1,
      days: [],
    }),
    '/system/dict/data/type/sb_zone_type': envelope(200, []),
    '/system/dict/data/type/sb_work_time_type': envelope(200, []),
  });
});
afterEach(() => localStorage.clear());

describe('time management page', { timeout: 150_000 }, () => {
  it("lists this week's timed runs, draws them, marks the holiday and leaves out skipped times", async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'TimeMGMT' }, WAIT)).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Timed scene runs of the week' }, WAIT);
    await within(table).findAllByText('Workday lights', {}, WAIT);
    expect(weekRequests()[0]).toEqual({ projectId: 5, from: THIS_MONDAY });
    // Four workday runs and the hybrid scene; Friday's skip is hidden.
    expect(within(table).getAllByText('Workday lights')).toHaveLength(4);
    expect(within(table).getByText('Evening AC').closest('tr')).toHaveTextContent(
      'Runs – if its conditions hold',
    );
    expect(within(table).queryByText(/Skipped/)).toBeNull();
    // The noon nap: its window in the time column, its name marked as a nap.
    expect(within(table).getByText('Noon nap: Office nap').closest('tr')).toHaveTextContent('12:30–13:30');
    expect(screen.getAllByTestId('week-run')).toHaveLength(6);
    const marked = screen.getByRole('list', { name: 'Holidays and extra working days this week' });
    expect(marked).toHaveTextContent('Holiday – Mid-Autumn Festival');
    expect(screen.getByText(/times in Asia\/Shanghai/)).toBeInTheDocument();
    expect(await seriousViolations()).toEqual([]);
  });

  it('shows skipped times with their reason on request, and moves between weeks', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'Timed scene runs of the week' }, WAIT);
    await within(table).findAllByText('Workday lights', {}, WAIT);
    await userEvent.click(screen.getByRole('switch', { name: 'Show skipped times' }));
    const skipped = await within(table).findByText(/Skipped/, {}, WAIT);
    expect(skipped.closest('tr')).toHaveTextContent(
      'Skipped – Not the kind of day chosen (workday or holiday)',
    );
    expect(screen.getAllByTestId('week-run')).toHaveLength(7);

    expect(screen.getByRole('button', { name: 'This week' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next week' }));
    await waitFor(
      () => expect(weekRequests().at(-1)).toEqual({ projectId: 5, from: addDays(THIS_MONDAY, 7) }),
      WAIT,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Previous week' }));
    await userEvent.click(screen.getByRole('button', { name: 'Previous week' }));
    await waitFor(
      () => expect(weekRequests().at(-1)).toEqual({ projectId: 5, from: addDays(THIS_MONDAY, -7) }),
      WAIT,
    );
    await userEvent.click(screen.getByRole('button', { name: 'This week' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'This week' })).toBeDisabled(), WAIT);
  });

  it("shades one zone type's work times when asked", async () => {
    renderPage();
    const zoneType = await screen.findByRole(
      'combobox',
      { name: 'Zone type of the work times shaded' },
      WAIT,
    );
    const windows = () => document.querySelectorAll('.sb-week-window').length;
    expect(windows()).toBe(5);
    await userEvent.click(zoneType);
    await userEvent.click(
      await screen.findByText('meeting', { selector: '.ant-select-item-option-content' }, WAIT),
    );
    await waitFor(() => expect(windows()).toBe(1), WAIT);
    expect(document.querySelector('.sb-week-window-ot')).not.toBeNull();
  });

  it('says so when no scene runs at set times, still drawing the week', async () => {
    timed = 0;
    renderPage();
    expect(await screen.findByText('No enabled scene runs at set times yet', {}, WAIT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add a schedule' })).toHaveAttribute('href', '/schedule/add');
    expect(screen.getByTestId('week-grid')).toBeInTheDocument();
    expect(screen.queryByTestId('week-run')).toBeNull();
  });

  it('edits work times and the calendar on the other tab, and reads the week again on the way back', async () => {
    renderPage();
    await screen.findByRole('table', { name: 'Timed scene runs of the week' }, WAIT);
    const before = weekRequests().length;
    await userEvent.click(screen.getByRole('tab', { name: 'Work times and calendar' }));
    const workTimes = await screen.findByRole('table', { name: 'Work times' }, WAIT);
    expect(await within(workTimes).findByText('Office hours', {}, WAIT)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Add work time/ })).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'Holidays and extra working days' }, WAIT),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Week view' }));
    await waitFor(() => expect(weekRequests().length).toBeGreaterThan(before), WAIT);
  });

  it('points to the guide without a project', async () => {
    localStorage.removeItem('projectId');
    renderPage();
    expect(await screen.findByRole('link', { name: /choose/i }, WAIT)).toHaveAttribute('href', '/guide');
    expect(weekRequests()).toEqual([]);
  });
});
