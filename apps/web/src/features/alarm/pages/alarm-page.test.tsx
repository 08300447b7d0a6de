import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { permissionsForRoles, type Alert } from '@sbuilding/shared';
import { Providers } from '@/app/providers';
import { setLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { useSession } from '@/lib/session';
import { seriousViolations } from '@/test/axe';
import { bodyOf, envelope, seen, serve } from '@/test/http';
import AlarmPage from './alarm-page';
import { GATEWAY_ALERT } from '../test/fixtures';

const userEvent = userEventLib.setup({ delay: null });
const WAIT = { timeout: 15_000 };

const GATEWAY: Alert = GATEWAY_ALERT;
const SENSOR: Alert = {
  ...GATEWAY,
  id: 12,
  deviceId: 4,
  deviceName: 'Lobby sensor',
  object: 'Lobby sensor',
  model: 'th10',
  category: 'thSensor',
  level: 'general',
  status: 'processed',
  solution: 'backOnline',
  resolvedAt: '2026-11-21T09:10:00Z',
  version: 2,
};
const STUFFY: Alert = {
  ...GATEWAY,
  id: 13,
  deviceId: 5,
  deviceName: 'Meeting room air',
  object: 'Meeting room air',
  model: 'sair4g',
  category: 'airSensor',
  level: 'secondary',
  type: 'threshold',
  ruleId: 7,
  value: 1620,
  threshold: {
    ruleName: 'CO2 above 1500 ppm',
    telemetryKey: 'co2',
    unit: 'ppm',
    operator: 'above',
    threshold: 1500,
    thresholdHigh: null,
  },
};
const COUNTS = { urgent: 1, secondary: 1, general: 1, complete: 0, resolved: 0, total: 3 };

function renderPage() {
  render(
    <Providers>
      <MemoryRouter>
        <AlarmPage />
      </MemoryRouter>
    </Providers>,
  );
}

const posted = (url: string) => seen.filter((c) => c.url === url).map((c) => bodyOf(c));

beforeEach(async () => {
  queryClient.clear();
  await setLanguage('en');
  localStorage.setItem('projectId', '5');
  useSession.setState({ roles: ['tbCustomer'], permissions: permissionsForRoles(['tbCustomer']) });
  serve({
    '/sbuilding/alert/getList': envelope(200, { rows: [GATEWAY, SENSOR, STUFFY], total: 3 }),
    '/sbuilding/alert/counts': envelope(200, COUNTS),
    '/sbuilding/workorder/stats': envelope(200, {
      open: 5,
      overdue: 3,
      resolved: 0,
      meanAcknowledgeMs: null,
      meanResolveMs: null,
      withinSlaShare: null,
      byBuilding: [],
      byMonth: [],
    }),
    '/sbuilding/hall/getList': envelope(200, { rows: [], total: 0 }),
    '/sbuilding/alert/process/11': envelope(200, { ...GATEWAY, status: 'processed', version: 2 }),
    '/sbuilding/alert/ignore/11': envelope(409, null, 'Alert status is changed, Please update now'),
  });
});
afterEach(() => {
  localStorage.clear();
  useSession.setState({ roles: [], permissions: [] });
});

describe('alarm board', { timeout: 150_000 }, () => {
  it('lists the alerts with their level and counts, and handles one with a solution and a date, both required', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'Alerts of the current project' }, WAIT);
    const row = (await within(table).findByText('Roof gateway', {}, WAIT)).closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByText('Urgent')).toBeInTheDocument();
    expect(within(row).getByText('Alerting')).toBeInTheDocument();
    expect(within(table).getByText('Back online')).toBeInTheDocument();
    const stuffy = within(table).getByText('Meeting room air').closest('tr');
    if (!stuffy) throw new Error('no threshold row');
    expect(within(stuffy).getByText('Threshold exceeded')).toBeInTheDocument();
    expect(within(stuffy).getByText('CO2 above 1500 ppm')).toBeInTheDocument();
    expect(within(stuffy).getByText('CO2: 1620 ppm (> 1500 ppm)')).toBeInTheDocument();
    const counts = screen.getByRole('group', { name: 'Alerts by level' });
    expect(within(counts).getByText('Total')).toBeInTheDocument();
    // Late work shows where alerts are watched, with the way to it.
    const overdue = await screen.findByRole('link', { name: 'Overdue work orders' }, WAIT);
    expect(overdue).toHaveAttribute('href', '/workorder');
    expect(overdue.closest('.ant-statistic')).toHaveTextContent('3');
    expect(posted('/sbuilding/alert/getList')[0]).toMatchObject({ projectId: 5, pageNum: 1, pageSize: 20 });
    expect(await seriousViolations()).toEqual([]);

    await userEvent.click(within(table).getByRole('button', { name: 'Handle Roof gateway' }));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    expect(within(dialog).getByText('Handle Roof gateway')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Solution is required', {}, WAIT)).toBeInTheDocument();
    expect(posted('/sbuilding/alert/process/11')).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Solution' }));
    await userEvent.click(
      await screen.findByText('Repair device', { selector: '.ant-select-item-option-content' }, WAIT),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posted('/sbuilding/alert/process/11')).toHaveLength(1), WAIT);
    expect(posted('/sbuilding/alert/process/11')[0]).toMatchObject({
      version: 1,
      solution: 'repairDevice',
      date: expect.any(String),
    });
    expect(await screen.findByText('Alert handled', {}, WAIT)).toBeInTheDocument();
  });

  it('answers a stale ignore (409) with the notice, and its update action with the spec wording', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'Alerts of the current project' }, WAIT);
    await within(table).findByText('Roof gateway', {}, WAIT);
    await userEvent.click(within(table).getByRole('button', { name: 'Ignore Roof gateway' }));
    const notice = await screen.findByRole('alert', {}, WAIT);
    expect(within(notice).getByText('Alert status is changed, Please update now')).toBeInTheDocument();
    const before = posted('/sbuilding/alert/getList').length;
    await userEvent.click(within(notice).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Alert status is updated', {}, WAIT)).toBeInTheDocument();
    expect(posted('/sbuilding/alert/getList').length).toBeGreaterThan(before);
    await waitFor(
      () => expect(screen.queryByText('Alert status is changed, Please update now')).toBeNull(),
      WAIT,
    );
  });
});
