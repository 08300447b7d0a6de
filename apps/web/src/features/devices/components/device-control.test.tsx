import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import type { Device, LatestTelemetry, RealSeriesData } from '@sbuilding/shared';
import { Providers } from '@/app/providers';
import { setLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { useSession } from '@/lib/session';
import { bodyOf, envelope, serve, type Reply } from '@/test/http';
import { device, sent, WAIT } from '../test/fixtures';
import { DeviceDetailDrawer } from './device-detail-drawer';
import { seriousViolations } from '@/test/axe';
import { permissionsForRoles } from '@sbuilding/shared';

/** The socket stands still in tests: the drawer's listener is kept so a test can push a reading. */
const socket = vi.hoisted(() => ({ listeners: new Map<number, (data: RealSeriesData) => void>() }));
vi.mock('@/lib/socket', async (original) => ({
  ...(await original<typeof import('@/lib/socket')>()),
  useDeviceSeries: (ids: readonly number[], onData: (data: RealSeriesData) => void) => {
    for (const id of ids) socket.listeners.set(id, onData);
  },
}));

const userEvent = userEventLib.setup({ delay: null });
const SEND = '/sbuilding/dev-rpccmd/sendCmd';
const TS = '2026-01-03T09:00:00Z';

const OUTCOME = { deviceId: 9, deviceName: 'Light 201', latencyMs: 12, time: TS };
const REBOOT_BA = '/sbuilding/dev-rpccmd/reboot-ba/9';

function renderDrawer(overrides: Partial<Device>, telemetry: LatestTelemetry = {}, sendReply?: Reply) {
  serve({
    [REBOOT_BA]: envelope(200, {
      results: [{ ...OUTCOME, result: 'success', message: 'Setting Success !' }],
    }),
    '/sbuilding/device/getDeviceInfoById/9': envelope(200, {
      ...device(overrides),
      telemetry,
      groups: [],
      reported: {},
    }),
    '/sbuilding/dev-client-attr/get/9': envelope(200, {
      deviceId: 9,
      model: overrides.model ?? 'e90',
      attributes: {},
      history: [],
    }),
    [SEND]:
      sendReply ??
      envelope(200, {
        results: [
          {
            deviceId: 9,
            deviceName: 'Light 201',
            result: 'success',
            message: 'Setting Success !',
            latencyMs: 12,
            time: TS,
          },
        ],
      }),
  });
  render(
    <Providers>
      <DeviceDetailDrawer deviceId={9} projectId={5} canEdit={false} onClose={vi.fn()} />
    </Providers>,
  );
}

async function controlSection() {
  const heading = await screen.findByRole('heading', { name: 'Control' }, WAIT);
  const section = heading.closest('section');
  if (!section) throw new Error('no control section');
  return section;
}

const LIGHT: Partial<Device> = {
  model: 's2',
  category: 'light',
  name: 'Light 201',
  props: { macAddr: 'AA:BB:CC:DD:EE:01', codeAddr: 'ABCDEF123456', manufacturerCode: null },
};

beforeEach(async () => {
  queryClient.clear();
  socket.listeners.clear();
  // A customer switches devices (roles and permissions as GET /getInfo gives them).
  useSession.setState({ roles: ['tbCustomer'], permissions: permissionsForRoles(['tbCustomer']) });
  await setLanguage('en');
});

describe('device control', { timeout: 150_000 }, () => {
  it("offers exactly a light's commands and switches it with the section 8 message", async () => {
    renderDrawer(LIGHT, { onOff: { value: false, ts: TS }, lightnessLevel: { value: 128, ts: TS } });
    const control = await controlSection();
    expect(
      within(control)
        .getAllByRole('switch')
        .map((s) => s.getAttribute('aria-label')),
    ).toEqual(['On/off of Light 201']);
    expect(
      within(control)
        .getAllByRole('slider')
        .map((s) => s.getAttribute('aria-label')),
    ).toEqual(['Brightness of Light 201', 'Color temperature of Light 201']);
    expect(within(control).getByRole('slider', { name: 'Brightness of Light 201' })).toHaveAttribute(
      'aria-valuenow',
      '128',
    );
    expect(within(control).queryByRole('combobox')).toBeNull();
    expect(within(control).queryByRole('button')).toBeNull();
    expect(await seriousViolations()).toEqual([]);

    const power = within(control).getByRole('switch', { name: 'On/off of Light 201' });
    expect(power).not.toBeChecked();
    await userEvent.click(power);
    expect(await screen.findByText('Setting Success !', {}, WAIT)).toBeInTheDocument();
    expect(sent(SEND, 'post').map(bodyOf)).toEqual([
      { deviceId: 9, method: 'setOnOff', params: { onOff: true }, terminal: 'admin' },
    ]);
    await waitFor(() => expect(power).toBeChecked(), WAIT);
  });

  it('follows the socket: a reading updates the controls and the readings of the open drawer', async () => {
    renderDrawer(LIGHT, { onOff: { value: false, ts: TS }, lightnessLevel: { value: 10, ts: TS } });
    const control = await controlSection();
    const power = within(control).getByRole('switch', { name: 'On/off of Light 201' });
    expect(power).not.toBeChecked();
    const push = socket.listeners.get(9);
    expect(push).toBeDefined();
    act(() => push?.({ deviceId: 9, ts: '2026-01-03T09:05:00Z', onOff: true, lightnessLevel: 200 }));
    await waitFor(() => expect(power).toBeChecked(), WAIT);
    expect(within(control).getByRole('slider', { name: 'Brightness of Light 201' })).toHaveAttribute(
      'aria-valuenow',
      '200',
    );
    const readings = screen.getByRole('heading', { name: 'Latest readings' }).closest('section');
    expect(within(readings ?? document.body).getByText('200')).toBeInTheDocument();
    expect(within(readings ?? document.body).getByText('On')).toBeInTheDocument();
    expect(sent(SEND, 'post')).toHaveLength(0);
  });

  it('offers an AC controller its modes with auto refused, and a typed target temperature', async () => {
    renderDrawer(
      {
        model: 'ac20',
        category: 'ac',
        name: 'AC 301',
        props: { indoorAddr: 1, outdoorAddr: 1, label: null },
      },
      { workMode: { value: 'cool', ts: TS }, targetTemp: { value: 24, ts: TS } },
    );
    const control = await controlSection();
    expect(
      within(control)
        .getAllByRole('combobox')
        .map((s) => s.getAttribute('aria-label')),
    ).toEqual(['Work mode of AC 301', 'Fan speed of AC 301']);
    expect(await seriousViolations()).toEqual([]);
    await userEvent.click(within(control).getByRole('combobox', { name: 'Work mode of AC 301' }));
    const auto = await screen.findByText('Auto (Not support auto mode)', {}, WAIT);
    expect(auto.closest('.ant-select-item-option')).toHaveClass('ant-select-item-option-disabled');
    await userEvent.click(screen.getByText('Heat'));
    await waitFor(() => expect(sent(SEND, 'post')).toHaveLength(1), WAIT);
    expect(bodyOf(sent(SEND, 'post')[0])).toEqual({
      deviceId: 9,
      method: 'setWorkMode',
      params: { workMode: 'hot' },
      terminal: 'admin',
    });

    const target = within(control).getByRole('spinbutton', { name: 'Target temperature of AC 301' });
    await userEvent.clear(target);
    await userEvent.type(target, '26');
    await userEvent.click(within(control).getByRole('button', { name: 'Set Target temperature of AC 301' }));
    await waitFor(() => expect(sent(SEND, 'post')).toHaveLength(2), WAIT);
    expect(bodyOf(sent(SEND, 'post')[1])).toMatchObject({
      method: 'setTargetTemp',
      params: { targetTemp: 26 },
    });
  });

  it('shows a double panel its two buttons only', async () => {
    renderDrawer({
      model: 'kxx',
      category: 'lightPanel',
      name: 'Panel 2',
      props: { macAddr: 'AA:BB:CC:DD:EE:02', codeAddr: 'ABCDEF123457', panelType: 'double' },
    });
    const control = await controlSection();
    expect(
      within(control)
        .getAllByRole('switch')
        .map((s) => s.getAttribute('aria-label')),
    ).toEqual(['Left button of Panel 2', 'Right button of Panel 2']);
  });

  it('hides the control section without the control permission (a display screen)', async () => {
    useSession.setState({
      roles: ['tbVisualDisplay'],
      permissions: permissionsForRoles(['tbVisualDisplay']),
    });
    renderDrawer(LIGHT);
    expect(await screen.findByRole('heading', { name: 'Latest readings' }, WAIT)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Control' })).toBeNull();
    expect(screen.queryByRole('switch')).toBeNull();
  });

  it('sends the brightness when the slider is released, not while it moves', async () => {
    renderDrawer(LIGHT, { lightnessLevel: { value: 100, ts: TS } });
    const control = await controlSection();
    const slider = within(control).getByRole('slider', { name: 'Brightness of Light 201' });
    // The slider reads keyCode, which userEvent does not set: the key press is fired with it by hand.
    fireEvent.keyDown(slider, { key: 'ArrowRight', keyCode: 39, which: 39 });
    expect(slider).toHaveAttribute('aria-valuenow', '101');
    expect(sent(SEND, 'post')).toHaveLength(0);
    fireEvent.keyUp(slider, { key: 'ArrowRight', keyCode: 39, which: 39 });
    await waitFor(() => expect(sent(SEND, 'post')).toHaveLength(1), WAIT);
    expect(bodyOf(sent(SEND, 'post')[0])).toEqual({
      deviceId: 9,
      method: 'setBrightness',
      params: { lightnessLevel: 101 },
      terminal: 'admin',
    });
    expect(await screen.findByText('Setting Success !', {}, WAIT)).toBeInTheDocument();
  });

  it('shows the refusal of the server and keeps the state the device has', async () => {
    const failed = { ...OUTCOME, result: 'unreachable', message: 'Unable to access device', latencyMs: null };
    renderDrawer(
      LIGHT,
      { onOff: { value: false, ts: TS } },
      envelope(503, { results: [failed] }, 'Unable to access device'),
    );
    const control = await controlSection();
    const power = within(control).getByRole('switch', { name: 'On/off of Light 201' });
    await userEvent.click(power);
    expect(await screen.findByText('Unable to access device', {}, WAIT)).toBeInTheDocument();
    expect(screen.queryByText('Setting Success !')).toBeNull();
    expect(power).not.toBeChecked();
  });

  it('reboots a Bluetooth gateway only after a confirmation', async () => {
    renderDrawer({ model: 'ba', category: 'bleGateway', name: 'Gateway F2', props: {} });
    const control = await controlSection();
    await userEvent.click(within(control).getByRole('button', { name: 'Reboot of Gateway F2' }));
    const [question] = await screen.findAllByText('Reboot Gateway F2?', {}, WAIT);
    const confirm = question?.closest<HTMLElement>('.ant-modal') ?? null;
    if (!confirm) throw new Error('no confirmation');
    expect(sent(REBOOT_BA, 'post')).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Reboot' }));
    await waitFor(() => expect(sent(REBOOT_BA, 'post')).toHaveLength(1), WAIT);
    expect(await screen.findByText('Setting Success !', {}, WAIT)).toBeInTheDocument();
  });
});
