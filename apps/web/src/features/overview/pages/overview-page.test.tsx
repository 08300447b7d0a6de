import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { RealSeriesData } from '@sbuilding/shared';
import { Providers } from '@/app/providers';
import { setLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { seriousViolations } from '@/test/axe';
import { envelope, seen, serve } from '@/test/http';
import { OVERVIEW } from '../test/overview-fixture';
import OverviewPage from './overview-page';

// jsdom has no canvas: the chart is its text alternative here (ECharts and the map are checked in the browser).
vi.mock('@/components/echart', () => ({
  EChart: ({ label, empty }: { label: string; empty?: boolean }) => (
    <div role="img" aria-label={label}>
      {empty ? 'No Data' : null}
    </div>
  ),
}));

/** The socket stands still in tests: the page's listeners are kept so a test can push a change. */
const socket = vi.hoisted(() => ({
  followed: [] as number[][],
  series: null as ((data: RealSeriesData) => void) | null,
  alerts: null as ((ids: readonly number[]) => void) | null,
}));
vi.mock('@/lib/socket', async (original) => ({
  ...(await original<typeof import('@/lib/socket')>()),
  useDeviceSeries: (ids: readonly number[], onData: (data: RealSeriesData) => void) => {
    socket.followed.push([...ids]);
    socket.series = onData;
  },
  useAlertChanges: (onChange: (ids: readonly number[]) => void) => {
    socket.alerts = onChange;
  },
}));

const WAIT = { timeout: 15_000 };
const URL = '/sbuilding/board/overview';

function renderPage() {
  render(
    <Providers>
      <MemoryRouter>
        <OverviewPage />
      </MemoryRouter>
    </Providers>,
  );
}

const calls = () => seen.filter((c) => c.url === URL).length;

beforeEach(async () => {
  queryClient.clear();
  await setLanguage('en');
  localStorage.setItem('projectId', '5');
  socket.followed.length = 0;
  socket.series = null;
  socket.alerts = null;
});
afterEach(() => localStorage.clear());

describe('platform overview', { timeout: 150_000 }, () => {
  it("shows the project's figures with the energy change in words, the charts' summaries and the map", async () => {
    serve({ [URL]: envelope(200, OVERVIEW) });
    renderPage();
    const kpis = await screen.findByRole('list', { name: 'Figures at a glance' }, WAIT);
    expect(within(kpis).getByText('Devices online')).toBeInTheDocument();
    expect(within(kpis).getByText('2 offline')).toBeInTheDocument();
    expect(
      within(kpis).getByText('Up 25.5% on yesterday at this time (yesterday up to 01:30: 100 kWh)'),
    ).toBeInTheDocument();
    expect(within(kpis).getByText('1 urgent, 0 secondary, 2 general')).toBeInTheDocument();
    expect(within(kpis).getByText('Highest 910 ppm; 3 of 4 air sensors reporting')).toBeInTheDocument();
    expect(within(kpis).getByText('Of 30 lights')).toBeInTheDocument();
    expect(within(kpis).getByText('Of 8 AC units')).toBeInTheDocument();
    expect(
      screen.getByRole('img', {
        name: 'Energy by hour: 125.5 kWh today so far, against 100 kWh yesterday up to the same time and 480 kWh in all of yesterday.',
      }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: 'Open alerts by level: Urgent 1, Secondary 0, General 2.' }),
    ).toBeInTheDocument();
    // Only the placed building is on the map; the table lists both.
    expect(
      screen.getByRole('img', { name: 'Map of 1 building: Building A, 30 of 30 devices online.' }),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', {
      name: 'Buildings of the project with their devices online and offline',
    });
    expect(within(table).getByText('Building B')).toBeInTheDocument();
    expect(within(table).getByText('83%')).toBeInTheDocument();
    expect(socket.followed.at(-1)).toEqual([7, 8, 9]);
  });

  it('lists the buildings instead of the map when none has a place', async () => {
    const unplaced = OVERVIEW.buildings.map((b) => ({ ...b, longitude: null, latitude: null }));
    serve({ [URL]: envelope(200, { ...OVERVIEW, buildings: unplaced }) });
    renderPage();
    expect(
      await screen.findByText(
        'No building of this project has a place on the map yet (longitude and latitude in Buildings).',
        {},
        WAIT,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /^Map of/ })).not.toBeInTheDocument();
    const table = screen.getByRole('table', {
      name: 'Buildings of the project with their devices online and offline',
    });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
  });

  it("says 'No building' for a project without buildings", async () => {
    serve({ [URL]: envelope(200, { ...OVERVIEW, buildings: [] }) });
    renderPage();
    expect(await screen.findByText('No building', {}, WAIT)).toBeInTheDocument();
  });

  it('asks for a project first when none is chosen', async () => {
    localStorage.removeItem('projectId');
    serve({ [URL]: envelope(200, OVERVIEW) });
    renderPage();
    expect(
      await screen.findByText('No project is selected: choose one first.', {}, WAIT),
    ).toBeInTheDocument();
    expect(calls()).toBe(0);
  });

  it('asks again once, a few seconds after a burst of alert changes and readings', async () => {
    let answer = OVERVIEW;
    serve({ [URL]: () => envelope(200, answer) });
    renderPage();
    await screen.findByText('2 offline', {}, WAIT);
    expect(calls()).toBe(1);
    answer = { ...OVERVIEW, devices: { online: 39, offline: 3, total: 42 } };
    act(() => {
      socket.alerts?.([101]);
      socket.series?.({ deviceId: 7, ts: '2026-11-21T10:00:00Z', onOff: true });
      socket.alerts?.([102]);
    });
    expect(await screen.findByText('3 offline', {}, { timeout: 8_000 })).toBeInTheDocument();
    await waitFor(() => expect(calls()).toBe(2));
  });

  it('finds nothing serious with axe', async () => {
    serve({ [URL]: envelope(200, OVERVIEW) });
    renderPage();
    await screen.findByRole('list', { name: 'Figures at a glance' }, WAIT);
    expect(await seriousViolations()).toEqual([]);
  });
});
