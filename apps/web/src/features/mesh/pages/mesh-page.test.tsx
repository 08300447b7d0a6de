import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { Building, MeshVersion, MeshVersionDetail } from '@sbuilding/shared';
import { Providers } from '@/app/providers';
import { setLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { seriousViolations } from '@/test/axe';
import { bodyOf, envelope, seen, serve } from '@/test/http';
import { MeshPage } from './mesh-page';

const userEvent = userEventLib.setup({ delay: null });
const WAIT = { timeout: 30_000 };

const BUILDING: Building = {
  id: 11,
  tenantId: 1,
  projectId: 5,
  name: 'Building A',
  longitude: 121.6,
  latitude: 31.2,
  address: '88 Keyuan Road',
  imageId: null,
  imageUrl: null,
  miniProgramEnabled: false,
  version: 1,
  createTime: '2026-01-01T00:00:00Z',
  updateTime: '2026-01-01T00:00:00Z',
};

const VERSION: MeshVersion = {
  id: 40,
  tenantId: 1,
  buildingId: 11,
  version: 7,
  description: '',
  log: 'Added mark L-204\nBound L-201 to Light 201\nRemoved mark L-9',
  createdBy: 'manager',
  createTime: '2026-03-01T08:00:00Z',
  added: 1,
  removed: 1,
  changed: 1,
};

const DETAIL: MeshVersionDetail = {
  ...VERSION,
  changes: [
    { markId: 4, markName: 'L-204', change: 'added', fields: [] },
    {
      markId: 1,
      markName: 'L-201',
      change: 'changed',
      fields: [
        { field: 'deviceId', from: null, to: 21 },
        { field: 'relay', from: false, to: true },
      ],
    },
    { markId: 9, markName: 'L-9', change: 'removed', fields: [] },
  ],
};

const sent = (url: string) => seen.filter((c) => c.url === url);

beforeEach(async () => {
  queryClient.clear();
  await setLanguage('en');
  localStorage.setItem('projectId', '5');
  serve({
    '/sbuilding/hall/getList': envelope(200, { rows: [BUILDING], total: 1 }),
    '/sbuilding/mesh/getList': envelope(200, { rows: [VERSION], total: 1 }),
    '/sbuilding/mesh/40': envelope(200, DETAIL),
    '/sbuilding/mesh/save/40': (config) => envelope(200, { ...DETAIL, ...(bodyOf(config) as object) }),
  });
});

afterEach(() => vi.restoreAllMocks());

describe('mesh management', { timeout: 120_000 }, () => {
  it("lists a building's versions and shows a version's diff, field by field, in the drawer", async () => {
    render(
      <Providers>
        <MemoryRouter>
          <MeshPage />
        </MemoryRouter>
      </Providers>,
    );
    await userEvent.click(await screen.findByRole('combobox', { name: 'Building' }, WAIT));
    await userEvent.click(await screen.findByTitle('Building A', {}, WAIT));

    const table = await screen.findByRole('table', { name: 'Mesh network versions of the building' }, WAIT);
    const row = (await within(table).findByText('v7', {}, WAIT)).closest('tr');
    expect(row).toHaveTextContent('manager');
    // The log column shows the first lines only.
    expect(row).toHaveTextContent('Added mark L-204');
    expect(row).not.toHaveTextContent('Removed mark L-9');
    expect(bodyOf(sent('/sbuilding/mesh/getList')[0])).toEqual({ buildingId: 11, pageNum: 1, pageSize: 20 });

    await userEvent.click(within(table).getByRole('button', { name: 'Details of version 7' }));
    // antd names the drawer by its title through an id that jsdom runs share ('test-id'): find it by role.
    const drawer = await screen.findByRole('dialog', {}, WAIT);
    expect(within(drawer).getByText('Mesh version v7')).toBeInTheDocument();
    const changed = await within(drawer).findByRole('table', { name: 'L-201: Changed' }, WAIT);
    const [, deviceRow, relayRow] = within(changed).getAllByRole('row');
    expect(deviceRow).toHaveTextContent(/Device.*—.*21/);
    expect(relayRow).toHaveTextContent(/Relay.*No.*Yes/);
    expect(within(drawer).getByText('L-204')).toBeInTheDocument();
    expect(within(drawer).getAllByText('Added').length).toBeGreaterThan(0);
    expect(within(drawer).getByText('L-9')).toBeInTheDocument();
    expect(await seriousViolations()).toEqual([]);

    await userEvent.type(within(drawer).getByLabelText('Description'), 'Second floor rewired');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Save description' }));
    await waitFor(() => expect(sent('/sbuilding/mesh/save/40')).toHaveLength(1), WAIT);
    expect(bodyOf(sent('/sbuilding/mesh/save/40')[0])).toEqual({ description: 'Second floor rewired' });
  });
});
