import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { setLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { bodyOf, envelope, serve } from '@/test/http';
import { BUILDING, CATEGORIES, device, renderAt, sent, WAIT } from '../test/fixtures';
import DeviceAddPage from './device-add-page';

const userEvent = userEventLib.setup({ delay: null });
const GATEWAY = device({ id: 31, model: 'cc10', category: 'acGateway', name: 'AC gateway F2', props: {} });

/** One change event instead of one per character: antd re-validates the form on each. */
async function fill(input: HTMLElement, text: string) {
  await userEvent.click(input);
  await userEvent.paste(text);
}

async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByTitle(option, {}, WAIT));
}

beforeEach(async () => {
  queryClient.clear();
  await setLanguage('en');
  localStorage.setItem('projectId', '5');
  serve({
    '/sbuilding/common/getDevCategorys': envelope(200, CATEGORIES),
    '/sbuilding/hall/getList': envelope(200, { rows: [BUILDING], total: 1 }),
    '/sbuilding/floor/getList': envelope(200, { rows: [], total: 0 }),
    '/sbuilding/device/getList': envelope(200, { rows: [GATEWAY], total: 1 }),
    '/sbuilding/device/create-cc10': (config) =>
      envelope(200, device({ id: 40, model: 'cc10', category: 'acGateway', ...(bodyOf(config) as object) })),
  });
});
afterEach(() => localStorage.clear());

describe('device add page', { timeout: 90_000 }, () => {
  it("shows the chosen model's fields and checks them with the shared rules, then another model's", async () => {
    renderAt(<DeviceAddPage />, '/device/add', '/device/add');
    expect(
      await screen.findByText('Choose the category, then the model: its fields follow.', {}, WAIT),
    ).toBeVisible();
    // AC gateway has one model: it is chosen with the category.
    await choose('Category', 'AC gateway');
    const server = await screen.findByLabelText('Server address', {}, WAIT);
    expect(screen.getByLabelText('Gateway address')).toBeInTheDocument();
    expect(screen.queryByLabelText('MAC address')).toBeNull();
    await fill(server, 'not a server!');
    expect(await screen.findByText('Server Addr format error', {}, WAIT)).toBeVisible();
    await fill(screen.getByLabelText('Gateway address'), '300');
    expect(await screen.findByText('Value must be between 0 and 255', {}, WAIT)).toBeVisible();

    // Another category, another model: other fields.
    await choose('Category', 'Light');
    await choose('Model', 'Sensor dimmer node');
    expect(await screen.findByLabelText('MAC address', {}, WAIT)).toBeInTheDocument();
    expect(screen.queryByLabelText('Server address')).toBeNull();
  });

  it('checks the MAC, the last-12 code and the required enum of a sensor dimmer node', async () => {
    renderAt(<DeviceAddPage />, '/device/add', '/device/add');
    await choose('Category', 'Light');
    await choose('Model', 'Sensor dimmer node');
    const mac = await screen.findByLabelText('MAC address', {}, WAIT);
    expect(screen.queryByLabelText('Server address')).toBeNull();
    expect(screen.getByLabelText('Sensor type')).toBeInTheDocument();
    await fill(mac, 'AA:BB');
    expect(await screen.findByText('MAC address format error', {}, WAIT)).toBeVisible();
    await fill(screen.getByLabelText('Code address'), '123');
    expect(await screen.findByText('Code must be exactly 12 characters', {}, WAIT)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Sensor type is required', {}, WAIT)).toBeVisible();
    expect(sent('/sbuilding/device/create/e90', 'put')).toHaveLength(0);
  });

  it('creates an AC gateway with the create-cc10 call and goes back to the list', async () => {
    renderAt(<DeviceAddPage />, '/device/add?model=cc10', '/device/add');
    await fill(await screen.findByLabelText('Name', {}, WAIT), 'Gateway 3F');
    await fill(screen.getByLabelText('Gateway address'), '1');
    await fill(screen.getByLabelText('Server address'), '192.168.1.10');
    await fill(screen.getByLabelText('Port'), '502');
    await choose('Building', 'Building A');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(sent('/sbuilding/device/create-cc10', 'put')).toHaveLength(1), WAIT);
    expect(bodyOf(sent('/sbuilding/device/create-cc10', 'put')[0])).toEqual({
      name: 'Gateway 3F',
      gatewayAddr: 1,
      serverAddr: '192.168.1.10',
      port: 502,
      label: '',
      buildingId: 11,
      floorId: null,
      zoneId: null,
      position: '',
      positionImageId: null,
      horizontalImageId: null,
      verticalImageId: null,
    });
    expect(await screen.findByText('device list page', {}, WAIT)).toBeInTheDocument();
  });

  it('opens on an AC unit of the gateway named in the link', async () => {
    renderAt(<DeviceAddPage />, '/device/add?model=ac20&gatewayId=31', '/device/add');
    const gateway = await screen.findByRole('combobox', { name: 'AC gateway' }, WAIT);
    const item = gateway.closest('.ant-form-item');
    expect(item).not.toBeNull();
    expect(
      await within(item as HTMLElement).findByText('AC gateway F2 (Above the door)', {}, WAIT),
    ).toBeVisible();
    expect(screen.getByLabelText('Indoor unit address')).toBeInTheDocument();
  });
});
