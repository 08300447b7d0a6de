import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { AcAutomation } from '@sbuilding/shared';
import { Providers } from '@/app/providers';
import { setLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { seriousViolations } from '@/test/axe';
import { bodyOf, envelope, seen, serve } from '@/test/http';
import AcAutomationPage from './ac-automation-page';

const userEvent = userEventLib.setup({ delay: null });
const WAIT = { timeout: 15_000 };

const CONFIG: AcAutomation = {
  id: 7,
  tenantId: 1,
  projectId: 5,
  targetKind: 'device',
  targetId: 11,
  targetName: 'Office AC',
  zoneId: null,
  zoneName: '',
  setTemperature: 25,
  ambientTemperature: null,
  workMode: 'cool',
  fanSpeed: 'mid',
  motionCountThreshold: 1,
  autoOpenClose: false,
  vacantMinutes: 15,
  timingOpenClose: true,
  openTime: '08:00',
  closeTime: '18:00',
  allWorkdays: true,
  weekdays: [1, 2, 3, 4, 5],
  smartTempControl: true,
  smartDoas: false,
  weatherLinkage: false,
  noCoolBelow: 22,
  noHeatAbove: 16,
  noonNap: true,
  active: true,
  lastDesired: {
    onOff: true,
    workMode: 'cool',
    targetTemp: 25,
    fanSpeed: 'mid',
    reason: 'timingOpen',
    adjustments: [],
  },
  lastAppliedAt: '2026-03-16T00:00:00Z',
  version: 2,
  createTime: '2026-03-01T00:00:00Z',
  updateTime: '2026-03-01T00:00:00Z',
};
const AC_DEVICE = { id: 11, name: 'Office AC' };
const calls = (url: string) => seen.filter((c) => c.url === url);

function renderPage() {
  render(
    <Providers>
      <MemoryRouter>
        <AcAutomationPage />
      </MemoryRouter>
    </Providers>,
  );
}

function serveWith(rows: AcAutomation[]) {
  serve({
    '/sbuilding/acAutomation/getList': envelope(200, { rows, total: rows.length }),
    '/sbuilding/acAutomation/savings': envelope(200, {
      from: '2026-02-14T00:00:00Z',
      to: '2026-03-16T00:00:00Z',
      ratedWatts: 1000,
      rows: rows.map((r) => ({ automationId: r.id, offHours: 12.5, kwh: 12.5 })),
    }),
    '/sbuilding/acAutomation/active/7': envelope(200, { ...CONFIG, active: false }),
    '/sbuilding/acAutomation/7': envelope(200, null),
    '/sbuilding/acAutomation/create': envelope(200, CONFIG),
    '/sbuilding/device/getList': envelope(200, {
      rows: [{ ...deviceRow(), ...AC_DEVICE }],
      total: 1,
    }),
    '/sbuilding/group/getList': envelope(200, { rows: [], total: 0 }),
    '/sbuilding/acAutomation/explain/7': envelope(200, {
      now: '2026-03-16T04:30:00Z',
      localTime: '12:30',
      workday: true,
      desired: {
        onOff: true,
        workMode: 'cool',
        targetTemp: 27,
        fanSpeed: 'low',
        reason: 'timingOpen',
        adjustments: ['noonNap'],
      },
      inputs: {
        motionCount: 4,
        occupied: true,
        vacantSince: null,
        outdoorTemp: 31.24,
        roomTemp: null,
        inNap: true,
        inTiming: true,
      },
    }),
  });
}

/** A device row as the list answers it (only the fields the page reads matter). */
function deviceRow() {
  return {
    tenantId: 1,
    projectId: 5,
    buildingId: 1,
    buildingName: 'Building A',
    floorId: null,
    floorName: null,
    zoneId: null,
    zoneName: null,
    model: 'ac20',
    category: 'ac',
    position: '',
    props: {},
    parentId: null,
    parentName: null,
    online: true,
    lastActivityTime: null,
    positionImageId: null,
    positionImageUrl: null,
    horizontalImageId: null,
    horizontalImageUrl: null,
    verticalImageId: null,
    verticalImageUrl: null,
    markId: null,
    version: 1,
    createTime: '2026-03-01T00:00:00Z',
    updateTime: '2026-03-01T00:00:00Z',
  };
}

beforeEach(async () => {
  queryClient.clear();
  await setLanguage('en');
  localStorage.setItem('projectId', '5');
  serveWith([CONFIG]);
});
afterEach(() => localStorage.clear());

describe('AC automation page', { timeout: 150_000 }, () => {
  it('lists each config with its set temperature, modes, state and savings; deactivates after confirming', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'AC automations of the current project' }, WAIT);
    const row = (await within(table).findByText('Office AC', {}, WAIT)).closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByText('25 °C')).toBeInTheDocument();
    expect(within(row).getByText('Cool · Medium')).toBeInTheDocument();
    expect(within(row).getByText('Timing 08:00–18:00')).toBeInTheDocument();
    expect(within(row).getByText('Smart temp control')).toBeInTheDocument();
    expect(within(row).getByText('Noon nap time')).toBeInTheDocument();
    expect(within(row).getByText('Timing open')).toBeInTheDocument();
    expect(await within(row).findByText('12.5 kWh', {}, WAIT)).toBeInTheDocument();
    expect(await seriousViolations()).toEqual([]);

    await userEvent.click(within(row).getByRole('switch', { name: 'Active: Office AC' }));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    expect(within(dialog).getAllByText('Deactivate the AC automation of Office AC?').length).toBeGreaterThan(
      0,
    );
    expect(calls('/sbuilding/acAutomation/active/7')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(
      () => expect(calls('/sbuilding/acAutomation/active/7').map(bodyOf)).toEqual([{ active: false }]),
      WAIT,
    );
  });

  it('says so when there is none yet', async () => {
    serveWith([]);
    renderPage();
    expect(
      await screen.findByText(
        'No AC automation yet: add one to run an air conditioner or a group by itself',
        {},
        WAIT,
      ),
    ).toBeInTheDocument();
  });

  it('adds a config, refusing a set temperature outside the catalogue range beside the field', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Add AC automation' }, WAIT));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'AC or group' }));
    await userEvent.click(await screen.findByTitle('Office AC', {}, WAIT));
    const temp = within(dialog).getByRole('spinbutton', { name: 'Set temperature' });
    await userEvent.clear(temp);
    await userEvent.type(temp, '35');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Target temperature must be between 16 and 30', {}, WAIT),
    ).toBeInTheDocument();
    expect(calls('/sbuilding/acAutomation/create')).toEqual([]);
    expect(await seriousViolations()).toEqual([]);

    await userEvent.clear(temp);
    await userEvent.type(temp, '26');
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Smart DOAS' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls('/sbuilding/acAutomation/create')).toHaveLength(1), WAIT);
    expect(bodyOf(calls('/sbuilding/acAutomation/create')[0])).toMatchObject({
      projectId: 5,
      targetKind: 'device',
      targetId: 11,
      setTemperature: 26,
      smartDoas: true,
      timingOpenClose: false,
      active: true,
    });
  });

  it('explains what the config would do now and what it read', async () => {
    renderPage();
    await userEvent.click(
      await screen.findByRole('button', { name: 'What would it do now: Office AC' }, WAIT),
    );
    const drawer = await screen.findByRole('dialog', {}, WAIT);
    expect(
      await within(drawer).findByText('At 12:30: Timing open. Nothing is sent from here.', {}, WAIT),
    ).toBeInTheDocument();
    expect(within(drawer).getByText('27 °C')).toBeInTheDocument();
    expect(within(drawer).getByText('Low')).toBeInTheDocument();
    expect(within(drawer).getByText('Noon nap time', { selector: 'td *, td' })).toBeInTheDocument();
    expect(within(drawer).getByText('31.2 °C')).toBeInTheDocument();
    expect(within(drawer).getByText('Not known')).toBeInTheDocument();
    expect(await seriousViolations()).toEqual([]);
  });

  it('deletes a config only after confirming', async () => {
    renderPage();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Delete the AC automation of Office AC' }, WAIT),
    );
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    expect(within(dialog).getByText('What it did stays in the scheduling log.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(
      () =>
        expect(calls('/sbuilding/acAutomation/7').map((c) => c.method?.toLowerCase())).toEqual(['delete']),
      WAIT,
    );
  });
});
