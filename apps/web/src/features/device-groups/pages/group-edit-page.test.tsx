import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { DeviceGroup } from '@sbuilding/shared';
import { Providers } from '@/app/providers';
import { setLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { roomDevice } from '@/test/fixtures';
import { bodyOf, envelope, seen, serve } from '@/test/http';
import { GroupEditPage } from './group-edit-page';

const userEvent = userEventLib.setup({ delay: null });
const WAIT = { timeout: 30_000 };

const LIGHT_1 = roomDevice(21, 'Light 201', 'light', 's2');
const LIGHT_2 = roomDevice(22, 'Light 202', 'light', 's2');
const AC = roomDevice(23, 'AC 201', 'ac', 'ac20');

const GROUP: DeviceGroup = {
  id: 9,
  tenantId: 1,
  projectId: 5,
  name: 'Floor 2 corridor lights',
  status: '0',
  category: 'light',
  deviceCount: 1,
  devices: [{ id: 21, name: 'Light 201', position: 'Room 21', model: 's2', floorName: '2F', online: true }],
  version: 4,
  createTime: '2026-01-01T00:00:00Z',
  updateTime: '2026-01-01T00:00:00Z',
};

const sent = (url: string) => seen.filter((c) => c.url === url);

function renderAt(path: string) {
  render(
    <Providers>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/group/add" element={<GroupEditPage />} />
          <Route path="/group/edit" element={<GroupEditPage />} />
          <Route path="/deviceGroup" element={<p>Group list</p>} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
}

/** The picker's table and the form's Save button, looked up once: role queries over the form are slow. */
async function formParts() {
  const picker = await screen.findByRole('table', { name: 'Devices to choose from' }, WAIT);
  const save = screen.getByRole('button', { name: 'Save' });
  const pick = async (name: string) =>
    userEvent.click(await within(picker).findByRole('checkbox', { name: `Select ${name}` }, WAIT));
  return { save, pick };
}

beforeEach(async () => {
  queryClient.clear();
  await setLanguage('en');
  localStorage.setItem('projectId', '5');
  serve({
    '/sbuilding/device/getList': envelope(200, { rows: [LIGHT_1, LIGHT_2, AC], total: 3 }),
    '/sbuilding/hall/getList': envelope(200, { rows: [], total: 0 }),
    '/sbuilding/group/create': (config) => envelope(200, { ...GROUP, ...(bodyOf(config) as object) }),
    '/sbuilding/group/9': envelope(200, GROUP),
    '/sbuilding/group/save/9': envelope(200, GROUP),
  });
});

describe('device group form', { timeout: 180_000 }, () => {
  it("refuses an empty choice with 'Select Target!' without calling the server", async () => {
    renderAt('/group/add');
    await userEvent.type(await screen.findByLabelText('Group name', {}, WAIT), 'Corridor');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    // Shown by the form's own check, which decides before any request would be sent.
    expect(await screen.findByText('Select Target!', {}, WAIT)).toBeInTheDocument();
    expect(sent('/sbuilding/group/create')).toHaveLength(0);
  });

  it("refuses devices of two categories with 'Select the same category device', then creates a group of one", async () => {
    renderAt('/group/add');
    await userEvent.type(await screen.findByLabelText('Group name', {}, WAIT), 'Corridor');
    const { save, pick } = await formParts();
    await pick('Light 201');
    await pick('AC 201');
    await userEvent.click(save);
    expect(await screen.findByText('Select the same category device', {}, WAIT)).toBeInTheDocument();
    expect(sent('/sbuilding/group/create')).toHaveLength(0);

    // Taking the air conditioner out again leaves one category: the group is created.
    await userEvent.click(screen.getByRole('button', { name: 'Remove AC 201 from the group' }));
    await pick('Light 202');
    await userEvent.click(save);
    await waitFor(() => expect(sent('/sbuilding/group/create')).toHaveLength(1), WAIT);
    expect(bodyOf(sent('/sbuilding/group/create')[0])).toEqual({
      projectId: 5,
      name: 'Corridor',
      status: '0',
      deviceIds: [21, 22],
    });
    expect(await screen.findByText('Group list', {}, WAIT)).toBeInTheDocument();
  });

  it('edits a group with its devices listed (name, position) and saves with the version read', async () => {
    renderAt('/group/edit?id=9');
    expect(await screen.findByDisplayValue('Floor 2 corridor lights', {}, WAIT)).toBeInTheDocument();
    const chosen = screen.getByRole('table', { name: 'Devices in the group' });
    expect(within(chosen).getByText('Light 201')).toBeInTheDocument();
    expect(within(chosen).getByText('Room 21')).toBeInTheDocument();
    const { save, pick } = await formParts();
    await pick('Light 202');
    await userEvent.click(save);
    await waitFor(() => expect(sent('/sbuilding/group/save/9')).toHaveLength(1), WAIT);
    expect(bodyOf(sent('/sbuilding/group/save/9')[0])).toEqual({
      name: 'Floor 2 corridor lights',
      status: '0',
      deviceIds: [21, 22],
      version: 4,
    });
  });
});
