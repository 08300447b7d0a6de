import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import type { SceneRun } from '@sbuilding/shared';
import { setLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { seriousViolations } from '@/test/axe';
import { envelope, serve } from '@/test/http';
import { bodiesSentTo, listFilteredBy, renderPage, searchBy } from '@/test/list-page';
import JobLogPage from './job-log-page';

const userEvent = userEventLib.setup({ delay: null });
const WAIT = { timeout: 15_000 };
const LIST = '/sbuilding/scene/runs';

const RAN: SceneRun = {
  id: 1,
  sceneId: 3,
  sceneName: 'Corridor lights off',
  projectId: 5,
  trigger: 'device',
  outcome: 'failed',
  reason: 'commandFailed',
  detail: {},
  dueAt: '2026-01-03T09:00:00Z',
  time: '2026-01-03T09:00:00Z',
  durationMs: 120,
  commands: [
    {
      targetKind: 'group',
      targetId: 7,
      method: 'setOnOff',
      params: { onOff: false },
      deviceId: 9,
      deviceName: 'Light 201',
      result: 'success',
      message: 'Setting Success !',
      latencyMs: 30,
      time: '2026-01-03T09:00:00.120Z',
    },
    {
      targetKind: 'group',
      targetId: 7,
      method: 'setOnOff',
      params: { onOff: false },
      deviceId: 10,
      deviceName: 'Light 202',
      result: 'unreachable',
      message: 'Unable to access device',
      latencyMs: null,
      time: '2026-01-03T09:00:00.480Z',
    },
  ],
};
const SKIPPED: SceneRun = {
  ...RAN,
  id: 2,
  sceneName: 'Morning AC',
  trigger: 'timing',
  outcome: 'skipped',
  reason: 'auxiliaryCondition',
  durationMs: 4,
  commands: [],
};

const requests = () => bodiesSentTo(LIST);

beforeEach(async () => {
  queryClient.clear();
  await setLanguage('en');
  localStorage.setItem('projectId', '5');
  serve({
    [LIST]: listFilteredBy([RAN, SKIPPED], 'outcome'),
  });
});
afterEach(() => localStorage.clear());

describe('scheduling log page', { timeout: 150_000 }, () => {
  it('lists runs and skips with trigger, outcome, reason, duration and each device result', async () => {
    renderPage(<JobLogPage />);
    const table = await screen.findByRole('table', { name: 'Scheduling log of the current project' }, WAIT);
    const ran = (await within(table).findByText('Corridor lights off', {}, WAIT)).closest('tr');
    if (!ran) throw new Error('no row');
    const cells = within(ran);
    expect(cells.getByText('Device')).toBeInTheDocument();
    expect(cells.getByText('Failed')).toBeInTheDocument();
    expect(cells.getByText('Some devices were not set')).toBeInTheDocument();
    expect(cells.getByText('120 ms')).toBeInTheDocument();
    expect(cells.getByText(/Light 202: .* Unreachable/)).toBeInTheDocument();
    // Each command with the moment it was sent, not the run's.
    expect([...ran.querySelectorAll('time')].map((n) => n.getAttribute('datetime'))).toEqual([
      '2026-01-03T09:00:00.120Z',
      '2026-01-03T09:00:00.480Z',
    ]);
    expect(cells.getByText(/:00\.480/)).toBeInTheDocument();

    const skipped = within(table).getByText('Morning AC').closest('tr');
    if (!skipped) throw new Error('no row');
    expect(within(skipped).getByText('Skipped')).toBeInTheDocument();
    expect(within(skipped).getByText('Not the kind of day chosen (workday or holiday)')).toBeInTheDocument();
    expect(requests()[0]).toMatchObject({ projectId: 5, pageNum: 1, pageSize: 20 });
    expect(await seriousViolations()).toEqual([]);
  });

  it("marks a noon nap's start and end under its name", async () => {
    const nap = (id: number, phase: string): SceneRun => ({
      ...SKIPPED,
      id,
      sceneId: null,
      sceneName: 'Quiet floor',
      outcome: 'ran',
      reason: null,
      detail: { noonNap: phase },
    });
    serve({ [LIST]: envelope(200, { rows: [nap(8, 'end'), nap(7, 'start')], total: 2 }) });
    renderPage(<JobLogPage />);
    const table = await screen.findByRole('table', { name: 'Scheduling log of the current project' }, WAIT);
    expect(await within(table).findByText('Quiet floor (noon nap end)', {}, WAIT)).toBeInTheDocument();
    expect(within(table).getByText('Quiet floor (noon nap start)')).toBeInTheDocument();
  });

  it('filters by outcome from the first page', async () => {
    renderPage(<JobLogPage />);
    const table = await screen.findByRole('table', { name: 'Scheduling log of the current project' }, WAIT);
    await within(table).findByText('Morning AC', {}, WAIT);
    const filters = screen.getByRole('search', { name: 'Filter the scheduling log' });
    await searchBy(userEvent, filters, 'Outcome', 'Skipped', WAIT);

    await waitFor(() => expect(within(table).queryByText('Corridor lights off')).toBeNull(), WAIT);
    expect(within(table).getByText('Morning AC')).toBeInTheDocument();
    expect(requests().at(-1)).toMatchObject({ projectId: 5, outcome: 'skipped', pageNum: 1 });
  });

  it('says so when no scene has run', async () => {
    serve({ [LIST]: envelope(200, { rows: [], total: 0 }) });
    renderPage(<JobLogPage />);
    expect(await screen.findByText('No scene has run yet', {}, WAIT)).toBeInTheDocument();
  });
});
