import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { DeviceGroup } from '@sbuilding/shared';
import { Providers } from '@/app/providers';
import { setLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { setProjectTimeZone } from '@/lib/time';
import { seriousViolations } from '@/test/axe';
import { bodyOf, envelope, seen, serve } from '@/test/http';
import { GroupListPage } from './group-list-page';

const userEvent = userEventLib.setup({ delay: null });
const WAIT = { timeout: 30_000 };

const GROUP: DeviceGroup = {
  id: 9,
  tenantId: 1,
  projectId: 5,
  name: 'Floor 2 corridor lights',
  status: '1',
  category: 'light',
  deviceCount: 12,
  devices: [],
  version: 4,
  createTime: '2026-01-01T00:00:00Z',
  updateTime: '2026-01-01T00:00:00Z',
};

const sent = (url: string) => seen.filter((c) => c.url === url);

function Where() {
  const location = useLocation();
  return <p>{`At ${location.pathname}${location.search}`}</p>;
}

function renderList() {
  render(
    <Providers>
      <MemoryRouter initialEntries={['/deviceGroup']}>
        <Routes>
          <Route path="/deviceGroup" element={<GroupListPage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
}

beforeEach(async () => {
  queryClient.clear();
  await setLanguage('en');
  localStorage.setItem('projectId', '5');
  serve({
    '/sbuilding/group/getList': envelope(200, { rows: [GROUP], total: 1 }),
    '/sbuilding/group/del/9': envelope(200, null),
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  setProjectTimeZone(null);
});

describe('device group list', { timeout: 120_000 }, () => {
  it("lists the project's groups with status in words, category and device count", async () => {
    // Created at midnight UTC: 08:00 in the project's zone, whatever the zone the test runs in.
    setProjectTimeZone('Asia/Shanghai');
    renderList();
    const table = await screen.findByRole('table', { name: 'Device groups of the current project' }, WAIT);
    const row = (await within(table).findByText('Floor 2 corridor lights', {}, WAIT)).closest('tr');
    expect(row).toHaveTextContent(/Disabled.*Light.*12.*2026-01-01 08:00:00/);
    expect(bodyOf(sent('/sbuilding/group/getList')[0])).toEqual({ projectId: 5, pageNum: 1, pageSize: 20 });
    expect(await seriousViolations()).toEqual([]);
  });

  it("asks to select one before a toolbar edit, then edits the selected group's page", async () => {
    renderList();
    const table = await screen.findByRole('table', { name: 'Device groups of the current project' }, WAIT);
    await within(table).findByText('Floor 2 corridor lights', {}, WAIT);
    await userEvent.click(screen.getByRole('button', { name: 'Edit selected' }));
    expect(await screen.findByText('Please select one', {}, WAIT)).toBeInTheDocument();
    await userEvent.click(within(table).getByRole('radio', { name: 'Select group Floor 2 corridor lights' }));
    await userEvent.click(screen.getByRole('button', { name: 'Edit selected' }));
    expect(await screen.findByText('At /group/edit?id=9', {}, WAIT)).toBeInTheDocument();
  });

  it('deletes a group after confirmation', async () => {
    renderList();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Delete group Floor 2 corridor lights' }, WAIT),
    );
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    expect(dialog).toHaveTextContent('Delete group Floor 2 corridor lights?');
    expect(sent('/sbuilding/group/del/9')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(sent('/sbuilding/group/del/9')).toHaveLength(1), WAIT);
    expect(sent('/sbuilding/group/del/9')[0]?.method).toBe('delete');
  });
});
