import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import type { ControlLogEntry } from '@sbuilding/shared';
import { setLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { seriousViolations } from '@/test/axe';
import { envelope, serve } from '@/test/http';
import { bodiesSentTo, listFilteredBy, renderPage, searchBy } from '@/test/list-page';
import ControlLogPage from './control-log-page';

const userEvent = userEventLib.setup({ delay: null });
const WAIT = { timeout: 15_000 };
const LIST = '/sbuilding/control-log/getList';

const SWITCHED: ControlLogEntry = {
  id: 1,
  time: '2026-01-03T09:00:00Z',
  userName: 'alice',
  terminal: 'admin',
  deviceId: 9,
  deviceName: 'Light 201',
  model: 's2',
  groupId: null,
  groupName: null,
  method: 'setOnOff',
  params: { onOff: true },
  result: 'success',
  latencyMs: 42,
};
const PRESSED: ControlLogEntry = {
  ...SWITCHED,
  id: 2,
  userName: '',
  terminal: 'lsPanel',
  method: 'report',
  params: { lightnessLevel: 200 },
};
const FAILED: ControlLogEntry = {
  ...SWITCHED,
  id: 3,
  userName: 'bob',
  terminal: 'app',
  deviceName: 'AC 301',
  model: 'ac20',
  method: 'setWorkMode',
  params: { workMode: 'cool' },
  result: 'unreachable',
  latencyMs: null,
};

/** What sensors and an AC reported themselves: readings, not form fields. */
const SENSED: ControlLogEntry = {
  ...PRESSED,
  id: 4,
  terminal: 'gateway',
  deviceName: 'Sensor 7',
  model: 'e90',
  params: { humidity: 41, illuminance: 320 },
};
const MEASURED: ControlLogEntry = {
  ...PRESSED,
  id: 5,
  terminal: 'gateway',
  deviceName: 'AC 302',
  model: 'ac20',
  params: { roomTemp: 26, pir: 1 },
};

const requests = () => bodiesSentTo(LIST);

beforeEach(async () => {
  queryClient.clear();
  await setLanguage('en');
  localStorage.setItem('projectId', '5');
  serve({
    // The fake server filters by result like the real one.
    [LIST]: listFilteredBy([SWITCHED, PRESSED, FAILED], 'result'),
  });
});
afterEach(() => localStorage.clear());

describe('control log page', { timeout: 150_000 }, () => {
  it('lists the entries with translated terminal, command, parameters and result', async () => {
    renderPage(<ControlLogPage />);
    const table = await screen.findByRole('table', { name: 'Control log of the current project' }, WAIT);
    const switched = (await within(table).findByText('alice', {}, WAIT)).closest('tr');
    if (!switched) throw new Error('no row');
    const cells = within(switched);
    expect(cells.getByText('Admin')).toBeInTheDocument();
    expect(cells.getByText('Switch on/off')).toBeInTheDocument();
    expect(cells.getByText('On/off: on')).toBeInTheDocument();
    expect(cells.getByText('Success')).toBeInTheDocument();
    expect(cells.getByText('42')).toBeInTheDocument();

    const pressed = within(table).getByText('The device itself').closest('tr');
    if (!pressed) throw new Error('no row');
    expect(within(pressed).getByText('LS panel')).toBeInTheDocument();
    expect(within(pressed).getByText('Changed at the device')).toBeInTheDocument();
    expect(within(pressed).getByText('Brightness: 200')).toBeInTheDocument();

    expect(within(table).getByText('Work mode: Cool')).toBeInTheDocument();
    expect(within(table).getByText('Unreachable')).toBeInTheDocument();
    expect(requests()[0]).toMatchObject({ projectId: 5, pageNum: 1, pageSize: 20 });
    expect(await seriousViolations()).toEqual([]);
  });

  it('filters by result from the first page', async () => {
    renderPage(<ControlLogPage />);
    const table = await screen.findByRole('table', { name: 'Control log of the current project' }, WAIT);
    await within(table).findByText('AC 301', {}, WAIT);
    const filters = screen.getByRole('search', { name: 'Filter the control log' });
    await searchBy(userEvent, filters, 'Result', 'Unreachable', WAIT);

    await waitFor(() => expect(within(table).queryByText('Light 201')).toBeNull(), WAIT);
    expect(within(table).getByText('AC 301')).toBeInTheDocument();
    expect(requests().at(-1)).toMatchObject({ projectId: 5, result: 'unreachable', pageNum: 1 });
  });

  it("names reported readings by the catalogue in the user's language, never by their keys", async () => {
    serve({ [LIST]: listFilteredBy([SENSED, MEASURED], 'result') });
    renderPage(<ControlLogPage />);
    const table = await screen.findByRole('table', { name: 'Control log of the current project' }, WAIT);
    expect(
      await within(table).findByText('Humidity: 41, Ambient brightness: 320', {}, WAIT),
    ).toBeInTheDocument();
    expect(within(table).getByText('Measured temperature: 26, PIR: 1')).toBeInTheDocument();

    await setLanguage('zh-CN');
    expect(await within(table).findByText('湿度: 41, 环境亮度: 320', {}, WAIT)).toBeInTheDocument();
    expect(within(table).getByText('测量温度: 26, 人体感应: 1')).toBeInTheDocument();
    expect(table.textContent).not.toMatch(/roomTemp|illuminance|humidity|pir/);
  });

  it('says so when nothing was logged', async () => {
    serve({ [LIST]: envelope(200, { rows: [], total: 0 }) });
    renderPage(<ControlLogPage />);
    expect(await screen.findByText('No actions logged', {}, WAIT)).toBeInTheDocument();
  });
});
