import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { AlertRule } from '@sbuilding/shared';
import { Providers } from '@/app/providers';
import { setLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { useSession } from '@/lib/session';
import { seriousViolations } from '@/test/axe';
import { bodyOf, envelope, seen, serve } from '@/test/http';
import { RulesPanel } from './rules-panel';

const userEvent = userEventLib.setup({ delay: null });
const WAIT = { timeout: 15_000 };

const CO2: AlertRule = {
  id: 7,
  projectId: 5,
  buildingId: null,
  name: 'CO2 above 1500 ppm',
  enabled: true,
  model: 'sair4g',
  telemetryKey: 'co2',
  operator: 'above',
  threshold: 1500,
  thresholdHigh: null,
  durationS: 600,
  level: 'secondary',
  autoClear: true,
  clearDelayS: 300,
  deadband: 100,
  version: 3,
  updatedAt: '2026-11-21T09:00:00Z',
};

function renderPanel() {
  render(
    <Providers>
      <MemoryRouter>
        <RulesPanel projectId={5} />
      </MemoryRouter>
    </Providers>,
  );
}

const posted = (url: string) => seen.filter((c) => c.url === url).map((c) => bodyOf(c));

async function choose(dialog: HTMLElement, name: string, option: string, search?: string) {
  await userEvent.click(within(dialog).getByRole('combobox', { name }));
  if (search) await userEvent.type(within(dialog).getByRole('combobox', { name }), search);
  await userEvent.click(
    await screen.findByText(option, { selector: '.ant-select-item-option-content' }, WAIT),
  );
}

beforeEach(async () => {
  queryClient.clear();
  await setLanguage('en');
  useSession.setState({ roles: ['tbAdmin'] });
});
afterEach(() => useSession.setState({ roles: [] }));

describe('alert rules', { timeout: 300_000 }, () => {
  it('says there are no rules yet, and refuses a rule without a name', async () => {
    serve({
      '/sbuilding/alert/rule/getList': envelope(200, []),
      '/sbuilding/hall/getList': envelope(200, { rows: [], total: 0 }),
      '/sbuilding/alert/rule/add': envelope(200, { ...CO2, id: 8 }),
    });
    renderPanel();
    expect(await screen.findByText('No alert rules yet', {}, WAIT)).toBeInTheDocument();
    expect(await seriousViolations()).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Add rule' }));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Name is required', {}, WAIT)).toBeInTheDocument();
    expect(posted('/sbuilding/alert/rule/add')).toHaveLength(0);
  });

  it('adds a rule: the readings follow the model, a range needs its high above its low', async () => {
    serve({
      '/sbuilding/alert/rule/getList': envelope(200, []),
      '/sbuilding/hall/getList': envelope(200, { rows: [], total: 0 }),
      '/sbuilding/alert/rule/add': envelope(200, { ...CO2, id: 8 }),
    });
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Add rule' }, WAIT));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Stuffy');
    await choose(dialog, 'Device model', 'Air-quality sensor (4G)', 'Air');
    // The readings follow the model once the form has told its watchers.
    await waitFor(
      () => expect(within(dialog).getByRole('combobox', { name: 'Reading' })).toBeEnabled(),
      WAIT,
    );
    await choose(dialog, 'Reading', 'CO2 (ppm)');
    await choose(dialog, 'Condition', 'Inside range');
    await userEvent.type(await within(dialog).findByLabelText('Low', {}, WAIT), '1500');
    await userEvent.type(await within(dialog).findByLabelText('High', {}, WAIT), '1000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('High must be greater than low', {}, WAIT)).toBeInTheDocument();
    expect(posted('/sbuilding/alert/rule/add')).toHaveLength(0);

    const high = within(dialog).getByLabelText('High');
    await userEvent.clear(high);
    await userEvent.type(high, '5000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posted('/sbuilding/alert/rule/add')).toHaveLength(1), WAIT);
    expect(posted('/sbuilding/alert/rule/add')[0]).toMatchObject({
      projectId: 5,
      name: 'Stuffy',
      model: 'sair4g',
      telemetryKey: 'co2',
      operator: 'inside',
      threshold: 1500,
      thresholdHigh: 5000,
      durationS: 600,
      enabled: true,
    });
  });

  it('lists rules with their condition, switches one off with its version, and shows a viewer no editing', async () => {
    serve({
      '/sbuilding/alert/rule/getList': envelope(200, [CO2]),
      '/sbuilding/hall/getList': envelope(200, { rows: [], total: 0 }),
      '/sbuilding/alert/rule/enable/7': envelope(200, { ...CO2, enabled: false, version: 4 }),
    });
    renderPanel();
    const table = await screen.findByRole('table', { name: 'Alert rules of the current project' }, WAIT);
    const row = (await within(table).findByText('CO2 above 1500 ppm', {}, WAIT)).closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByText('> 1500 ppm')).toBeInTheDocument();
    expect(within(row).getByText('Secondary')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('switch', { name: 'Enable CO2 above 1500 ppm' }));
    await waitFor(() => expect(posted('/sbuilding/alert/rule/enable/7')).toHaveLength(1), WAIT);
    expect(posted('/sbuilding/alert/rule/enable/7')[0]).toEqual({ version: 3, enabled: false });
  });

  it('gives a display screen the list only', async () => {
    useSession.setState({ roles: ['tbVisualDisplay'] });
    serve({
      '/sbuilding/alert/rule/getList': envelope(200, [CO2]),
      '/sbuilding/hall/getList': envelope(200, { rows: [], total: 0 }),
    });
    renderPanel();
    const table = await screen.findByRole('table', { name: 'Alert rules of the current project' }, WAIT);
    await within(table).findByText('CO2 above 1500 ppm', {}, WAIT);
    expect(screen.queryByRole('button', { name: 'Add rule' })).toBeNull();
    expect(within(table).queryByRole('button', { name: 'Delete CO2 above 1500 ppm' })).toBeNull();
    expect(within(table).getByRole('switch', { name: 'Enable CO2 above 1500 ppm' })).toBeDisabled();
  });
});
