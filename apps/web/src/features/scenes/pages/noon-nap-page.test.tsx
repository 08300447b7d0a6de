import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { NoonNap, NoonNapOptions } from '@sbuilding/shared';
import { Providers } from '@/app/providers';
import { setLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { seriousViolations } from '@/test/axe';
import { bodyOf, envelope, seen, serve } from '@/test/http';
import NoonNapPage from './noon-nap-page';

const userEvent = userEventLib.setup({ delay: null });
const WAIT = { timeout: 15_000 };

const NAP: NoonNap = {
  id: 4,
  tenantId: 1,
  projectId: 5,
  name: 'Quiet third floor',
  enabled: true,
  workTimeId: 7,
  window: { name: 'Noon nap', startTime: '12:30', endTime: '13:30' },
  zones: [{ id: 11, name: 'Open office' }],
  dimLevel: 40,
  acAction: 'sleep',
  sleepOffset: 2,
  napping: false,
  lastRun: {
    id: 9,
    sceneId: null,
    sceneName: 'Quiet third floor',
    projectId: 5,
    trigger: 'timing',
    outcome: 'skipped',
    reason: 'auxiliaryCondition',
    dueAt: '2026-01-03T04:30:00Z',
    time: '2026-01-03T04:30:00Z',
    durationMs: 2,
  },
  version: 3,
  createTime: '2026-01-01T00:00:00Z',
  updateTime: '2026-01-01T00:00:00Z',
};
const OPTIONS: NoonNapOptions = {
  napWorkTimes: [
    {
      id: 7,
      projectId: 5,
      name: 'Noon nap',
      startTime: '12:30',
      endTime: '13:30',
      timeType: 'NAP',
      zoneType: 'office',
      version: 1,
      createTime: '2026-01-01T00:00:00Z',
      updateTime: '2026-01-01T00:00:00Z',
    },
  ],
  zones: [
    { id: 11, name: 'Open office', floorName: 'F3', buildingName: 'Building A' },
    { id: 12, name: 'Meeting room', floorName: 'F3', buildingName: 'Building A' },
  ],
};

const calls = (url: string) => seen.filter((c) => c.url === url).map((c) => bodyOf(c));

function renderPage() {
  render(
    <Providers>
      <MemoryRouter>
        <NoonNapPage />
      </MemoryRouter>
    </Providers>,
  );
}

function serveWith(rows: NoonNap[], options: NoonNapOptions) {
  serve({
    '/sbuilding/noonNap/getList': envelope(200, { rows, total: rows.length }),
    '/sbuilding/noonNap/options': envelope(200, options),
    '/sbuilding/noonNap/create': envelope(200, { ...NAP, id: 5 }),
    '/sbuilding/noonNap/save/4': envelope(200, NAP),
    '/sbuilding/noonNap/enable/4': envelope(200, { ...NAP, enabled: false }),
    '/sbuilding/noonNap/4': envelope(200, null),
  });
}

beforeEach(async () => {
  queryClient.clear();
  await setLanguage('en');
  localStorage.setItem('projectId', '5');
});
afterEach(() => localStorage.clear());

describe('noon nap page', { timeout: 150_000 }, () => {
  it('lists noon naps with their NAP window, zones, settings and last run; disables one after confirming', async () => {
    serveWith([NAP], OPTIONS);
    renderPage();
    const table = await screen.findByRole('table', { name: 'Noon naps of the current project' }, WAIT);
    const row = (await within(table).findByText('Quiet third floor', {}, WAIT)).closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByText('12:30–13:30')).toBeInTheDocument();
    expect(within(row).getByText('Open office')).toBeInTheDocument();
    expect(within(row).getByText('Sleep (low fan, 2 °C)')).toBeInTheDocument();
    expect(
      within(row).getByText('Skipped – Not the kind of day chosen (workday or holiday)'),
    ).toBeInTheDocument();
    expect(await seriousViolations()).toEqual([]);

    await userEvent.click(within(row).getByRole('switch', { name: 'Noon nap Quiet third floor enabled' }));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    expect(within(dialog).getAllByText('Disable the noon nap Quiet third floor?').length).toBeGreaterThan(0);
    expect(calls('/sbuilding/noonNap/enable/4')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(calls('/sbuilding/noonNap/enable/4')).toEqual([{ enabled: false }]), WAIT);
  });

  it('deletes a noon nap only after confirming', async () => {
    serveWith([NAP], OPTIONS);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Quiet third floor' }, WAIT));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    expect(seen.filter((c) => c.method === 'delete')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(
      () =>
        expect(seen.filter((c) => c.method === 'delete').map((c) => c.url)).toEqual(['/sbuilding/noonNap/4']),
      WAIT,
    );
  });

  it('adds a noon nap: checks the fields with the shared rules, then sends the NAP time, zones and settings', async () => {
    serveWith([], OPTIONS);
    renderPage();
    expect(await screen.findByText('No noon nap yet', {}, WAIT)).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Add noon nap' }, WAIT));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Name is required', {}, WAIT)).toBeInTheDocument();
    expect(await within(dialog).findByText('Zones is required', {}, WAIT)).toBeInTheDocument();
    expect(calls('/sbuilding/noonNap/create')).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText('Name'), 'Quiet floor');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Zones' }));
    await userEvent.click(await screen.findByText('Building A / F3 / Meeting room', {}, WAIT));
    const level = within(dialog).getByRole('spinbutton', { name: 'Dim level' });
    await userEvent.clear(level);
    await userEvent.type(level, '30');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Switch off' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(
      () =>
        expect(calls('/sbuilding/noonNap/create')).toEqual([
          {
            projectId: 5,
            name: 'Quiet floor',
            enabled: true,
            workTimeId: 7,
            zoneIds: [12],
            dimLevel: 30,
            acAction: 'off',
            sleepOffset: 2,
          },
        ]),
      WAIT,
    );
  });

  it('edits a noon nap with the version it read', async () => {
    serveWith([NAP], OPTIONS);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Quiet third floor' }, WAIT));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Quiet third floor');
    const offset = within(dialog).getByRole('spinbutton', { name: 'Sleep set-point offset' });
    await userEvent.clear(offset);
    await userEvent.type(offset, '3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(
      () =>
        expect(calls('/sbuilding/noonNap/save/4')).toEqual([
          {
            name: 'Quiet third floor',
            enabled: true,
            workTimeId: 7,
            zoneIds: [11],
            dimLevel: 40,
            acAction: 'sleep',
            sleepOffset: 3,
            version: 3,
          },
        ]),
      WAIT,
    );
  });

  it('says when the project has no NAP work time, points to where work times are edited, and offers no add', async () => {
    serveWith([], { ...OPTIONS, napWorkTimes: [] });
    renderPage();
    expect(
      await screen.findByText('A noon-nap scene needs a NAP work time first', {}, WAIT),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit the work times in Projects' })).toHaveAttribute(
      'href',
      '/project',
    );
    expect(screen.getByRole('button', { name: 'Add noon nap' })).toBeDisabled();
    expect(await seriousViolations()).toEqual([]);
  });
});
