import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { Device } from '@sbuilding/shared';
import { Providers } from '@/app/providers';
import { setLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { seriousViolations } from '@/test/axe';
import { bodyOf, envelope, seen, serve } from '@/test/http';
import { AcGatewaysPage } from './ac-gateways-page';

const userEvent = userEventLib.setup({ delay: null });
const WAIT = { timeout: 15_000 };
const LIST = '/sbuilding/device/getList';

function row(overrides: Partial<Device>): Device {
  return {
    id: 31,
    tenantId: 1,
    projectId: 5,
    buildingId: 11,
    buildingName: 'Building A',
    floorId: 21,
    floorName: 'F2',
    zoneId: null,
    zoneName: null,
    model: 'cc10',
    category: 'acGateway',
    name: 'AC gateway F2',
    position: '',
    props: { gatewayAddr: 1, serverAddr: '192.168.1.10', port: 502, label: 'East wing' },
    parentId: null,
    parentName: null,
    online: true,
    lastActivityTime: null,
    positionImageId: null,
    positionImageUrl: null,
    horizontalImageId: null,
    horizontalImageUrl: null,
    verticalImageId: null,
    verticalImageUrl: null,
    markId: null,
    version: 1,
    createTime: '2026-01-02T08:00:00Z',
    updateTime: '2026-01-02T08:00:00Z',
    ...overrides,
  };
}

const UNIT = row({
  id: 41,
  model: 'ac20',
  category: 'ac',
  name: 'Room 201 AC',
  parentId: 31,
  online: false,
  props: { acGatewayId: 31, indoorAddr: 3, outdoorAddr: 1, label: '' },
});

beforeEach(async () => {
  queryClient.clear();
  await setLanguage('en');
  localStorage.setItem('projectId', '5');
  serve({
    [LIST]: (config) => {
      const filter = bodyOf(config) as { parentId?: number };
      return envelope(200, filter.parentId ? { rows: [UNIT], total: 1 } : { rows: [row({})], total: 1 });
    },
  });
});
afterEach(() => localStorage.clear());

describe('AC management page', { timeout: 150_000 }, () => {
  it("lists the project's AC gateways and, expanded, the AC units behind one with a link to add another", async () => {
    render(
      <Providers>
        <MemoryRouter>
          <AcGatewaysPage />
        </MemoryRouter>
      </Providers>,
    );
    const table = await screen.findByRole('table', { name: 'AC gateways of the current project' }, WAIT);
    const gateway = (await within(table).findByText('AC gateway F2', {}, WAIT)).closest('tr');
    expect(gateway).not.toBeNull();
    const cells = within(gateway as HTMLElement);
    expect(cells.getByText('192.168.1.10')).toBeInTheDocument();
    expect(cells.getByText('502')).toBeInTheDocument();
    expect(cells.getByText('East wing')).toBeInTheDocument();
    expect(cells.getByText('Online')).toBeInTheDocument();
    expect(bodyOf(seen[0])).toMatchObject({ projectId: 5, model: 'cc10', pageNum: 1, pageSize: 20 });

    await userEvent.click(screen.getByRole('button', { name: 'Show the AC units of AC gateway F2' }));
    const units = await screen.findByRole('table', { name: 'AC units of AC gateway F2' }, WAIT);
    expect(await within(units).findByText('Room 201 AC', {}, WAIT)).toBeInTheDocument();
    expect(within(units).getByText('Offline')).toBeInTheDocument();
    await waitFor(() =>
      expect(bodyOf(seen.find((c) => (bodyOf(c) as { parentId?: number }).parentId))).toMatchObject({
        parentId: 31,
        model: 'ac20',
      }),
    );
    expect(screen.getByRole('link', { name: 'Add an AC unit to AC gateway F2' })).toHaveAttribute(
      'href',
      '/device/add?model=ac20&gatewayId=31',
    );
    expect(await seriousViolations()).toEqual([]);
  });
});
