import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import {
  FDD_RULE_DEFAULTS,
  FDD_RULE_DELAY_MINUTES,
  FDD_RULES,
  permissionsForRoles,
  type FddFinding,
  type FddRuleSetting,
  type FddSummary,
  type Role,
} from '@sbuilding/shared';
import { Providers } from '@/app/providers';
import { setLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { useSession } from '@/lib/session';
import { seriousViolations } from '@/test/axe';
import { bodyOf, envelope, seen, serve } from '@/test/http';
import FddPage from './fdd-page';

// jsdom has no canvas: a chart is its text alternative here.
vi.mock('@/components/echart', () => import('@/test/echart-stub'));

const userEvent = userEventLib.setup({ delay: null });
const WAIT = { timeout: 15_000 };

/** The costlier finding: an air conditioner cooling an empty room, which one click switches off. */
const AC_ON: FddFinding = {
  id: 11,
  projectId: 5,
  rule: 'acOnVacant',
  deviceId: 31,
  deviceName: 'AC 3F-01',
  buildingId: 1,
  buildingName: 'Building A',
  zoneId: 4,
  zoneName: 'Room 301',
  status: 'open',
  reason: '',
  clearedByRule: false,
  firstSeen: '2026-11-20T22:00:00Z',
  lastSeen: '2026-11-21T06:00:00Z',
  wasteKwh: 43.2,
  wasteCost: 34.56,
  wasteCo2: 24.6,
  wasteKwhPerDay: 14.4,
  wasteCostPerDay: 11.52,
  evidence: {
    readings: { onOff: true, power: 600, roomTemp: 24.5 },
    vacantSince: '2026-11-20T21:00:00Z',
    workHours: false,
    wasteWatts: 600,
  },
  fix: { key: 'onOff', value: false },
  fixRequestedAt: null,
  workOrderId: null,
  version: 3,
};
/** A broken sensor: no energy wasted, nothing to send. */
const STUCK: FddFinding = {
  ...AC_ON,
  id: 12,
  rule: 'sensorStuck',
  deviceId: 32,
  deviceName: 'Sensor 2F',
  zoneName: 'Room 201',
  status: 'acknowledged',
  wasteKwh: 0,
  wasteCost: 0,
  wasteCo2: 0,
  wasteKwhPerDay: 0,
  wasteCostPerDay: 0,
  evidence: { readings: { temperature: 21 }, wasteWatts: 0, limit: '6 readings in 6 h' },
  fix: null,
  version: 1,
};

const SUMMARY: FddSummary = {
  period: 'MONTH',
  from: '2026-11-01T00:00:00Z',
  active: 2,
  wasteKwh: 120.5,
  wasteCost: 96.4,
  wasteCo2: 68.7,
  activeCostPerDay: 11.52,
  byRule: [
    { rule: 'lightsOnVacant', count: 1, wasteKwh: 30, wasteCost: 24 },
    { rule: 'acOnVacant', count: 1, wasteKwh: 90.5, wasteCost: 72.4 },
  ],
  byBuilding: [],
};

const RULES: FddRuleSetting[] = FDD_RULES.map((rule) => ({
  rule,
  enabled: true,
  params: FDD_RULE_DEFAULTS[rule],
  delayMinutes: FDD_RULE_DELAY_MINUTES[rule],
  version: rule === 'lightsOnVacant' ? 2 : 0,
}));

/** The finding as the server holds it now: a fix sent marks it. */
let current: FddFinding = AC_ON;

function renderPage() {
  render(
    <Providers>
      <MemoryRouter>
        <FddPage />
      </MemoryRouter>
    </Providers>,
  );
}

const posted = (url: string) => seen.filter((c) => c.url === url).map((c) => bodyOf(c));

function signIn(role: Role) {
  useSession.setState({ roles: [role], permissions: permissionsForRoles([role]) });
}

async function findingsTable() {
  const table = await screen.findByRole('table', { name: 'Fault findings of the current project' }, WAIT);
  await within(table).findByText('AC 3F-01', {}, WAIT);
  return table;
}

async function openDrawer() {
  const table = await findingsTable();
  await userEvent.click(
    within(table).getByRole('button', { name: 'Detail of AC running in an empty room on AC 3F-01' }),
  );
  const drawer = await screen.findByRole('dialog', {}, WAIT);
  await within(drawer).findByRole('table', { name: 'Readings the rule read' }, WAIT);
  expect(within(drawer).getByText('AC running in an empty room: AC 3F-01')).toBeInTheDocument();
  return drawer;
}

beforeEach(async () => {
  queryClient.clear();
  await setLanguage('en');
  localStorage.setItem('projectId', '5');
  signIn('tbAdmin');
  current = AC_ON;
  serve({
    '/sbuilding/fdd/finding/getList': (config) => {
      const body = bodyOf(config) as { rule?: string };
      const rows = [current, STUCK].filter((f) => !body.rule || f.rule === body.rule);
      return envelope(200, { rows, total: rows.length });
    },
    '/sbuilding/fdd/finding/11': () => envelope(200, current),
    '/sbuilding/fdd/summary': envelope(200, SUMMARY),
    '/sbuilding/fdd/rule/list': envelope(200, RULES),
    '/sbuilding/fdd/rule/save/5': (config) =>
      envelope(200, { ...RULES[0], ...(bodyOf(config) as object), version: 3 }),
    '/sbuilding/fdd/finding/transition/11': (config) => {
      const body = bodyOf(config) as { to: FddFinding['status']; reason: string };
      current = { ...current, status: body.to, reason: body.reason, version: current.version + 1 };
      return envelope(200, current);
    },
    '/sbuilding/fdd/finding/fix/11': () => {
      current = { ...current, fixRequestedAt: '2026-11-21T06:05:00Z', version: current.version + 1 };
      return envelope(200, current);
    },
    '/sbuilding/fdd/finding/workOrder/11': envelope(200, { workOrderId: 77 }),
    '/sbuilding/hall/getList': envelope(200, { rows: [], total: 0 }),
    '/sbuilding/energy/tariff/list': envelope(200, [{ validFrom: '2020-01-01', currency: 'CNY' }]),
    '/sbuilding/telemetry/history/31': envelope(200, {
      deviceId: 31,
      interval: 'raw',
      from: '2026-11-20T06:00:00Z',
      to: '2026-11-21T06:00:00Z',
      series: { power: [{ t: '2026-11-21T05:00:00Z', value: 600 }], roomTemp: [] },
    }),
  });
});
afterEach(() => {
  localStorage.clear();
  useSession.setState({ roles: [], permissions: [] });
});

describe('fault findings page', { timeout: 150_000 }, () => {
  it('shows the findings costliest first with their waste', async () => {
    renderPage();
    const table = await findingsTable();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[1]?.textContent)).toEqual([
      'AC 3F-01',
      'Sensor 2F',
    ]);
    const first = rows[0];
    if (!first) throw new Error('no row');
    expect(within(first).getByText('AC running in an empty room')).toBeInTheDocument();
    expect(within(first).getByText('Building A / Room 301')).toBeInTheDocument();
    expect(within(first).getByText('Open')).toBeInTheDocument();
    expect(within(first).getByText('14.4 kWh · CN¥11.52')).toBeInTheDocument();
    expect(within(first).getByText('CN¥34.56')).toBeInTheDocument();
    // The active ones by default.
    expect(posted('/sbuilding/fdd/finding/getList')[0]).toEqual({
      projectId: 5,
      active: true,
      pageNum: 1,
      pageSize: 20,
    });

    const figures = screen.getByRole('group', { name: 'Waste this month' });
    expect(within(figures).getByText('120.5 kWh')).toBeInTheDocument();
    expect(within(figures).getByText('CN¥96.40')).toBeInTheDocument();
    expect(within(figures).getByText('68.7 kgCO2e')).toBeInTheDocument();
    expect(within(figures).getByText('CN¥11.52')).toBeInTheDocument();
    expect(
      screen.getByRole('img', {
        name: 'Waste cost by rule this month: AC running in an empty room CN¥72.40; Lights on in an empty room CN¥24.00',
      }),
    ).toBeInTheDocument();
  });

  it('filters by rule and explains an empty list', async () => {
    renderPage();
    await findingsTable();
    await userEvent.click(screen.getByRole('combobox', { name: 'Rule' }));
    await userEvent.click(
      await screen.findByText(
        'Lights on in an empty room',
        { selector: '.ant-select-item-option-content' },
        WAIT,
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(posted('/sbuilding/fdd/finding/getList')).toHaveLength(2), WAIT);
    expect(posted('/sbuilding/fdd/finding/getList')[1]).toEqual({
      projectId: 5,
      rule: 'lightsOnVacant',
      active: true,
      pageNum: 1,
      pageSize: 20,
    });
    expect(
      await screen.findByText(/Findings appear here when the rules find energy/, {}, WAIT),
    ).toBeInTheDocument();
  });

  it('explains a finding with its evidence, and dismissing asks for a reason and sends it', async () => {
    renderPage();
    const drawer = await openDrawer();
    expect(
      within(drawer).getByText(/An air conditioner running in a room that its motion sensors/),
    ).toBeInTheDocument();
    const readings = within(drawer).getByRole('table', { name: 'Readings the rule read' });
    expect(within(readings).getByText('600')).toBeInTheDocument();
    expect(within(drawer).getByText('600 W')).toBeInTheDocument();
    expect(
      await within(drawer).findByRole('img', { name: /^Readings of AC 3F-01 over the last 24 hours/ }, WAIT),
    ).toBeInTheDocument();
    const actions = within(drawer).getByRole('group', { name: 'Act on the finding' });
    // Open: acknowledge, mark fixed or dismiss; no reopening.
    expect(within(actions).queryByRole('button', { name: 'Reopen' })).toBeNull();
    expect(within(actions).getByRole('button', { name: 'Acknowledge' })).toBeInTheDocument();

    await userEvent.click(within(actions).getByRole('button', { name: 'Dismiss' }));
    // antd numbers its ids 'test-id' under test, so the drawer and the dialog share their title's id: the
    // dialog is found by its title's text, not its accessible name.
    const dialog = await waitFor(() => {
      const found = screen.getAllByRole('dialog').find((d) => within(d).queryByText('Dismiss the finding'));
      if (!found) throw new Error('no dismiss dialog');
      return found;
    }, WAIT);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Reason is required', {}, WAIT)).toBeInTheDocument();
    expect(posted('/sbuilding/fdd/finding/transition/11')).toEqual([]);
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Reason' }),
      'The night shift uses the room',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(
      () =>
        expect(posted('/sbuilding/fdd/finding/transition/11')).toEqual([
          { to: 'dismissed', reason: 'The night shift uses the room', version: 3 },
        ]),
      WAIT,
    );
    expect(await screen.findByText('Finding updated', {}, WAIT)).toBeInTheDocument();
    // Dismissed: only reopening is left.
    expect(await within(actions).findByRole('button', { name: 'Reopen' }, WAIT)).toBeInTheDocument();
    expect(within(actions).queryByRole('button', { name: 'Switch off' })).toBeNull();
  });

  it('sends the fix in one click and shows that it is being checked', async () => {
    renderPage();
    const drawer = await openDrawer();
    expect(within(drawer).queryByText('Fix sent, checking…')).toBeNull();
    await userEvent.click(within(drawer).getByRole('button', { name: 'Switch off' }));
    await waitFor(() => expect(posted('/sbuilding/fdd/finding/fix/11')).toEqual([{ version: 3 }]), WAIT);
    expect(await within(drawer).findByText('Fix sent, checking…', {}, WAIT)).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Fault findings of the current project' });
    expect(await within(table).findByText('Fix sent, checking…', {}, WAIT)).toBeInTheDocument();
  });

  it('makes a work order from a finding and links to the work orders', async () => {
    renderPage();
    const drawer = await openDrawer();
    await userEvent.click(within(drawer).getByRole('button', { name: 'Create work order' }));
    expect(
      await within(drawer).findByRole('link', { name: 'Open the work orders (work order #77)' }, WAIT),
    ).toHaveAttribute('href', '/workorder');
    expect(posted('/sbuilding/fdd/finding/workOrder/11')).toHaveLength(1);
  });

  it('shows a role without faults:write no action buttons', async () => {
    signIn('tbCustomer');
    renderPage();
    const drawer = await openDrawer();
    expect(within(drawer).queryByRole('group', { name: 'Act on the finding' })).toBeNull();
    for (const name of ['Switch off', 'Acknowledge', 'Dismiss', 'Mark fixed', 'Create work order'])
      expect(within(drawer).queryByRole('button', { name })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await userEvent.click(screen.getByRole('tab', { name: 'Rules' }));
    const card = await screen.findByRole('group', { name: 'Lights on in an empty room' }, WAIT);
    expect(within(card).getByRole('switch', { name: 'Enabled' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: /^Save/ })).toBeNull();
  });

  it('saves changed thresholds of a rule and shows the shared message for an invalid value', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('tab', { name: 'Rules' }, WAIT));
    const card = await screen.findByRole('group', { name: 'Lights on in an empty room' }, WAIT);
    expect(
      within(card).getByText('A finding is raised once the condition has held for 5 minutes.'),
    ).toBeInTheDocument();
    const minutes = within(card).getByRole('spinbutton', { name: 'Empty for (minutes)' });
    await waitFor(() => expect(minutes).toHaveValue('30'), WAIT);
    await userEvent.clear(minutes);
    await userEvent.type(minutes, '2');
    const save = within(card).getByRole('button', { name: 'Save Lights on in an empty room' });
    await userEvent.click(save);
    expect(
      await within(card).findByText('Empty for (minutes) is out of range', {}, WAIT),
    ).toBeInTheDocument();
    expect(posted('/sbuilding/fdd/rule/save/5')).toEqual([]);

    await userEvent.clear(minutes);
    await userEvent.type(minutes, '45');
    await userEvent.click(save);
    await waitFor(
      () =>
        expect(posted('/sbuilding/fdd/rule/save/5')).toEqual([
          { rule: 'lightsOnVacant', enabled: true, params: { vacantMinutes: 45 }, version: 2 },
        ]),
      WAIT,
    );
    expect(await screen.findByText('Lights on in an empty room: saved', {}, WAIT)).toBeInTheDocument();

    // Heating allowed above cooling is refused on the heating setpoint, with the shared message.
    const setpoints = screen.getByRole('group', { name: 'Setpoint outside the policy' });
    const heat = within(setpoints).getByRole('spinbutton', { name: 'Highest heating setpoint (°C)' });
    await userEvent.clear(heat);
    await userEvent.type(heat, '26');
    await userEvent.click(within(setpoints).getByRole('button', { name: /^Save/ }));
    expect(
      await within(setpoints).findByText('Highest heating setpoint (°C) is invalid', {}, WAIT),
    ).toBeInTheDocument();
    expect(posted('/sbuilding/fdd/rule/save/5')).toHaveLength(1);
  });
});

describe.each([
  ['en', 'Fault findings of the current project', 'Rules'],
  ['zh-CN', '当前项目的故障诊断结果', '诊断规则'],
] as const)(
  'accessibility of the fault findings page in %s',
  { timeout: 150_000 },
  (lng, tableName, rulesTab) => {
    it('finds nothing serious on the findings, a finding and the rules', async () => {
      await setLanguage(lng);
      renderPage();
      const table = await screen.findByRole('table', { name: tableName }, WAIT);
      await within(table).findByText('AC 3F-01', {}, WAIT);
      expect(await seriousViolations()).toEqual([]);

      await userEvent.click(within(table).getAllByRole('button')[0] ?? table);
      const drawer = await screen.findByRole('dialog', {}, WAIT);
      await within(drawer).findAllByRole('table', {}, WAIT);
      expect(await seriousViolations()).toEqual([]);

      await userEvent.click(within(drawer).getAllByRole('button')[0] ?? drawer);
      await userEvent.click(screen.getByRole('tab', { name: rulesTab }));
      await screen.findAllByRole('spinbutton', {}, WAIT);
      expect(await seriousViolations()).toEqual([]);
    });
  },
);
