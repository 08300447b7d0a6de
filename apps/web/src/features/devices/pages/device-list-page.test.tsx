import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { setLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { useSession } from '@/lib/session';
import { bodyOf, envelope, serve } from '@/test/http';
import { BUILDING, CATEGORIES, device, FLOOR, renderAt, sent, WAIT } from '../test/fixtures';
import { DeviceListPage } from './device-list-page';

const userEvent = userEventLib.setup({ delay: null });
const LIST = '/sbuilding/device/getList';
const SAVE = '/sbuilding/device/save/9';
const DELETE = '/sbuilding/device/del/9';
const BATCH = '/sbuilding/dev-client-attr/save-ac20/batch';
const ROWS = [
  device(),
  device({ id: 10, model: 'ac20', category: 'ac', name: 'Meeting room AC', online: false, props: {} }),
];

beforeEach(async () => {
  queryClient.clear();
  await setLanguage('en');
  localStorage.setItem('projectId', '5');
  useSession.setState({ roles: ['tbAdmin'], permissions: [] });
  serve({
    [LIST]: envelope(200, { rows: ROWS, total: 2 }),
    '/sbuilding/common/getDevCategorys': envelope(200, CATEGORIES),
    '/sbuilding/hall/getList': envelope(200, { rows: [BUILDING], total: 1 }),
    [BATCH]: envelope(200, null),
    '/sbuilding/floor/getList': envelope(200, { rows: [FLOOR], total: 1 }),
    [SAVE]: (config) => envelope(200, device({ ...(bodyOf(config) as object), version: 2 })),
    [DELETE]: envelope(200, null),
  });
});
afterEach(() => {
  localStorage.clear();
  useSession.getState().reset();
});

describe('device list page', { timeout: 150_000 }, () => {
  it("lists the project's devices with category, model, place and online state in words", async () => {
    renderAt(<DeviceListPage />);
    const table = await screen.findByRole('table', { name: 'Devices of the current project' }, WAIT);
    const row = (await within(table).findByText('Lobby sensor', {}, WAIT)).closest('tr');
    expect(row).not.toBeNull();
    const cells = within(row as HTMLElement);
    expect(cells.getByText('Light')).toBeInTheDocument();
    expect(cells.getByText('Sensor dimmer node')).toBeInTheDocument();
    expect(cells.getByText('F2')).toBeInTheDocument();
    expect(cells.getByText('Online')).toBeInTheDocument();
    expect(within(table).getByText('Offline')).toBeInTheDocument();
    expect(bodyOf(sent(LIST, 'post')[0])).toMatchObject({ projectId: 5, pageNum: 1, pageSize: 20 });
  });

  it('searches with the chosen filters from the first page', async () => {
    renderAt(<DeviceListPage />);
    await screen.findByText('Lobby sensor', {}, WAIT);
    await userEvent.click(screen.getByRole('combobox', { name: 'Category' }));
    await userEvent.click(await screen.findByTitle('Air conditioner', {}, WAIT));
    await userEvent.click(screen.getByRole('combobox', { name: 'Online' }));
    await userEvent.click(await screen.findByTitle('Offline', {}, WAIT));
    await userEvent.click(screen.getByRole('textbox', { name: 'Name' }));
    await userEvent.paste('  Meeting ');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(sent(LIST, 'post').length).toBeGreaterThan(1), WAIT);
    expect(bodyOf(sent(LIST, 'post').at(-1))).toEqual({
      projectId: 5,
      category: 'ac',
      online: false,
      name: 'Meeting',
      pageNum: 1,
      pageSize: 20,
    });
  });

  it('sets the parameters of the selected AC controllers together; other devices cannot be selected', async () => {
    renderAt(<DeviceListPage />);
    await screen.findByText('Lobby sensor', {}, WAIT);
    expect(screen.getByRole('checkbox', { name: 'Select Lobby sensor' })).toBeDisabled();
    const batch = screen.getByRole('button', { name: /Set parameters/ });
    expect(batch).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Meeting room AC' }));
    await userEvent.click(screen.getByRole('button', { name: /Set parameters \(1\)/ }));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    // The AC controller's parameters, from the catalogue; only the filled ones are sent.
    expect(within(dialog).getByRole('switch', { name: 'AC manual mode' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByLabelText('Timeout (min)'));
    await userEvent.paste('10');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent(BATCH, 'post')).toHaveLength(1), WAIT);
    expect(bodyOf(sent(BATCH, 'post')[0])).toEqual({ ids: [10], attributes: { timeout: 10 } });
  });

  it('points to the guide when no project is chosen', async () => {
    localStorage.removeItem('projectId');
    renderAt(<DeviceListPage />);
    expect(await screen.findByRole('link', { name: 'Choose a project in the guide' }, WAIT)).toBeVisible();
    expect(sent(LIST, 'post')).toHaveLength(0);
  });

  it('edits a device with its model form and saves it with the version read', async () => {
    renderAt(<DeviceListPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Lobby sensor' }, WAIT));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    expect(within(dialog).getByText('Edit device Lobby sensor')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('MAC address')).toHaveValue('AA:BB:CC:DD:EE:01');
    const name = within(dialog).getByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.click(name);
    await userEvent.paste('Lobby sensor 2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent(SAVE, 'post')).toHaveLength(1), WAIT);
    expect(bodyOf(sent(SAVE, 'post')[0])).toMatchObject({
      name: 'Lobby sensor 2',
      macAddr: 'AA:BB:CC:DD:EE:01',
      codeAddr: 'ABCDEF123456',
      sensorType: 'sensor',
      buildingId: 11,
      floorId: 21,
      version: 1,
    });
  });

  it('deletes a device only after a confirmation', async () => {
    renderAt(<DeviceListPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Lobby sensor' }, WAIT));
    const [question] = await screen.findAllByText('Delete device Lobby sensor?', {}, WAIT);
    const confirm = question?.closest<HTMLElement>('.ant-modal') ?? null;
    expect(confirm).not.toBeNull();
    expect(sent(DELETE, 'delete')).toHaveLength(0);
    await userEvent.click(within(confirm as HTMLElement).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(sent(DELETE, 'delete')).toHaveLength(1), WAIT);
  });
});
