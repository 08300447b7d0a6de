import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { permissionsForRoles, type AcBoard, type RealSeriesData } from '@sbuilding/shared';
import { Providers } from '@/app/providers';
import { setLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { useSession } from '@/lib/session';
import { seriousViolations } from '@/test/axe';
import { BUILDING } from '@/test/fixtures';
import { bodyOf, envelope, seen, serve } from '@/test/http';
import AcBoardPage from './ac-board-page';

const socket = vi.hoisted(() => ({ listeners: new Map<number, (data: RealSeriesData) => void>() }));
vi.mock('@/lib/socket', async (original) => ({
  ...(await original<typeof import('@/lib/socket')>()),
  useDeviceSeries: (ids: readonly number[], onData: (data: RealSeriesData) => void) => {
    for (const id of ids) socket.listeners.set(id, onData);
  },
}));

const userEvent = userEventLib.setup({ delay: null });
const WAIT = { timeout: 15_000 };
const SEND = '/sbuilding/dev-rpccmd/sendCmd';

const BOARD: AcBoard = {
  units: [
    {
      id: 31,
      name: 'AC 301',
      model: 'ac20',
      buildingId: 11,
      buildingName: 'Building A',
      floorId: 21,
      floorName: 'F3',
      zoneId: null,
      zoneName: 'Room 301',
      online: true,
      supportsAuto: false,
      state: { onOff: true, workMode: 'cool', fanSpeed: 'high', targetTemp: 24, roomTemp: 27.5 },
    },
  ],
  running: 1,
  total: 1,
  groups: [{ id: 4, name: 'Third floor', category: 'ac', memberCount: 1 }],
};

function renderPage(board: AcBoard = BOARD) {
  serve({
    '/sbuilding/hall/getList': envelope(200, { rows: [BUILDING], total: 1 }),
    '/sbuilding/board/ac': envelope(200, board),
    [SEND]: envelope(200, {
      results: [
        {
          deviceId: 31,
          deviceName: 'AC 301',
          result: 'success',
          message: 'Setting Success !',
          latencyMs: 9,
          time: '2026-01-03T09:00:00Z',
        },
      ],
    }),
  });
  render(
    <Providers>
      <MemoryRouter>
        <AcBoardPage />
      </MemoryRouter>
    </Providers>,
  );
}

const sent = () => seen.filter((c) => c.url === SEND && c.method === 'post').map(bodyOf);

beforeEach(async () => {
  queryClient.clear();
  socket.listeners.clear();
  useSession.setState({ roles: ['tbCustomer'], permissions: permissionsForRoles(['tbCustomer']) });
  await setLanguage('en');
  localStorage.setItem('projectId', '5');
});
afterEach(() => localStorage.clear());

describe('AC board', { timeout: 150_000 }, () => {
  it('lists each unit with room temperature and its controls; auto is refused where the model lacks it', async () => {
    renderPage();
    const table = await screen.findByRole('table', {}, WAIT);
    const row = within(table).getByText('AC 301').closest('tr');
    expect(row).toHaveTextContent('27.5 °C');
    expect(row).toHaveTextContent('Building A / F3 / Room 301');
    expect(within(table).getByRole('switch', { name: 'On/off of AC 301' })).toBeChecked();
    expect(within(table).getByRole('spinbutton', { name: 'Target temperature of AC 301' })).toHaveValue('24');
    expect(screen.getByText('Units running')).toBeInTheDocument();
    expect(await seriousViolations()).toEqual([]);

    await userEvent.click(within(table).getByRole('combobox', { name: 'Work mode of AC 301' }));
    const auto = await screen.findByText('Auto (Not support auto mode)', {}, WAIT);
    expect(auto.closest('.ant-select-item-option')).toHaveClass('ant-select-item-option-disabled');
    await userEvent.click(screen.getByText('Heat'));
    expect(await screen.findByText('Setting Success !', {}, WAIT)).toBeInTheDocument();
    expect(sent()).toEqual([
      { deviceId: 31, method: 'setWorkMode', params: { workMode: 'hot' }, terminal: 'admin' },
    ]);
  });

  it('follows the socket', async () => {
    renderPage();
    const table = await screen.findByRole('table', {}, WAIT);
    act(() =>
      socket.listeners.get(31)?.({ deviceId: 31, ts: '2026-11-21T10:00:00Z', onOff: false, roomTemp: 25 }),
    );
    await waitFor(
      () => expect(within(table).getByRole('switch', { name: 'On/off of AC 301' })).not.toBeChecked(),
      WAIT,
    );
    expect(within(table).getByText('AC 301').closest('tr')).toHaveTextContent('25 °C');
  });

  it('sets a group', async () => {
    renderPage();
    await screen.findByRole('table', {}, WAIT);
    await userEvent.click(screen.getByRole('combobox', { name: 'AC group' }));
    await userEvent.click(await screen.findByText('Third floor (1 unit)', {}, WAIT));
    await userEvent.click(await screen.findByRole('switch', { name: 'On/off of Third floor' }, WAIT));
    await waitFor(() => expect(sent()).toHaveLength(1), WAIT);
    expect(sent()[0]).toEqual({ groupId: 4, method: 'setOnOff', params: { onOff: true }, terminal: 'admin' });
  });

  it("shows words only and 'No operation permission !' without the control right", async () => {
    useSession.setState({
      roles: ['tbVisualDisplay'],
      permissions: permissionsForRoles(['tbVisualDisplay']),
    });
    renderPage();
    const table = await screen.findByRole('table', {}, WAIT);
    expect(within(table).queryByRole('switch')).toBeNull();
    expect(within(table).getByText('AC 301').closest('tr')).toHaveTextContent('Cool');
    expect(screen.getAllByText('No operation permission !').length).toBeGreaterThan(0);
  });

  it("says 'No device' for a project without AC units", async () => {
    renderPage({ units: [], running: 0, total: 0, groups: [] });
    expect(await screen.findByText('No device', {}, WAIT)).toBeInTheDocument();
  });
});
