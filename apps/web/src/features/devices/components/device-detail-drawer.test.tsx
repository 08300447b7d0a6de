import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { permissionsForRoles, type Role } from '@sbuilding/shared';
import { Providers } from '@/app/providers';
import { setLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { useSession } from '@/lib/session';
import { seriousViolations } from '@/test/axe';
import { bodyOf, envelope, serve } from '@/test/http';
import { device, sent, WAIT } from '../test/fixtures';
import { DeviceDetailDrawer } from './device-detail-drawer';

const userEvent = userEventLib.setup({ delay: null });
const sentBody = (url: string) => bodyOf(sent(url, 'post')[0]);
const CREDENTIALS = '/sbuilding/device/credentials/9';

function renderDrawer(
  canEdit: boolean,
  telemetry: Record<string, { value: number; ts: string }> = {},
  reported: Record<string, unknown> = {},
  more: Parameters<typeof serve>[0] = {},
) {
  // Who may edit a device may also read its credentials (the project administrator); a customer reads it.
  const role: Role = canEdit ? 'tbAdmin' : 'tbCustomer';
  useSession.setState({ roles: [role], permissions: permissionsForRoles([role]) });
  serve({
    ...more,
    '/sbuilding/device/getDeviceInfoById/9': envelope(200, {
      ...device(),
      telemetry,
      groups: [{ id: 3, name: 'Floor 2 corridor lights' }],
      reported,
    }),
    '/sbuilding/dev-client-attr/get/9': envelope(200, {
      deviceId: 9,
      model: 'e90',
      attributes: {},
      history: [],
    }),
    [CREDENTIALS]: (config) =>
      envelope(200, { deviceId: 9, accessToken: config.method === 'post' ? 'new-token' : 'old-token' }),
  });
  render(
    <Providers>
      <DeviceDetailDrawer deviceId={9} projectId={5} canEdit={canEdit} onClose={vi.fn()} />
    </Providers>,
  );
}

beforeEach(async () => {
  queryClient.clear();
  await setLanguage('en');
});

describe('device detail drawer', { timeout: 150_000 }, () => {
  it('shows the fields, an empty state before the first reading, the groups and the parameters', async () => {
    renderDrawer(true);
    const drawer = await screen.findByRole('dialog', { name: 'Device Lobby sensor' }, WAIT);
    expect(await within(drawer).findByText('AA:BB:CC:DD:EE:01', {}, WAIT)).toBeInTheDocument();
    expect(within(drawer).getByText('Sensor')).toBeInTheDocument();
    expect(within(drawer).getByText('Floor 2 corridor lights')).toBeInTheDocument();
    expect(within(drawer).getByText('No readings yet: the device has not reported.')).toBeInTheDocument();
    expect(
      within(drawer).getByText('The device has not reported anything about itself yet.'),
    ).toBeInTheDocument();
    expect(await within(drawer).findByLabelText('PIR auto light off delay (min)', {}, WAIT)).toBeEnabled();
    expect(await seriousViolations()).toEqual([]);
  });

  it('shows the latest readings with the units of the catalogue, and what the device reported', async () => {
    renderDrawer(
      false,
      { temperature: { value: 23.5, ts: '2026-01-03T09:00:00Z' } },
      { firmware: '2.4.1', radio: { rssi: -61 } },
    );
    expect(await screen.findByText('23.5 °C', {}, WAIT)).toBeInTheDocument();
    const reported = screen.getByRole('region', { name: 'Reported by the device' });
    expect(within(reported).getByText('firmware')).toBeInTheDocument();
    expect(within(reported).getByText('2.4.1')).toBeInTheDocument();
    expect(within(reported).getByText('{"rssi":-61}')).toBeInTheDocument();
    // Without the right to edit: no credentials at all, and they are not even asked for.
    expect(screen.queryByText('Access token')).toBeNull();
    expect(sent(CREDENTIALS, 'get')).toHaveLength(0);
  });

  it('replaces the access token only after a confirmation', async () => {
    renderDrawer(true);
    const token = await screen.findByLabelText('Access token', {}, WAIT);
    await waitFor(() => expect(token).toHaveValue('old-token'), WAIT);
    await userEvent.click(screen.getByRole('button', { name: 'Replace token' }));
    // antd names the confirm dialog twice (a hidden title for screen readers and the visible one).
    const [question] = await screen.findAllByText('Replace the access token of Lobby sensor?', {}, WAIT);
    const confirm = question?.closest<HTMLElement>('.ant-modal') ?? null;
    expect(confirm).not.toBeNull();
    expect(sent(CREDENTIALS, 'post')).toHaveLength(0);
    await userEvent.click(within(confirm as HTMLElement).getByRole('button', { name: 'Replace token' }));
    await waitFor(() => expect(token).toHaveValue('new-token'), WAIT);
    expect(sent(CREDENTIALS, 'post')).toHaveLength(1);
  });

  it("pulls a simulated device's plug when the building simulator runs, and plugs it back in", async () => {
    let unplugged: number[] = [];
    renderDrawer(
      true,
      {},
      {},
      {
        '/sbuilding/simulator/state': () => envelope(200, { running: true, unplugged }),
        '/sbuilding/simulator/unplug/9': () => {
          unplugged = [9];
          return envelope(200, { deviceId: 9, unplugged: true });
        },
        '/sbuilding/simulator/plug/9': () => {
          unplugged = [];
          return envelope(200, { deviceId: 9, unplugged: false });
        },
      },
    );
    const section = await screen.findByRole('region', { name: 'Building simulator' }, WAIT);
    expect(within(section).getByText('This simulated device is powered and connected.')).toBeInTheDocument();
    await userEvent.click(within(section).getByRole('button', { name: 'Pull the plug' }));
    expect(await screen.findByText('Unplugged: the device dropped off', {}, WAIT)).toBeInTheDocument();
    expect(sent('/sbuilding/simulator/unplug/9', 'post')).toHaveLength(1);
    await userEvent.click(await within(section).findByRole('button', { name: 'Plug back in' }, WAIT));
    expect(sent('/sbuilding/simulator/plug/9', 'post')).toHaveLength(1);
    expect(await seriousViolations()).toEqual([]);
  });

  it('shows nothing of the simulator when none runs', async () => {
    renderDrawer(true);
    await screen.findByRole('dialog', { name: 'Device Lobby sensor' }, WAIT);
    expect(await screen.findByLabelText('Access token', {}, WAIT)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Building simulator' })).toBeNull();
  });

  it("shows a field bridge's devices, whether each answers, and every point's latest value (issue 39)", async () => {
    useSession.setState({ roles: ['tbCustomer'], permissions: permissionsForRoles(['tbCustomer']) });
    const ts = '2026-01-03T09:00:00Z';
    serve({
      '/sbuilding/device/getDeviceInfoById/9': envelope(200, {
        ...device({ model: 'bridge', category: 'fieldBridge', name: 'Plant room bridge' }),
        telemetry: {},
        groups: [],
        reported: {},
      }),
      '/sbuilding/dev-client-attr/get/9': envelope(200, {
        deviceId: 9,
        model: 'bridge',
        attributes: {},
        history: [],
      }),
      '/sbuilding/device/getList/v2': envelope(200, {
        rows: [
          {
            ...device({ id: 21, model: 'ac20', category: 'ac', name: 'AHU 1', online: true, parentId: 9 }),
            telemetry: { supplyTemp: { value: 14.5, ts }, onOff: { value: true, ts } },
          },
          {
            ...device({ id: 22, model: 'ammeter4g', category: 'ammeter', name: 'Meter 1', online: false }),
            telemetry: {},
          },
        ],
        total: 2,
      }),
    });
    render(
      <Providers>
        <DeviceDetailDrawer deviceId={9} projectId={5} canEdit={false} onClose={vi.fn()} />
      </Providers>,
    );
    const section = await screen.findByRole('region', { name: 'Field devices' }, WAIT);
    expect(await within(section).findByText('1 of 2 field devices answering', {}, WAIT)).toBeInTheDocument();
    const list = within(section).getByRole('list', { name: 'Field devices' });
    const ahu = within(list).getByText('AHU 1').closest('li');
    if (!ahu) throw new Error('no AHU');
    expect(within(ahu).getByText('Answering')).toBeInTheDocument();
    expect(within(ahu).getByText('supplyTemp')).toBeInTheDocument();
    expect(within(ahu).getByText('14.5')).toBeInTheDocument();
    expect(within(ahu).getByText('On')).toBeInTheDocument();
    const meter = within(list).getByText('Meter 1').closest('li');
    if (!meter) throw new Error('no meter');
    expect(within(meter).getByText('Not answering')).toBeInTheDocument();
    expect(within(meter).getByText(/no reading yet/)).toBeInTheDocument();
    expect(sentBody('/sbuilding/device/getList/v2')).toMatchObject({ projectId: 5, parentId: 9 });
    expect(await seriousViolations()).toEqual([]);
  });
});
