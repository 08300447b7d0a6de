import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { Building } from '@sbuilding/shared';
import { Providers } from '@/app/providers';
import { setLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { bodyOf, envelope, seen, serve } from '@/test/http';
import { BuildingPage } from './building-page';

const WAIT = { timeout: 15_000 };

const BUILDING: Building = {
  id: 11,
  tenantId: 1,
  projectId: 5,
  name: 'Building A',
  longitude: 121.6018,
  latitude: 31.2036,
  address: '88 Keyuan Road',
  imageId: null,
  imageUrl: null,
  miniProgramEnabled: true,
  version: 2,
  createTime: '2026-01-01T00:00:00Z',
  updateTime: '2026-01-01T00:00:00Z',
};
const sent = (url: string, method: string) => seen.filter((c) => c.url === url && c.method === method);

function renderPage() {
  render(
    <Providers>
      <MemoryRouter>
        <BuildingPage />
      </MemoryRouter>
    </Providers>,
  );
}

beforeEach(async () => {
  queryClient.clear();
  await setLanguage('en');
  localStorage.setItem('projectId', '5');
  serve({ '/sbuilding/hall/getList': envelope(200, { rows: [BUILDING], total: 1 }) });
});
afterEach(() => localStorage.clear());

describe('buildings page', { timeout: 60_000 }, () => {
  it('points to the guide when no project is chosen, without asking the server', async () => {
    localStorage.removeItem('projectId');
    renderPage();
    expect(await screen.findByText('No project is selected: choose one first.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose a project in the guide' })).toHaveAttribute(
      'href',
      '/guide',
    );
    expect(sent('/sbuilding/hall/getList', 'post')).toHaveLength(0);
  });

  it("lists the stored project's buildings, first page of 20", async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'Buildings of the current project' }, WAIT);
    expect(await within(table).findByText('Building A', {}, WAIT)).toBeInTheDocument();
    expect(within(table).getByText('121.601800° E, 31.203600° N')).toBeInTheDocument();
    expect(bodyOf(sent('/sbuilding/hall/getList', 'post')[0])).toMatchObject({
      projectId: 5,
      pageNum: 1,
      pageSize: 20,
    });
  });
});
