import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { permissionsForRoles, type AlertDetail, type Role, type WorkOrderDetail } from '@sbuilding/shared';
import { Providers } from '@/app/providers';
import { setLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { useSession } from '@/lib/session';
import { envelope, seen, serve } from '@/test/http';
import { GATEWAY_ALERT } from '../test/fixtures';
import { AlertDetailDrawer } from './alert-detail-drawer';

const userEvent = userEventLib.setup({ delay: null });
const WAIT = { timeout: 15_000 };

const ALERT: AlertDetail = { ...GATEWAY_ALERT, history: [] };

function renderDrawer(alert: AlertDetail) {
  render(
    <Providers>
      <MemoryRouter>
        <AlertDetailDrawer
          open
          alert={alert}
          canHandle={false}
          onClose={() => {}}
          onProcess={() => {}}
          onIgnore={() => {}}
        />
      </MemoryRouter>
    </Providers>,
  );
}

function signIn(role: Role) {
  useSession.setState({ roles: [role], permissions: permissionsForRoles([role]) });
}

/** The work order the click makes: from the alert, with its place, device and priority. */
const MADE: WorkOrderDetail = {
  id: 42,
  projectId: 5,
  buildingId: 1,
  buildingName: 'Building A',
  floorId: null,
  floorName: '',
  zoneId: null,
  zoneName: '',
  deviceId: 3,
  deviceName: 'Roof gateway',
  title: 'Roof gateway: device offline',
  description: 'Main hall · No. 1 Campus Road',
  priority: 'urgent',
  status: 'new',
  source: 'alert',
  reporterId: 3,
  reporterName: 'Customer',
  assigneeId: null,
  assigneeName: '',
  alertId: 11,
  maintenancePlanId: null,
  dueAt: '2026-11-21T13:00:00Z',
  slaPaused: false,
  overdue: false,
  overdueAt: null,
  acknowledgedAt: null,
  resolvedAt: null,
  resolvedWithinSla: null,
  closedAt: null,
  version: 1,
  createTime: '2026-11-21T09:05:00Z',
  updateTime: '2026-11-21T09:05:00Z',
  photos: [],
  history: [],
  comments: [],
  alert: { id: 11, level: 'urgent', status: 'alerting', object: 'Roof gateway', version: 1 },
  transitions: ['closed'],
};

beforeEach(async () => {
  queryClient.clear();
  await setLanguage('en');
  serve({ '/sbuilding/workorder/fromAlert/11': envelope(200, MADE) });
});
afterEach(() => useSession.setState({ roles: [], permissions: [] }));

describe("the alert's work order (issue 37)", { timeout: 60_000 }, () => {
  it('makes the work order of an alert in one click', async () => {
    signIn('tbCustomer');
    renderDrawer(ALERT);
    await userEvent.click(await screen.findByRole('button', { name: 'Make a work order' }, WAIT));
    await waitFor(
      () => expect(seen.filter((c) => c.url === '/sbuilding/workorder/fromAlert/11')).toHaveLength(1),
      WAIT,
    );
    expect(seen.find((c) => c.url === '/sbuilding/workorder/fromAlert/11')?.method).toBe('put');
    expect(await screen.findByText('Work order #42 made', {}, WAIT)).toBeInTheDocument();
  });

  it('links to the work orders once the alert has one, and offers nothing to a display screen', async () => {
    signIn('tbVisualDisplay');
    renderDrawer({ ...ALERT, workOrderId: 42 });
    expect(await screen.findByRole('link', { name: 'Work order #42' }, WAIT)).toHaveAttribute(
      'href',
      '/workorder',
    );
    expect(screen.queryByRole('button', { name: 'Make a work order' })).toBeNull();
  });
});
