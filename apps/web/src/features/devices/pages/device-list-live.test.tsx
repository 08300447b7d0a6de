import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { RealSeriesData } from '@sbuilding/shared';
import { setLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { useSession } from '@/lib/session';
import { envelope, serve } from '@/test/http';
import { BUILDING, CATEGORIES, device, FLOOR, renderAt, WAIT } from '../test/fixtures';
import { DeviceListPage } from './device-list-page';

/** The socket stands still in tests: the page's followed ids and listener are kept to push a reading. */
const socket = vi.hoisted(() => ({
  ids: [] as number[],
  push: null as ((d: RealSeriesData) => void) | null,
}));
vi.mock('@/lib/socket', async (original) => ({
  ...(await original<typeof import('@/lib/socket')>()),
  useDeviceSeries: (ids: readonly number[], onData: (data: RealSeriesData) => void) => {
    if (ids.length === 0) return;
    socket.ids = [...ids];
    socket.push = onData;
  },
}));

beforeEach(async () => {
  queryClient.clear();
  socket.ids = [];
  socket.push = null;
  await setLanguage('en');
  localStorage.setItem('projectId', '5');
  useSession.setState({ roles: ['tbAdmin'], permissions: [] });
  serve({
    '/sbuilding/device/getList': envelope(200, {
      rows: [
        device(),
        device({ id: 10, name: 'Meeting room AC', model: 'ac20', category: 'ac', online: false }),
      ],
      total: 2,
    }),
    '/sbuilding/common/getDevCategorys': envelope(200, CATEGORIES),
    '/sbuilding/hall/getList': envelope(200, { rows: [BUILDING], total: 1 }),
    '/sbuilding/floor/getList': envelope(200, { rows: [FLOOR], total: 1 }),
  });
});
afterEach(() => {
  localStorage.clear();
  useSession.getState().reset();
});

describe('device list, live', { timeout: 150_000 }, () => {
  it('follows the rows on the page and shows a device online once it reports', async () => {
    renderAt(<DeviceListPage />);
    const table = await screen.findByRole('table', { name: 'Devices of the current project' }, WAIT);
    const row = (await within(table).findByText('Meeting room AC', {}, WAIT)).closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByText('Offline')).toBeInTheDocument();
    await waitFor(() => expect(socket.ids).toEqual([9, 10]), WAIT);
    act(() => socket.push?.({ deviceId: 10, ts: '2026-01-03T09:05:00Z', roomTemp: 24 }));
    await waitFor(() => expect(within(row).getByText('Online')).toBeInTheDocument(), WAIT);
    expect(within(table).queryByText('Offline')).toBeNull();
  });
});
