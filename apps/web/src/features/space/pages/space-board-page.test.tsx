import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { RealSeriesData, SpaceBoard, SpaceZone } from '@sbuilding/shared';
import { Providers } from '@/app/providers';
import { setLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { seriousViolations } from '@/test/axe';
import { BUILDING } from '@/test/fixtures';
import { envelope, serve } from '@/test/http';
import SpaceBoardPage from './space-board-page';

vi.mock('@/components/echart', () => import('@/test/echart-stub'));

const socket = vi.hoisted(() => ({ listeners: new Map<number, (data: RealSeriesData) => void>() }));
vi.mock('@/lib/socket', async (original) => ({
  ...(await original<typeof import('@/lib/socket')>()),
  useDeviceSeries: (ids: readonly number[], onData: (data: RealSeriesData) => void) => {
    for (const id of ids) socket.listeners.set(id, onData);
  },
}));

const userEvent = userEventLib.setup({ delay: null });
const WAIT = { timeout: 15_000 };

const DAYS = [
  '2026-11-15',
  '2026-11-16',
  '2026-11-17',
  '2026-11-18',
  '2026-11-19',
  '2026-11-20',
  '2026-11-21',
];
const grid = (cell: (d: number, h: number) => number | null) =>
  DAYS.map((_, d) => Array.from({ length: 24 }, (__, h) => cell(d, h)));

const zone = (id: number, name: string, extra: Partial<SpaceZone>): SpaceZone => ({
  zoneId: id,
  zoneName: name,
  floorId: 21,
  floorName: 'F3',
  buildingId: 11,
  buildingName: 'Building A',
  sensorIds: [id + 100],
  sensorsOnline: 1,
  state: 'vacant',
  lastPresence: null,
  lastReport: null,
  utilisation: null,
  byHour: Array<number | null>(24).fill(null),
  grid: grid(() => null),
  ...extra,
});

const BOARD: SpaceBoard = {
  timeZone: 'Asia/Shanghai',
  presenceMinutes: 15,
  days: DAYS,
  zones: [
    zone(1, 'Meeting room', {
      state: 'occupied',
      lastPresence: new Date().toISOString(),
      utilisation: 0.5,
      grid: grid((_, h) => (h === 9 ? 1 : h === 10 ? 0 : null)),
    }),
    zone(2, 'Quiet room', { state: 'vacant', utilisation: 0, grid: grid((_, h) => (h === 9 ? 0 : null)) }),
    zone(3, 'New room', { state: 'noData', sensorsOnline: 0 }),
  ],
  grid: grid((_, h) => (h === 9 ? 0.5 : h === 10 ? 0 : null)),
  occupied: 1,
  vacant: 1,
};

function renderPage(board: SpaceBoard = BOARD) {
  serve({
    '/sbuilding/hall/getList': envelope(200, { rows: [BUILDING], total: 1 }),
    '/sbuilding/board/space': envelope(200, board),
  });
  render(
    <Providers>
      <MemoryRouter>
        <SpaceBoardPage />
      </MemoryRouter>
    </Providers>,
  );
}

beforeEach(async () => {
  queryClient.clear();
  socket.listeners.clear();
  await setLanguage('en');
  localStorage.setItem('projectId', '5');
});
afterEach(() => localStorage.clear());

describe('space board', { timeout: 150_000 }, () => {
  it('shows each zone occupied, vacant or without data in words, its utilisation, and the heatmap summary', async () => {
    renderPage();
    const meeting = (await screen.findByText('Meeting room', {}, WAIT)).closest('tr');
    expect(meeting).toHaveTextContent('Occupied');
    expect(meeting).toHaveTextContent('50%');
    expect(screen.getByText('Quiet room').closest('tr')).toHaveTextContent('Vacant');
    expect(screen.getByText('New room').closest('tr')).toHaveTextContent('No Data');
    expect(
      screen.getByRole('img', {
        name: 'Utilisation of All zones over the last 7 days: 25% of the hours with readings in use; busiest hour 09:00 (50%)',
      }),
    ).toBeInTheDocument();
    expect(await seriousViolations()).toEqual([]);
  });

  it("draws one zone's heatmap when it is chosen", async () => {
    renderPage();
    await screen.findByText('Meeting room', {}, WAIT);
    await userEvent.click(screen.getByRole('combobox', { name: 'Heatmap of' }));
    await userEvent.click(
      await screen.findByText('Quiet room', { selector: '.ant-select-item-option-content' }, WAIT),
    );
    expect(
      await screen.findByRole(
        'img',
        {
          name: 'Utilisation of Quiet room over the last 7 days: 0% of the hours with readings in use; busiest hour 09:00 (0%)',
        },
        WAIT,
      ),
    ).toBeInTheDocument();
  });

  it('turns a zone occupied when its PIR sensor reports presence over the socket', async () => {
    renderPage();
    await screen.findByText('Quiet room', {}, WAIT);
    await waitFor(() => expect(socket.listeners.get(102)).toBeDefined(), WAIT);
    act(() => socket.listeners.get(102)?.({ deviceId: 102, ts: new Date().toISOString(), pir: 1 }));
    await waitFor(
      () => expect(screen.getByText('Quiet room').closest('tr')).toHaveTextContent('Occupied'),
      WAIT,
    );
  });

  it("says 'No Data' without zones with PIR sensors", async () => {
    renderPage({ ...BOARD, zones: [], grid: grid(() => null), occupied: 0, vacant: 0 });
    expect(await screen.findByText('No Data', {}, WAIT)).toBeInTheDocument();
  });
});
