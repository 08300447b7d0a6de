import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { permissionsForRoles, type DeviceGroup, type Role } from '@sbuilding/shared';
import { Providers } from '@/app/providers';
import { setLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { useSession } from '@/lib/session';
import { seriousViolations } from '@/test/axe';
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

/** Signs in with a role as GET /getInfo gives it (roles and their permissions). */
function signInAs(role: Role) {
  useSession.setState({ roles: [role], permissions: permissionsForRoles([role]) });
}

beforeEach(async () => {
  queryClient.clear();
  signInAs('tbAdmin');
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

  it.each(['tbCustomer', 'tbVisualDisplay'] as const)(
    'shows a %s the group read-only, saying why, with no Save button',
    async (role) => {
      signInAs(role);
      renderAt('/group/edit?id=9');
      const name = await screen.findByDisplayValue('Floor 2 corridor lights', {}, WAIT);
      expect(screen.getByRole('alert')).toHaveTextContent(
        "You can look at this group but not change it: changing devices and groups is for the project's administrators.",
      );
      expect(name).toBeDisabled();
      expect(screen.getByRole('radio', { name: 'Normal' })).toBeDisabled();
      const chosen = screen.getByRole('table', { name: 'Devices in the group' });
      expect(within(chosen).getByText('Light 201')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
      expect(
        screen.queryByRole('button', { name: 'Remove Light 201 from the group' }),
      ).not.toBeInTheDocument();
      expect(screen.queryByRole('table', { name: 'Devices to choose from' })).not.toBeInTheDocument();
      expect(await seriousViolations()).toEqual([]);
    },
  );

  it('tells a customer on /group/add that adding a group is for the project administrators', async () => {
    signInAs('tbCustomer');
    renderAt('/group/add');
    expect(await screen.findByRole('alert', {}, WAIT)).toHaveTextContent(
      "You can look at this form but not add a group: changing devices and groups is for the project's administrators.",
    );
    expect(await screen.findByLabelText('Group name', {}, WAIT)).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(sent('/sbuilding/group/create')).toHaveLength(0);
  });

  it('gives the project administrator no read-only notice', async () => {
    renderAt('/group/edit?id=9');
    expect(await screen.findByDisplayValue('Floor 2 corridor lights', {}, WAIT)).toBeEnabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
