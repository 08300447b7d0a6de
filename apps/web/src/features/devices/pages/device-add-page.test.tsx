import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { permissionsForRoles, type Role } from '@sbuilding/shared';
import { setLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { useSession } from '@/lib/session';
import { seriousViolations } from '@/test/axe';
import { bodyOf, envelope, serve, type Handler } from '@/test/http';
import { BUILDING, CATEGORIES, device, FLOOR, renderAt, sent, WAIT } from '../test/fixtures';
import { bleInitPollMs, bleInitStatusQueryOptions } from '../api/get-ble-init-status';
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

const ROUTES: Record<string, Handler> = {
  '/sbuilding/common/getDevCategorys': envelope(200, CATEGORIES),
  '/sbuilding/hall/getList': envelope(200, { rows: [BUILDING], total: 1 }),
  '/sbuilding/floor/getList': envelope(200, { rows: [], total: 0 }),
  '/sbuilding/device/getList': envelope(200, { rows: [GATEWAY], total: 1 }),
  '/sbuilding/device/create-cc10': (config) =>
    envelope(200, device({ id: 40, model: 'cc10', category: 'acGateway', ...(bodyOf(config) as object) })),
};

/** Signs in with a role as GET /getInfo gives it (roles and their permissions). */
function signInAs(role: Role) {
  useSession.setState({ roles: [role], permissions: permissionsForRoles([role]) });
}

beforeEach(async () => {
  queryClient.clear();
  signInAs('tbAdmin');
  await setLanguage('en');
  localStorage.setItem('projectId', '5');
  serve(ROUTES);
});
afterEach(() => localStorage.clear());

describe('device add page', { timeout: 150_000 }, () => {
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
    expect(await seriousViolations()).toEqual([]);
  });

  it("offers the project's field bridges beside its gateways of the reference's kind (issue 39)", async () => {
    const bridge = device({ id: 60, model: 'bridge', category: 'fieldBridge', name: 'Plant room bridge' });
    serve({
      ...ROUTES,
      '/sbuilding/device/getList': (config) => {
        const { category } = bodyOf(config) as { category?: string };
        const rows = category === 'fieldBridge' ? [bridge] : category === 'acGateway' ? [GATEWAY] : [];
        return envelope(200, { rows, total: rows.length });
      },
    });
    renderAt(<DeviceAddPage />, '/device/add?model=ac20', '/device/add');
    const gateway = await screen.findByRole('combobox', { name: 'AC gateway' }, WAIT);
    await userEvent.click(gateway);
    const list = await screen.findByRole('listbox', {}, WAIT);
    expect(list).toBeInTheDocument();
    // Two groups: the AC gateways, then the field bridges.
    expect(await screen.findByTitle('fieldBridge', {}, WAIT)).toHaveTextContent('Field bridge');
    expect(screen.getByTitle('acGateway')).toHaveTextContent('AC gateway');
    await userEvent.click(await screen.findByTitle('Plant room bridge (Above the door)', {}, WAIT));
    // The select shows the bridge as its value.
    const chosen = gateway.closest('.ant-select')?.querySelector('.ant-select-content');
    await waitFor(() => expect(chosen).toHaveAttribute('title', 'Plant room bridge (Above the door)'), WAIT);
  });

  it('creates a Bluetooth gateway on its floor and follows its initialisation until it is ready', async () => {
    const gateway = device({ id: 50, model: 'ba', category: 'bleGateway', name: 'BLE F2' });
    const init = { deviceId: 50, message: '', updateTime: '2026-01-03T09:00:00Z' };
    let polls = 0;
    serve({
      ...ROUTES,
      '/sbuilding/floor/getList': envelope(200, { rows: [FLOOR], total: 1 }),
      '/sbuilding/device/createBleGateway/21': envelope(200, {
        device: gateway,
        init: { ...init, status: 'pending', progress: 0, step: 'queued' },
      }),
      '/sbuilding/device/queryInitBleGatewayStatus/50': () =>
        ++polls < 2
          ? envelope(200, { ...init, status: 'initialising', progress: 60, step: 'configuringGateway' })
          : envelope(200, { ...init, status: 'ready', progress: 100, step: 'done' }),
    });
    renderAt(<DeviceAddPage />, '/device/add?model=ba', '/device/add');
    await fill(await screen.findByLabelText('Name', {}, WAIT), 'BLE F2');
    await fill(screen.getByLabelText('MAC address'), 'AA:BB:CC:DD:EE:50');
    await fill(screen.getByLabelText('Code address'), 'ABCDEF000050');
    await fill(screen.getByLabelText('Server address'), 'mqtt://10.0.0.5');
    await fill(screen.getByLabelText('Port'), '1883');
    await choose('Building', 'Building A');
    // The gateway is created on its floor: none chosen, nothing sent.
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Floor is required', {}, WAIT)).toBeVisible();
    await choose('Floor', 'F2');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));

    expect(await screen.findByRole('progressbar', { name: 'Initialisation progress' }, WAIT)).toBeVisible();
    expect(bodyOf(sent('/sbuilding/device/createBleGateway/21', 'put')[0])).toEqual({
      name: 'BLE F2',
      macAddr: 'AA:BB:CC:DD:EE:50',
      codeAddr: 'ABCDEF000050',
      serverAddr: 'mqtt://10.0.0.5',
      port: 1883,
      zoneId: null,
      position: '',
      positionImageId: null,
      horizontalImageId: null,
      verticalImageId: null,
    });
    expect(await screen.findByText('Step: Configuring the gateway', {}, WAIT)).toBeVisible();
    expect(await screen.findByText('Ready', {}, WAIT)).toBeVisible();
    expect(screen.getByText('Step: Done')).toBeVisible();
    // Polling stops once the job is finished: the query schedules no further poll.
    const status = queryClient.getQueryData(bleInitStatusQueryOptions(50).queryKey);
    expect(status?.status).toBe('ready');
    expect(bleInitPollMs(status)).toBe(false);
    expect(polls).toBe(2);
  });

  it("shows a customer each model's form disabled, saying why, without the buttons that add", async () => {
    signInAs('tbCustomer');
    renderAt(<DeviceAddPage />, '/device/add', '/device/add');
    expect(await screen.findByRole('alert', {}, WAIT)).toHaveTextContent(
      "You can look at this form but not add a device: changing devices and groups is for the project's administrators.",
    );
    // Choosing what to look at is not a change: the category and the model stay open.
    await choose('Category', 'Light');
    await choose('Model', 'Sensor dimmer node');
    expect(await screen.findByLabelText('MAC address', {}, WAIT)).toBeDisabled();
    expect(screen.getByLabelText('Code address')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Create' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create and add another' })).not.toBeInTheDocument();
    expect(await seriousViolations()).toEqual([]);
  });
});
