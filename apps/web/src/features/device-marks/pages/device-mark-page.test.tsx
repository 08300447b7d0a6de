import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { Building, Mark } from '@sbuilding/shared';
import { Providers } from '@/app/providers';
import { setLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { seriousViolations } from '@/test/axe';
import { bodyOf, envelope, serve } from '@/test/http';
import { FLOOR, MARKS } from '../components/test-fixtures';
import { DeviceMarkPage } from './device-mark-page';

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
const GROUND = { ...FLOOR, id: 2, name: '1F', mark: 'F1', sort: 1 };

function renderPage() {
  render(
    <Providers>
      <MemoryRouter>
        <DeviceMarkPage />
      </MemoryRouter>
    </Providers>,
  );
}

beforeEach(async () => {
  queryClient.clear();
  await setLanguage('en');
  localStorage.setItem('projectId', '5');
  serve({
    '/sbuilding/hall/getList': envelope(200, { rows: [BUILDING], total: 1 }),
    // Listed out of order: the page shows floors by their sort order.
    '/sbuilding/floor/getList': envelope(200, { rows: [FLOOR, GROUND], total: 2 }),
    '/sbuilding/mark/getList': (config) => {
      const { floorId } = bodyOf(config) as { floorId: number };
      const marks: Mark[] = floorId === FLOOR.id ? MARKS : [];
      return envelope(200, marks);
    },
  });
});
afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('device marks page', { timeout: 120_000 }, () => {
  it('says so when the project has no building yet', async () => {
    serve({ '/sbuilding/hall/getList': envelope(200, { rows: [], total: 0 }) });
    renderPage();
    expect(
      await screen.findByText(
        'This project has no building yet: add one under Buildings to place its devices',
        {},
        WAIT,
      ),
    ).toBeInTheDocument();
  });

  it("opens on the first building's first floor, then the floor chosen, with its marks", async () => {
    renderPage();
    expect(await screen.findByRole('img', { name: 'Floor plan of 1F' }, WAIT)).toBeInTheDocument();
    expect(await screen.findByText('No marks on this floor yet', {}, WAIT)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('combobox', { name: 'Floor' }));
    await userEvent.click(await screen.findByTitle('F2 · 2F', {}, WAIT));
    const plan = await screen.findByRole('group', { name: 'Device marks on the floor plan of 2F' }, WAIT);
    expect(
      await within(plan).findByRole('button', { name: 'Mark L-203, not bound' }, WAIT),
    ).toBeInTheDocument();
    expect(await seriousViolations()).toEqual([]);
  });
});
