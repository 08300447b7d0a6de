import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { Scene, SceneExplanation, SceneRun } from '@sbuilding/shared';
import { Providers } from '@/app/providers';
import { setLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { seriousViolations } from '@/test/axe';
import { bodyOf, envelope, seen, serve } from '@/test/http';
import SceneListPage from './scene-list-page';

const userEvent = userEventLib.setup({ delay: null });
const WAIT = { timeout: 15_000 };

const SCENE: Scene = {
  id: 3,
  tenantId: 1,
  projectId: 5,
  name: 'Corridor lights off',
  enabled: true,
  miniProgram: false,
  triggerType: 'device',
  zoneId: null,
  category: 'light',
  conditions: [{ source: 'device', deviceId: 8, property: 'pir', operator: 'equal', value: 0 }],
  relationship: 'all',
  executionTimes: [],
  weekdays: [0, 1, 2, 3, 4, 5, 6],
  effectiveStart: null,
  effectiveEnd: null,
  auxiliaryCondition: 'none',
  timeRange: null,
  maxExecuteCount: 0,
  repeatIntervalMinutes: 0,
  vacantTimeoutMinutes: 0,
  manualTimeoutMinutes: 0,
  preDelaySeconds: 0,
  targets: [{ kind: 'device', id: 9, name: 'Light 201', position: '' }],
  actions: [{ method: 'setOnOff', params: { onOff: false } }],
  lastRun: {
    id: 1,
    sceneId: 3,
    sceneName: 'Corridor lights off',
    projectId: 5,
    trigger: 'device',
    outcome: 'skipped',
    reason: 'timeRange',
    dueAt: null,
    time: '2026-01-03T09:00:00Z',
    durationMs: 3,
  },
  version: 1,
  createTime: '2026-01-01T00:00:00Z',
  updateTime: '2026-01-01T00:00:00Z',
};
const RUN: SceneRun = {
  ...SCENE.lastRun!,
  id: 2,
  trigger: 'manual',
  outcome: 'ran',
  reason: null,
  detail: {},
  commands: [],
};
const EXPLANATION: SceneExplanation = {
  now: '2026-01-03T09:00:00Z',
  localDate: '2026-01-03',
  localTime: '17:00',
  decision: 'skip',
  reason: 'conditionFalse',
  checks: [
    { code: 'disabled', ok: true, detail: {} },
    { code: 'conditionFalse', ok: false, detail: {} },
  ],
  conditions: [
    {
      index: 0,
      source: 'device',
      deviceId: 8,
      property: 'pir',
      operator: 'equal',
      value: 0,
      live: 1,
      liveAt: '2026-01-03T08:59:00Z',
      holds: false,
    },
  ],
  commands: [
    {
      targetKind: 'device',
      targetId: 9,
      method: 'setOnOff',
      params: { onOff: false },
      deviceId: 9,
      deviceName: 'Light 201',
    },
  ],
  targets: [
    {
      targetKind: 'device',
      targetId: 9,
      deviceId: 9,
      deviceName: 'Light 201',
      status: 'gatewayUnreachable',
      commands: [{ method: 'setOnOff', params: { onOff: false } }],
      detail: { gatewayId: 4, gatewayName: 'BLE gateway 2F' },
    },
  ],
  trigger: {
    armed: false,
    conditionsHold: true,
    conditionsSince: '2026-01-03T08:00:00Z',
    lastRanAt: '2026-01-03T08:00:05Z',
  },
};

const calls = (url: string) => seen.filter((c) => c.url === url).map((c) => bodyOf(c));

function renderPage() {
  render(
    <Providers>
      <MemoryRouter>
        <SceneListPage />
      </MemoryRouter>
    </Providers>,
  );
}

/** Where the list led: the wizard's route and query. */
function Landed() {
  const location = useLocation();
  return <p>{`Wizard at ${location.pathname}${location.search}`}</p>;
}

function renderRouted() {
  render(
    <Providers>
      <MemoryRouter initialEntries={['/scene']}>
        <Routes>
          <Route path="/scene" element={<SceneListPage />} />
          <Route path="*" element={<Landed />} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
}

beforeEach(async () => {
  queryClient.clear();
  await setLanguage('en');
  localStorage.setItem('projectId', '5');
  serve({
    '/sbuilding/scene/getList': envelope(200, { rows: [SCENE], total: 1 }),
    '/sbuilding/scene/enable/3': envelope(200, { ...SCENE, enabled: false }),
    '/sbuilding/scene/execute/3': envelope(200, RUN),
    '/sbuilding/scene/explain/3': envelope(200, EXPLANATION),
    '/sbuilding/scene/savings': envelope(200, {
      from: '2025-12-04T09:00:00Z',
      to: '2026-01-03T09:00:00Z',
      rows: [{ sceneId: 3, offHours: 347.22, kwh: 12.5 }],
    }),
    '/sbuilding/scene/savings/evidence': envelope(200, {
      from: '2025-12-04T09:00:00Z',
      to: '2026-01-03T09:00:00Z',
      kwh: 0.05,
      total: 1,
      rows: [
        {
          owner: 3,
          deviceId: 9,
          deviceName: 'Light 201',
          category: 'light',
          commandAt: '2026-01-02T10:00:00Z',
          before: {
            onOff: true,
            lightnessLevel: 255,
            workMode: null,
            fanSpeed: null,
            targetTemp: null,
            roomTemp: null,
          },
          after: {
            onOff: true,
            lightnessLevel: 77,
            workMode: null,
            fanSpeed: null,
            targetTemp: null,
            roomTemp: null,
          },
          afterAt: '2026-01-02T10:00:01Z',
          endAt: '2026-01-02T12:00:01Z',
          endReason: 'changed',
          beforeWatts: 36.5,
          afterWatts: 11.37,
          savedWatts: 25.13,
          hours: 2,
          kwh: 0.05,
          baseline: {
            source: 'device',
            workday: true,
            days: ['2026-01-01', '2025-12-31'],
            devices: 1,
            share: 1,
            plainKwh: 0.05,
          },
        },
        {
          owner: 3,
          deviceId: 10,
          deviceName: 'Light 202',
          category: 'light',
          commandAt: '2026-01-02T10:00:00Z',
          before: {
            onOff: true,
            lightnessLevel: 128,
            workMode: null,
            fanSpeed: null,
            targetTemp: null,
            roomTemp: null,
          },
          after: {
            onOff: false,
            lightnessLevel: 128,
            workMode: null,
            fanSpeed: null,
            targetTemp: null,
            roomTemp: null,
          },
          afterAt: '2026-01-02T10:00:01Z',
          endAt: '2026-01-02T20:00:01Z',
          endReason: 'maxHours',
          beforeWatts: 36.5,
          afterWatts: 0.5,
          savedWatts: 36,
          hours: 10,
          kwh: 0.072,
          baseline: {
            source: 'kept',
            workday: true,
            days: ['2025-11-28'],
            devices: 1,
            share: 0.2,
            plainKwh: 0.36,
            keptFor: '2025-12-26',
            keptAt: '2025-12-26T11:00:00Z',
          },
        },
      ],
    }),
  });
});
afterEach(() => localStorage.clear());

describe('scene list page', { timeout: 150_000 }, () => {
  it('lists scenes with trigger, state and last run; disables one after confirming', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'Scenes of the current project' }, WAIT);
    const row = (await within(table).findByText('Corridor lights off', {}, WAIT)).closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByText('Device')).toBeInTheDocument();
    expect(within(row).getByText('Skipped – Outside the time range')).toBeInTheDocument();
    expect(await seriousViolations()).toEqual([]);

    await userEvent.click(within(row).getByRole('switch', { name: 'Scene Corridor lights off enabled' }));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    expect(within(dialog).getAllByText('Disable the scene Corridor lights off?').length).toBeGreaterThan(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(calls('/sbuilding/scene/enable/3')).toEqual([{ enabled: false }]), WAIT);
  });

  it('shows what each scene saved over the last 30 days, fetched beside the list', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'Scenes of the current project' }, WAIT);
    expect(within(table).getByRole('columnheader', { name: 'Saved (30 days)' })).toBeInTheDocument();
    const row = (await within(table).findByText('Corridor lights off', {}, WAIT)).closest('tr');
    if (!row) throw new Error('no row');
    expect(await within(row).findByText('12.5 kWh', {}, WAIT)).toBeInTheDocument();
    expect(calls('/sbuilding/scene/savings')).toEqual([{ projectId: 5 }]);
    expect(screen.getByText(/Devices already off count nothing/)).toBeInTheDocument();

    // The figure opens its evidence: the states the device reported before and after, and the draws.
    await userEvent.click(
      within(row).getByRole('button', { name: '12.5 kWh saved by Corridor lights off: its evidence' }),
    );
    const drawer = await screen.findByRole('dialog', {}, WAIT);
    const evidence = await within(drawer).findByRole(
      'table',
      { name: 'Each saving with the states the device reported' },
      WAIT,
    );
    expect(within(evidence).getByText('On, 100%')).toBeInTheDocument();
    expect(within(evidence).getByText('On, 30%')).toBeInTheDocument();
    expect(within(evidence).getByText('36.5 → 11.37 (−25.13)')).toBeInTheDocument();
    expect(
      within(evidence).getByText(
        '100% of 0.05 kWh: what it drew at those hours on 2 comparable workdays without automation (2026-01-01, 2025-12-31)',
      ),
    ).toBeInTheDocument();
    // A saving with no comparable day left counts by the baseline kept before, and says which and when.
    expect(
      within(evidence).getByText(
        /^20% of 0\.36 kWh: the baseline kept on .+ for 2025-12-26, from what it drew at those hours on 1 comparable workdays without automation \(2025-11-28\); no such day left since$/,
      ),
    ).toBeInTheDocument();
    expect(calls('/sbuilding/scene/savings/evidence')).toEqual([{ sceneId: 3 }]);
    expect(await seriousViolations()).toEqual([]);
  });

  it('executes a scene now and says how it went', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Execute now' }, WAIT));
    expect(await screen.findByText('Scene Corridor lights off has run', {}, WAIT)).toBeInTheDocument();
    expect(calls('/sbuilding/scene/execute/3')).toHaveLength(1);
  });

  it('explains what the scene would do now, with the live value of each condition', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'What would happen now' }, WAIT));
    const drawer = await screen.findByRole('dialog', {}, WAIT);
    expect(
      await within(drawer).findByText('It would not run now: Condition not met', {}, WAIT),
    ).toBeInTheDocument();
    expect(within(drawer).getByText('PIR equal to 0')).toBeInTheDocument();
    expect(within(drawer).getByText('now 1')).toBeInTheDocument();
    // The commands in words, under a heading that does not contradict "nothing has been sent" (issue 34).
    expect(within(drawer).getByText(/A preview: nothing has been sent\.$/)).toBeInTheDocument();
    expect(
      within(drawer).getByRole('heading', { name: 'Commands it would send when it runs' }),
    ).toBeInTheDocument();
    expect(within(drawer).getByText('Light 201: Switch on/off · On/off: off')).toBeInTheDocument();
    expect(within(drawer).queryByText(/false/)).not.toBeInTheDocument();
    // Per target: why it would not be set; and whether the device trigger is armed, naming the last run.
    expect(within(drawer).getByText('Gateway BLE gateway 2F unreachable')).toBeInTheDocument();
    expect(
      within(drawer).getByText(/^Not armed: it last ran at 2026-01-03 \d\d:00:05, while its conditions hold/),
    ).toBeInTheDocument();
    expect(await seriousViolations()).toEqual([]);
    await setLanguage('zh-CN');
    expect(await within(drawer).findByText('Light 201: 开关 · 开关: 关', {}, WAIT)).toBeInTheDocument();
    await setLanguage('en');
    expect(await seriousViolations()).toEqual([]);
  });

  it('opens the wizard to edit a scene', async () => {
    renderRouted();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Corridor lights off' }, WAIT));
    expect(await screen.findByText('Wizard at /scenes/edit?id=3', {}, WAIT)).toBeInTheDocument();
  });

  it.each([
    ['Add scene', '/scenes/add'],
    ['Add schedule', '/schedule/add'],
    ['Add linkage', '/linkage/add'],
  ])('%s opens the wizard at %s', async (button, path) => {
    renderRouted();
    await userEvent.click(await screen.findByRole('button', { name: button }, WAIT));
    expect(await screen.findByText(`Wizard at ${path}`, {}, WAIT)).toBeInTheDocument();
  });
});
