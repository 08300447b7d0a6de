import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import {
  DEFAULT_SERVICE_LEVELS,
  permissionsForRoles,
  type MaintenancePlan,
  type Role,
  type WorkOrder,
  type WorkOrderDetail,
} from '@sbuilding/shared';
import { Providers } from '@/app/providers';
import { setLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { useSession } from '@/lib/session';
import { useSettings } from '@/lib/settings';
import { seriousViolations } from '@/test/axe';
import { bodyOf, envelope, seen, serve } from '@/test/http';
import WorkOrdersPage from './work-orders-page';

// jsdom has no canvas: the chart is its text alternative here.
vi.mock('@/components/echart', () => ({
  EChart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

const userEvent = userEventLib.setup({ delay: null });
const WAIT = { timeout: 15_000 };

const LEAK: WorkOrder = {
  id: 21,
  projectId: 5,
  buildingId: 1,
  buildingName: 'Building A',
  floorId: 2,
  floorName: '1F',
  zoneId: null,
  zoneName: '',
  deviceId: null,
  deviceName: '',
  title: 'Pipe leaks in the lobby',
  description: 'Water on the floor',
  priority: 'urgent',
  status: 'new',
  source: 'console',
  reporterId: 3,
  reporterName: 'Customer',
  assigneeId: null,
  assigneeName: '',
  alertId: null,
  maintenancePlanId: null,
  dueAt: '2026-11-21T13:00:00Z',
  slaPaused: false,
  overdue: true,
  overdueAt: '2026-11-21T13:00:00Z',
  acknowledgedAt: null,
  resolvedAt: null,
  resolvedWithinSla: null,
  closedAt: null,
  version: 1,
  createTime: '2026-11-21T09:00:00Z',
  updateTime: '2026-11-21T09:00:00Z',
};
const FILTERS: WorkOrder = {
  ...LEAK,
  id: 22,
  title: 'Clean the AC filters',
  priority: 'low',
  status: 'assigned',
  source: 'plan',
  assigneeId: 7,
  assigneeName: 'Technician',
  overdue: false,
  overdueAt: null,
};
const LEAK_DETAIL: WorkOrderDetail = {
  ...LEAK,
  photos: [{ id: 'f1', url: '/common/file/f1?sig=x' }],
  history: [
    {
      id: 1,
      at: '2026-11-21T09:00:00Z',
      userId: 3,
      userName: 'Customer',
      event: 'created',
      fromStatus: null,
      toStatus: 'new',
      note: '',
      changes: [],
    },
  ],
  comments: [],
  alert: null,
  transitions: ['assigned', 'inProgress', 'onHold', 'resolved', 'closed'],
};

const FILTER_PLAN: MaintenancePlan = {
  id: 3,
  projectId: 5,
  name: 'Clean the AC filters',
  description: '',
  priority: 'low',
  category: 'ac',
  deviceIds: [],
  buildingId: null,
  interval: 3,
  intervalUnit: 'months',
  startDate: '2026-12-01',
  hour: 8,
  assigneeId: 7,
  enabled: true,
  nextRunAt: '2027-03-01T00:00:00Z',
  lastRunAt: '2026-12-01T00:00:00Z',
  version: 1,
};

function renderPage() {
  render(
    <Providers>
      <MemoryRouter>
        <WorkOrdersPage />
      </MemoryRouter>
    </Providers>,
  );
}

const posted = (url: string) => seen.filter((c) => c.url === url).map((c) => bodyOf(c));

function signIn(role: Role) {
  useSession.setState({ roles: [role], permissions: permissionsForRoles([role]) });
}

beforeEach(async () => {
  queryClient.clear();
  await setLanguage('en');
  localStorage.setItem('projectId', '5');
  signIn('tbAdmin');
  serve({
    '/sbuilding/workorder/getList': envelope(200, { rows: [LEAK, FILTERS], total: 2 }),
    '/sbuilding/workorder/assignees': envelope(200, [
      { id: 2, name: 'Manager' },
      { id: 7, name: 'Technician' },
    ]),
    '/sbuilding/hall/getList': envelope(200, { rows: [], total: 0 }),
    '/sbuilding/workorder/stats': envelope(200, {
      open: 2,
      overdue: 1,
      resolved: 4,
      meanAcknowledgeMs: 2 * 3_600_000,
      meanResolveMs: 26 * 3_600_000,
      withinSlaShare: 0.75,
      byBuilding: [
        {
          buildingId: 1,
          buildingName: 'Building A',
          open: 2,
          overdue: 1,
          resolved: 4,
          meanAcknowledgeMs: 2 * 3_600_000,
          meanResolveMs: 26 * 3_600_000,
          withinSlaShare: 0.75,
        },
      ],
      byMonth: [
        {
          month: '2026-10',
          created: 3,
          resolved: 2,
          meanAcknowledgeMs: null,
          meanResolveMs: null,
          withinSlaShare: 1,
        },
        {
          month: '2026-11',
          created: 4,
          resolved: 2,
          meanAcknowledgeMs: null,
          meanResolveMs: null,
          withinSlaShare: 0.5,
        },
      ],
    }),
    '/sbuilding/workorder/21': envelope(200, LEAK_DETAIL),
    '/sbuilding/workorder/plan/getList': envelope(200, [FILTER_PLAN]),
    '/sbuilding/workorder/plan/create': (config) =>
      envelope(200, { ...FILTER_PLAN, ...(bodyOf(config) as object), id: 4 }),
    '/sbuilding/workorder/settings': (config) =>
      config.method === 'get'
        ? envelope(200, {
            projectId: 5,
            serviceLevels: DEFAULT_SERVICE_LEVELS,
            autoFromAlerts: { enabled: false, levels: [], types: [] },
            version: 0,
          })
        : envelope(200, { ...(bodyOf(config) as object), version: 1 }),
    '/sbuilding/workorder/assign': envelope(200, { count: 1 }),
    '/sbuilding/workorder/transition/21': envelope(200, {
      ...LEAK_DETAIL,
      status: 'inProgress',
      version: 2,
      transitions: ['onHold', 'resolved'],
    }),
    '/sbuilding/workorder/comment/21': envelope(200, {
      ...LEAK_DETAIL,
      comments: [
        { id: 1, at: '2026-11-21T10:00:00Z', userId: 2, userName: 'Manager', text: 'On my way', photos: [] },
      ],
    }),
  });
});
afterEach(() => {
  localStorage.clear();
  useSession.setState({ roles: [], permissions: [] });
  useSettings.getState().setDevice('desktop');
});

describe('work orders page', { timeout: 150_000 }, () => {
  it('shows the figures, lists the work orders with priority, status and overdue, and assigns in bulk', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'Work orders of the current project' }, WAIT);
    const row = (await within(table).findByText('Pipe leaks in the lobby', {}, WAIT)).closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByText('Urgent')).toBeInTheDocument();
    expect(within(row).getByText('New')).toBeInTheDocument();
    expect(within(row).getByText('Overdue')).toBeInTheDocument();
    expect(within(row).getByText('Building A / 1F')).toBeInTheDocument();
    expect(within(table).getByText('Maintenance plan')).toBeInTheDocument();
    expect(posted('/sbuilding/workorder/getList')[0]).toMatchObject({ projectId: 5, pageNum: 1 });
    const figures = screen.getByRole('group', { name: 'Work order figures' });
    expect(await within(figures).findByText('26 h', {}, WAIT)).toBeInTheDocument();
    expect(within(figures).getByText('75%')).toBeInTheDocument();
    expect(within(figures).getByText('Resolved within the service level')).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: 'Over the last 2 months, 7 work orders made and 4 resolved.' }),
    ).toBeInTheDocument();
    const byBuilding = screen.getByRole('table', { name: 'By building' });
    const building = within(byBuilding).getByText('Building A').closest('tr');
    if (!building) throw new Error('no building row');
    expect(within(building).getByText('26 h')).toBeInTheDocument();
    expect(within(building).getByText('75%')).toBeInTheDocument();
    expect(await seriousViolations()).toEqual([]);

    await userEvent.click(within(row).getByRole('checkbox', { name: 'Select Pipe leaks in the lobby' }));
    await userEvent.click(screen.getByRole('button', { name: /Assign \(1\)/ }));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Assignee is required', {}, WAIT)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Assignee' }));
    await userEvent.click(
      await screen.findByText('Technician', { selector: '.ant-select-item-option-content' }, WAIT),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(
      () => expect(posted('/sbuilding/workorder/assign')).toEqual([{ ids: [21], assigneeId: 7 }]),
      WAIT,
    );
    expect(await screen.findByText('1 work orders assigned', {}, WAIT)).toBeInTheDocument();
  });

  it('shows one work order with its history, moves it and comments on it', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'Work orders of the current project' }, WAIT);
    await within(table).findByText('Pipe leaks in the lobby', {}, WAIT);
    await userEvent.click(within(table).getByRole('button', { name: 'Detail of Pipe leaks in the lobby' }));
    const drawer = await screen.findByRole('dialog', {}, WAIT);
    expect(await within(drawer).findByText(/Customer · Created/, {}, WAIT)).toBeInTheDocument();
    expect(within(drawer).getByText('No comments yet')).toBeInTheDocument();
    // The reporter's picture, to open large.
    expect(
      within(drawer).getByRole('img', { name: 'Picture 1 of 1 from Pipe leaks in the lobby' }),
    ).toHaveAttribute('src', '/common/file/f1?sig=x');
    expect(await seriousViolations()).toEqual([]);

    const moves = within(drawer).getByRole('group', { name: 'Move the work order' });
    await userEvent.click(within(moves).getByRole('button', { name: 'Start work' }));
    await waitFor(() => expect(posted('/sbuilding/workorder/transition/21')).toHaveLength(1), WAIT);
    expect(posted('/sbuilding/workorder/transition/21')[0]).toMatchObject({
      to: 'inProgress',
      version: 1,
      handleAlert: false,
    });
    expect(await screen.findByText('Work order updated', {}, WAIT)).toBeInTheDocument();

    await userEvent.click(within(drawer).getByRole('button', { name: 'Send' }));
    expect(await within(drawer).findByText('Comment is required', {}, WAIT)).toBeInTheDocument();
    await userEvent.type(within(drawer).getByRole('textbox', { name: 'Comment' }), 'On my way');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Send' }));
    await waitFor(
      () => expect(posted('/sbuilding/workorder/comment/21')).toEqual([{ text: 'On my way' }]),
      WAIT,
    );
  });

  it('offers neither bulk assignment nor comments to a display screen, which only reads', async () => {
    signIn('tbVisualDisplay');
    renderPage();
    const table = await screen.findByRole('table', { name: 'Work orders of the current project' }, WAIT);
    await within(table).findByText('Pipe leaks in the lobby', {}, WAIT);
    expect(within(table).queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /Assign/ })).toBeNull();
    await userEvent.click(within(table).getByRole('button', { name: 'Detail of Pipe leaks in the lobby' }));
    const drawer = await screen.findByRole('dialog', {}, WAIT);
    await within(drawer).findByText(/Customer · Created/, {}, WAIT);
    expect(within(drawer).queryByRole('button', { name: 'Send' })).toBeNull();
  });

  it("opens a technician's phone on their own work, as cards with the detail full width", async () => {
    signIn('tbCustomer');
    useSettings.getState().setDevice('mobile');
    renderPage();
    const cards = await screen.findByRole('list', { name: 'Work orders of the current project' }, WAIT);
    const card = (await within(cards).findByText('Pipe leaks in the lobby', {}, WAIT)).closest('li');
    if (!card) throw new Error('no card');
    expect(within(card).getByText('Urgent')).toBeInTheDocument();
    expect(within(card).getByText('Overdue')).toBeInTheDocument();
    expect(within(card).getByText('Building A / 1F')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'My work' })).toBeChecked();
    expect(posted('/sbuilding/workorder/getList')[0]).toMatchObject({ projectId: 5, mine: true });
    expect(await seriousViolations()).toEqual([]);

    // Everyone's work on request; Reset comes back to their own.
    await userEvent.click(screen.getByRole('checkbox', { name: 'My work' }));
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(posted('/sbuilding/workorder/getList')).toHaveLength(2), WAIT);
    expect(posted('/sbuilding/workorder/getList')[1]).not.toHaveProperty('mine');
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'My work' })).toBeChecked(), WAIT);

    await userEvent.click(within(card).getByRole('button', { name: 'Detail of Pipe leaks in the lobby' }));
    const drawer = await screen.findByRole('dialog', {}, WAIT);
    await within(drawer).findByText(/Customer · Created/, {}, WAIT);
  });

  it('lists the maintenance plans and makes one, with the shared rules', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('tab', { name: 'Maintenance plans' }, WAIT));
    const table = await screen.findByRole(
      'table',
      { name: 'Maintenance plans of the current project' },
      WAIT,
    );
    const row = (await within(table).findByText('Clean the AC filters', {}, WAIT)).closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByText('Air conditioner')).toBeInTheDocument();
    expect(within(row).getByText('Every 3 months')).toBeInTheDocument();
    expect(within(row).getByText('Technician')).toBeInTheDocument();
    expect(posted('/sbuilding/workorder/plan/getList')).toEqual([{ projectId: 5 }]);
    expect(await seriousViolations()).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'New plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'New plan' }, WAIT);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Name is required', {}, WAIT)).toBeInTheDocument();
    expect(
      await within(dialog).findByText('Choose a device category or a list of devices, not both', {}, WAIT),
    ).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Check the emergency lights');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Device category' }));
    await userEvent.click(
      await screen.findByText('Light', { selector: '.ant-select-item-option-content' }, WAIT),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posted('/sbuilding/workorder/plan/create')).toHaveLength(1), WAIT);
    expect(posted('/sbuilding/workorder/plan/create')[0]).toMatchObject({
      projectId: 5,
      name: 'Check the emergency lights',
      category: 'light',
      deviceIds: [],
      interval: 1,
      intervalUnit: 'months',
      hour: 8,
      enabled: true,
    });
  });

  it("sets the project's service levels and its rule for work orders from alerts", async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('tab', { name: 'Service levels' }, WAIT));
    const urgent = await screen.findByRole('spinbutton', { name: 'Urgent: within' }, WAIT);
    await waitFor(() => expect(urgent).toHaveValue('4'), WAIT);
    expect(screen.getByRole('checkbox', { name: 'Urgent' })).toBeDisabled();
    expect(await seriousViolations()).toEqual([]);

    await userEvent.clear(urgent);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Service level is required', {}, WAIT)).toBeInTheDocument();
    await userEvent.type(urgent, '2');
    await userEvent.click(
      screen.getByRole('switch', { name: 'Make a work order for each new alert by itself' }),
    );
    await userEvent.click(screen.getByRole('checkbox', { name: 'Urgent' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Device offline' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const saves = () => seen.filter((c) => c.url === '/sbuilding/workorder/settings' && c.method === 'post');
    await waitFor(() => expect(saves()).toHaveLength(1), WAIT);
    expect(bodyOf(saves()[0])).toEqual({
      projectId: 5,
      serviceLevels: { ...DEFAULT_SERVICE_LEVELS, urgent: { amount: 2, unit: 'hours' } },
      autoFromAlerts: { enabled: true, levels: ['urgent'], types: ['offline'] },
      version: 0,
    });
  });
});
