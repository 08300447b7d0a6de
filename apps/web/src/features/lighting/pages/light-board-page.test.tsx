import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import {
  permissionsForRoles,
  type Building,
  type Floor,
  type LightBoard,
  type RealSeriesData,
} from '@sbuilding/shared';
import { Providers } from '@/app/providers';
import { setLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { useSession } from '@/lib/session';
import { seriousViolations } from '@/test/axe';
import { BUILDING } from '@/test/fixtures';
import { bodyOf, envelope, seen, serve } from '@/test/http';
import LightBoardPage from './light-board-page';

/** The socket stands still in tests: the board's listener is kept so a test can push a reading. */
const socket = vi.hoisted(() => ({
  listeners: new Map<number, (data: RealSeriesData) => void>(),
  followed: [] as number[][],
}));
vi.mock('@/lib/socket', async (original) => ({
  ...(await original<typeof import('@/lib/socket')>()),
  useDeviceSeries: (ids: readonly number[], onData: (data: RealSeriesData) => void) => {
    socket.followed.push([...ids]);
    for (const id of ids) socket.listeners.set(id, onData);
  },
}));

const userEvent = userEventLib.setup({ delay: null });
const WAIT = { timeout: 15_000 };
const SEND = '/sbuilding/dev-rpccmd/sendCmd';
const STAMP = { version: 1, createTime: '2026-01-01T00:00:00Z', updateTime: '2026-01-01T00:00:00Z' };

const floor = (id: number, name: string, sort: number): Floor => ({
  id,
  tenantId: 1,
  buildingId: 11,
  name,
  mark: '',
  area: null,
  imageId: null,
  imageUrl: null,
  planId: 'p',
  planUrl: '/plan.svg',
  planViewBox: [0, 0, 1000, 500],
  tags: [],
  sort,
  ...STAMP,
});

const nothing = { onOff: null, lightnessLevel: null, colorTemp: null, left: null, mid: null, right: null };
const BOARD: LightBoard = {
  buildingId: 11,
  floors: [
    { floorId: 21, name: 'F1', lightsOn: 1, lightsTotal: 2 },
    { floorId: 22, name: 'F2', lightsOn: 0, lightsTotal: 0 },
  ],
  lightsOn: 1,
  lightsTotal: 2,
  devices: [
    {
      id: 7,
      name: 'Light 101',
      model: 's2',
      category: 'light',
      floorId: 21,
      zoneId: null,
      zoneName: 'Room 101',
      panelType: null,
      online: true,
      mark: { x: 250, y: 100, label: 'Desk lamp' },
      state: { ...nothing, onOff: true, lightnessLevel: 200, colorTemp: 4000 },
    },
    {
      id: 8,
      name: 'Light 102',
      model: 'e90',
      category: 'light',
      floorId: 21,
      zoneId: null,
      zoneName: null,
      panelType: null,
      online: false,
      mark: null,
      state: { ...nothing, onOff: false, lightnessLevel: 0 },
    },
  ],
  groups: [{ id: 3, name: 'All lights F1', category: 'light', memberCount: 2 }],
};

function renderPage(board: LightBoard = BOARD, buildings: Building[] = [BUILDING]) {
  serve({
    '/sbuilding/hall/getList': envelope(200, { rows: buildings, total: buildings.length }),
    '/sbuilding/floor/getList': envelope(200, { rows: [floor(22, 'F2', 2), floor(21, 'F1', 1)], total: 2 }),
    '/sbuilding/board/light': envelope(200, board),
    [SEND]: envelope(200, {
      results: [
        {
          deviceId: 7,
          deviceName: 'Light 101',
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
        <LightBoardPage />
      </MemoryRouter>
    </Providers>,
  );
}

const sent = () => seen.filter((c) => c.url === SEND && c.method === 'post').map(bodyOf);

beforeEach(async () => {
  queryClient.clear();
  socket.listeners.clear();
  socket.followed.length = 0;
  useSession.setState({ roles: ['tbCustomer'], permissions: permissionsForRoles(['tbCustomer']) });
  await setLanguage('en');
  localStorage.setItem('projectId', '5');
});
afterEach(() => localStorage.clear());

describe('light board', { timeout: 150_000 }, () => {
  it('draws each marked light at its mark in its state, with the counts per floor', async () => {
    renderPage();
    const lamp = await screen.findByRole(
      'button',
      { name: 'Light Desk lamp: On, brightness 200, Online' },
      WAIT,
    );
    expect(lamp).toHaveAttribute('data-state', 'on');
    expect(lamp.closest('li')).toHaveStyle({ left: '25%', top: '20%' });
    expect(screen.getByRole('radio', { name: 'F1 (1/2 on)' })).toBeChecked();
    expect(
      screen.getByText('1 device of this floor has no mark on the plan: see the list view.'),
    ).toBeInTheDocument();
    expect(seen.find((c) => c.url === '/sbuilding/board/light')?.params).toEqual({ buildingId: 11 });
    expect(socket.followed.at(-1)).toEqual([7, 8]);
    expect(await seriousViolations()).toEqual([]);
  });

  it("switches a light from its drawer with 'Setting Success !' and shows it off", async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: /^Light Desk lamp/ }, WAIT));
    const power = await screen.findByRole('switch', { name: 'On/off of Light 101' }, WAIT);
    expect(power).toBeChecked();
    expect(screen.getByRole('slider', { name: 'Brightness of Light 101' })).toHaveAttribute(
      'aria-valuenow',
      '200',
    );
    expect(screen.getByRole('slider', { name: 'Color temperature of Light 101' })).toHaveAttribute(
      'aria-valuenow',
      '4000',
    );
    await userEvent.click(power);
    expect(await screen.findByText('Setting Success !', {}, WAIT)).toBeInTheDocument();
    expect(sent()).toEqual([
      { deviceId: 7, method: 'setOnOff', params: { onOff: false }, terminal: 'admin' },
    ]);
    await waitFor(() => expect(power).not.toBeChecked(), WAIT);
    expect(screen.getByRole('button', { name: 'Light Desk lamp: Off, Online' })).toHaveAttribute(
      'data-state',
      'off',
    );
    expect(screen.getByRole('radio', { name: 'F1 (0/2 on)' })).toBeInTheDocument();
  });

  it('follows the socket: a reading changes the plan and the counts without asking again', async () => {
    renderPage();
    await screen.findByRole('button', { name: /^Light Desk lamp/ }, WAIT);
    const asked = seen.filter((c) => c.url === '/sbuilding/board/light').length;
    act(() =>
      socket.listeners.get(8)?.({ deviceId: 8, ts: '2026-11-21T10:00:00Z', onOff: true, lightnessLevel: 90 }),
    );
    await userEvent.click(screen.getByText('List'));
    const table = await screen.findByRole('table', {}, WAIT);
    const row = within(table).getByText('Light 102').closest('tr');
    expect(row).toHaveTextContent('On, brightness 90');
    expect(row).toHaveTextContent('Online');
    expect(screen.getByRole('radio', { name: 'F1 (2/2 on)' })).toBeInTheDocument();
    expect(seen.filter((c) => c.url === '/sbuilding/board/light')).toHaveLength(asked);
  });

  it('sends a group command', async () => {
    renderPage();
    await screen.findByRole('button', { name: /^Light Desk lamp/ }, WAIT);
    await userEvent.click(screen.getByRole('combobox', { name: 'Light group' }));
    await userEvent.click(await screen.findByText('All lights F1 (2 devices)', {}, WAIT));
    await userEvent.click(screen.getByRole('button', { name: 'All off' }));
    await waitFor(() => expect(sent()).toHaveLength(1), WAIT);
    expect(sent()[0]).toEqual({
      groupId: 3,
      method: 'setOnOff',
      params: { onOff: false },
      terminal: 'admin',
    });
  });

  it("shows the state read-only with 'No operation permission !' without the control right", async () => {
    useSession.setState({
      roles: ['tbVisualDisplay'],
      permissions: permissionsForRoles(['tbVisualDisplay']),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: /^Light Desk lamp/ }, WAIT));
    expect(await screen.findByRole('switch', { name: 'On/off of Light 101' }, WAIT)).toBeDisabled();
    expect(screen.getAllByText('No operation permission !').length).toBeGreaterThan(0);
  });

  it("says 'No building' for a project without buildings", async () => {
    renderPage(BOARD, []);
    expect(await screen.findByText('No building', {}, WAIT)).toBeInTheDocument();
  });

  it("says 'No device' on a floor without lights", async () => {
    renderPage({ ...BOARD, devices: [] });
    await screen.findByRole('radio', { name: 'F2 (0/0 on)' }, WAIT);
    await userEvent.click(screen.getByText('F2 (0/0 on)'));
    expect(await screen.findByText('No device', {}, WAIT)).toBeInTheDocument();
  });
});
