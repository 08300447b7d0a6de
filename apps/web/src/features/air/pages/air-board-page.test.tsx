import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { DEFAULT_AIR_THRESHOLDS, type AirBoard, type AirTrend, type RealSeriesData } from '@sbuilding/shared';
import { Providers } from '@/app/providers';
import { setLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { seriousViolations } from '@/test/axe';
import { BUILDING } from '@/test/fixtures';
import { envelope, seen, serve } from '@/test/http';
import AirBoardPage from './air-board-page';

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

const place = { buildingId: 11, buildingName: 'Building A', floorId: 21, floorName: 'F3' };

const BOARD: AirBoard = {
  thresholds: DEFAULT_AIR_THRESHOLDS,
  sensors: [
    {
      id: 41,
      name: 'Air 301',
      model: 'sair4g',
      category: 'airSensor',
      ...place,
      zoneId: 61,
      zoneName: 'Room 301',
      online: true,
      lastReport: '2026-11-21T10:00:00Z',
      values: {
        co2: { value: 1600, band: 'Unhealthy' },
        ch2o: { value: 0.05, band: 'Good' },
        temperature: { value: 24.5, band: 'Good' },
        humidity: { value: 65, band: 'Moderate' },
      },
    },
  ],
  zones: [
    {
      zoneId: 61,
      zoneName: 'Room 301',
      ...place,
      sensorIds: [41],
      values: {
        co2: { value: 1600, band: 'Unhealthy' },
        ch2o: { value: 0.05, band: 'Good' },
        temperature: { value: 24.5, band: 'Good' },
        humidity: { value: 65, band: 'Moderate' },
      },
      band: 'Unhealthy',
    },
    {
      zoneId: 62,
      zoneName: 'Store room',
      ...place,
      sensorIds: [],
      values: {
        co2: { value: null, band: null },
        ch2o: { value: null, band: null },
        temperature: { value: null, band: null },
        humidity: { value: null, band: null },
      },
      band: null,
    },
  ],
  online: 1,
  total: 1,
};

const hours = (n: number, co2: (i: number) => number | null) =>
  Array.from({ length: n }, (_, i) => ({
    t: new Date(Date.UTC(2026, 10, 21, 0) + (i - n + 1) * 3_600_000).toISOString(),
    co2: co2(i),
    ch2o: null,
    temperature: null,
    humidity: null,
  }));

const TREND_24H: AirTrend = {
  range: '24h',
  deviceId: null,
  zoneId: 61,
  sensorCount: 1,
  points: hours(24, (i) => (i === 23 ? 900 : i === 22 ? 500 : null)),
};
const TREND_7D: AirTrend = { ...TREND_24H, range: '7d', points: hours(168, () => null) };

function renderPage(board: AirBoard = BOARD) {
  serve({
    '/sbuilding/hall/getList': envelope(200, { rows: [BUILDING], total: 1 }),
    '/sbuilding/board/air': envelope(200, board),
    '/sbuilding/board/air/trend': (config) =>
      envelope(200, config.params?.range === '7d' ? TREND_7D : TREND_24H),
  });
  render(
    <Providers>
      <MemoryRouter>
        <AirBoardPage />
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

describe('air board', { timeout: 150_000 }, () => {
  it('shows each zone and sensor with values and their bands in words, the thresholds, and the trend summary', async () => {
    renderPage();
    const room = (await screen.findAllByText('Room 301', {}, WAIT))[0]?.closest('tr');
    expect(room).toHaveTextContent('1,600 ppm Unhealthy');
    expect(room).toHaveTextContent('65 %RH Moderate');
    expect(room).toHaveTextContent('0.05 mg/m³ Good');
    const store = screen.getByText('Store room').closest('tr');
    expect(store).toHaveTextContent('Air device not found');
    // The thresholds in force, in words.
    const bands = screen.getByText('CO2', { selector: 'td' }).closest('tr');
    expect(bands).toHaveTextContent('≤ 800 ppm');
    expect(bands).toHaveTextContent('≤ 1,500 ppm');
    expect(bands).toHaveTextContent('> 1,500 ppm');
    const temperature = screen.getByText('Temperature', { selector: 'td' }).closest('tr');
    expect(temperature).toHaveTextContent('< 16 °C or > 30 °C');
    expect(
      await screen.findByRole(
        'img',
        {
          name: 'CO2 of Room 301 over the last 24 hours, hourly means: from 500 ppm to 900 ppm, average 700 ppm',
        },
        WAIT,
      ),
    ).toBeInTheDocument();
    expect(await seriousViolations()).toEqual([]);
  });

  it("asks the 7-day trend of the zone and says 'No Data' when it is empty", async () => {
    renderPage();
    await screen.findByRole('img', { name: /CO2 of Room 301/ }, WAIT);
    await userEvent.click(screen.getByText('7 days'));
    expect(
      await screen.findByRole('img', { name: 'No readings of Room 301 in this range' }, WAIT),
    ).toHaveTextContent('No Data');
    const trendCalls = seen.filter((c) => c.url === '/sbuilding/board/air/trend').map((c) => c.params);
    expect(trendCalls).toContainEqual({ zoneId: 61, range: '7d' });
  });

  it('opens the trend on a place with CO2 data, and says which readings a place has no sensor for', async () => {
    // The first zone in plan order has a temperature sensor alone: its CO2 trend could only say 'No Data'.
    const th = {
      ...BOARD.sensors[0]!,
      id: 42,
      name: 'TH 101',
      model: 'th10' as const,
      category: 'thSensor' as const,
      zoneId: 60,
      zoneName: 'Lobby',
      values: {
        co2: { value: null, band: null },
        ch2o: { value: null, band: null },
        temperature: { value: 22, band: 'Good' as const },
        humidity: { value: 50, band: 'Good' as const },
      },
    };
    const lobby = { ...BOARD.zones[0]!, zoneId: 60, zoneName: 'Lobby', sensorIds: [42], values: th.values };
    renderPage({ ...BOARD, sensors: [th, ...BOARD.sensors], zones: [lobby, ...BOARD.zones], total: 2 });
    expect(await screen.findByRole('img', { name: /^CO2 of Room 301/ }, WAIT)).toBeInTheDocument();
    const trendCalls = () => seen.filter((c) => c.url === '/sbuilding/board/air/trend').map((c) => c.params);
    expect(trendCalls()[0]).toEqual({ zoneId: 61, range: '24h' });
    expect(screen.queryByTestId('air-trend-lacking')).toBeNull();

    // The lobby: the readings it has no sensor for are said; asked for CO2, it says so rather than 'No Data'.
    await userEvent.click(screen.getByRole('combobox', { name: 'Trend of' }));
    await userEvent.click(
      await screen.findByText('Lobby', { selector: '.ant-select-item-option-content' }, WAIT),
    );
    expect(await screen.findByTestId('air-trend-lacking', {}, WAIT)).toHaveTextContent(
      'No CO2 or CH2O sensor in this room',
    );
    await userEvent.click(screen.getByText('CO2', { selector: '.ant-segmented-item-label' }));
    expect(await screen.findByText('No CO2 sensor in this room', {}, WAIT)).toBeInTheDocument();
    expect(await seriousViolations()).toEqual([]);
    await setLanguage('zh-CN');
    expect(await screen.findByText('此房间没有二氧化碳传感器', {}, WAIT)).toBeInTheDocument();
  });

  it('bands a reading from the socket again and recomputes its zone', async () => {
    renderPage();
    await screen.findAllByText('Room 301', {}, WAIT);
    await waitFor(() => expect(socket.listeners.get(41)).toBeDefined(), WAIT);
    act(() => socket.listeners.get(41)?.({ deviceId: 41, ts: '2026-11-21T10:05:00Z', co2: 700 }));
    await waitFor(() => {
      const rows = screen.getAllByText('Room 301').map((cell) => cell.closest('tr'));
      expect(rows[0]).toHaveTextContent('700 ppm Good');
    }, WAIT);
    const zoneRow = screen.getAllByText('Room 301')[0]?.closest('tr');
    expect(zoneRow).not.toHaveTextContent('Unhealthy');
  });

  it("says 'No building' for a project without buildings", async () => {
    serve({
      '/sbuilding/hall/getList': envelope(200, { rows: [], total: 0 }),
      '/sbuilding/board/air': envelope(200, { ...BOARD, sensors: [], zones: [], online: 0, total: 0 }),
    });
    render(
      <Providers>
        <MemoryRouter>
          <AirBoardPage />
        </MemoryRouter>
      </Providers>,
    );
    expect(await screen.findByText('No building', {}, WAIT)).toBeInTheDocument();
  });

  it("says 'No project' without a project", async () => {
    localStorage.removeItem('projectId');
    renderPage();
    expect(
      await screen.findByText('No project is selected: choose one first.', {}, WAIT),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
