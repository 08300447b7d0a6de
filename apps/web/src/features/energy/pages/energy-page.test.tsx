import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { EnergyBoard, EnergyBoardCost, EnergySavings, SavingsCheck } from '@sbuilding/shared';
import { Providers } from '@/app/providers';
import { setLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { seriousViolations } from '@/test/axe';
import { envelope, seen, serve } from '@/test/http';
import EnergyPage from './energy-page';

// jsdom has no canvas: the chart is its text alternative here (ECharts itself is checked in the browser).
vi.mock('@/components/echart', () => ({
  EChart: ({ label, empty }: { label: string; empty?: boolean }) => (
    <div role="img" aria-label={label}>
      {empty ? 'No Data' : null}
    </div>
  ),
}));

const userEvent = userEventLib.setup({ delay: null });
const WAIT = { timeout: 15_000 };

const BOARD: EnergyBoard = {
  projectId: 5,
  period: 'DAY',
  anchor: '2026-11-21',
  timeZone: 'Asia/Shanghai',
  current: { from: '2026-11-21', to: '2026-11-21' },
  previousRange: { from: '2026-11-20', to: '2026-11-20' },
  comparedUntil: { date: '2026-11-20', time: '03:13' },
  energy: 1250.5,
  previous: 1000,
  changePercent: 25.1,
  previousWhole: 1000,
  curve: [
    { bucket: '00:00', previousBucket: '00:00', current: 600, previous: 500 },
    { bucket: '01:00', previousBucket: '01:00', current: 650.5, previous: 500 },
  ],
  buildings: [
    {
      buildingId: 1,
      name: 'Main hall',
      energy: 1250.5,
      previous: 1000,
      changePercent: 25.1,
      floors: [{ floorId: 2, name: 'F1', energy: 1250.5, previous: 1000, changePercent: 25.1 }],
    },
  ],
  buildingOptions: [{ id: 1, name: 'Main hall' }],
  meters: [
    {
      code: '000000000001',
      buildingId: 1,
      buildingName: 'Main hall',
      floorId: 2,
      floorName: 'F1',
      energy: 1250.5,
      previous: 1000,
      changePercent: 25.1,
      channels: [
        { deviceId: 7, name: 'F1 ch1', channel: 1, energy: 250.5, previous: 300, changePercent: -16.5 },
        { deviceId: 8, name: 'F1 ch2', channel: 2, energy: 1000, previous: 700, changePercent: 42.9 },
      ],
    },
  ],
  top: [
    {
      deviceId: 8,
      name: 'F1 ch2',
      meterCode: '000000000001',
      channel: 2,
      buildingName: 'Main hall',
      floorName: 'F1',
      energy: 1000,
      share: 80,
    },
  ],
};

const SAVINGS: EnergySavings = {
  from: '2026-11-20T16:00:00.000Z',
  to: '2026-11-21T08:00:00.000Z',
  scenesKwh: 90,
  noonNapsKwh: 10,
  acAutomationsKwh: 25,
  kwh: 125,
};

const figures = {
  estimateKwh: 0,
  automatedHours: 0,
  comparedHours: 0,
  comparedEstimateKwh: 0,
  meteredKwh: 0,
  baselineKwh: 0,
  meteredSavingKwh: 0,
  differencePercent: null,
};
const CHECK: SavingsCheck = {
  from: '2026-10-31T16:00:00.000Z',
  to: '2026-11-21T08:00:00.000Z',
  compareFrom: '2026-10-03T16:00:00.000Z',
  buildings: [
    {
      buildingId: 1,
      name: 'Main hall',
      ...figures,
      estimateKwh: 50,
      automatedHours: 40,
      comparedHours: 36,
      comparedEstimateKwh: 46,
      meteredKwh: 400,
      baselineKwh: 444,
      meteredSavingKwh: 44,
      differencePercent: 4.5,
    },
    { buildingId: 2, name: 'Annex', ...figures, estimateKwh: 3, automatedHours: 5 },
    { buildingId: 3, name: 'Depot', ...figures },
  ],
};

const figure = (cost: number, carbon: number) => ({
  cost,
  carbon,
  previousCost: 20,
  previousCarbon: 10,
  periods: [
    { period: 'sharp' as const, kwh: 10, cost: 13.5 },
    { period: 'peak' as const, kwh: 6, cost: 6.48 },
    { period: 'flat' as const, kwh: 4, cost: 2.6 },
    { period: 'valley' as const, kwh: 4, cost: 1.28 },
    { period: 'deepValley' as const, kwh: 6, cost: 1.32 },
  ],
});
const COST: EnergyBoardCost = {
  projectId: 5,
  currency: 'CNY',
  hasTariff: true,
  hasFactor: true,
  ...figure(25.18, 15),
  buildings: [{ buildingId: 1, ...figure(25.18, 15) }],
  floors: [{ buildingId: 1, floorId: 2, ...figure(25.18, 15) }],
  channels: [
    { deviceId: 7, ...figure(2.7, 1) },
    { deviceId: 8, ...figure(22.48, 14) },
  ],
};

function renderPage() {
  render(
    <Providers>
      <MemoryRouter>
        <EnergyPage />
      </MemoryRouter>
    </Providers>,
  );
}

const asked = () =>
  seen
    .filter((c) => c.url === '/sbuilding/board/energy/summary')
    .map((c) => c.params as Record<string, unknown>);

beforeEach(async () => {
  queryClient.clear();
  await setLanguage('en');
  localStorage.setItem('projectId', '5');
});
afterEach(() => localStorage.clear());

describe('energy board', { timeout: 150_000 }, () => {
  it('shows this period, the previous one and the change in words, the chart summary and the channel table', async () => {
    serve({ '/sbuilding/board/energy/summary': envelope(200, BOARD) });
    renderPage();
    expect(await screen.findByText('Up 25.1% on the previous period', {}, WAIT)).toBeInTheDocument();
    // The day is not over: it is compared with yesterday up to the same moment, and the page says so.
    expect(screen.getByText('Compared with yesterday up to 03:13')).toBeInTheDocument();
    expect(screen.getAllByText('1,250.5').length).toBeGreaterThan(0);
    expect(
      screen.getByRole('img', {
        name: 'Consumption curve: 1,250.5 kWh this period against 1,000 kWh in the previous period; peak 650.5 kWh at 01:00.',
      }),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', {
      name: 'Consumption of every ammeter channel, this period and the previous one',
    });
    const rows = within(table).getAllByRole('row');
    // Sorted by this period, largest first.
    expect(rows[1]).toHaveTextContent('F1 ch2');
    expect(within(table).getByText('-16.5%')).toBeInTheDocument();
    expect(screen.getByText('1,000 kWh, 80% of the total')).toBeInTheDocument();
    // No date asked: the server answers the project's today, which the picker then shows.
    expect(asked()[0]).toEqual({ projectId: 5, period: 'DAY' });
    expect(screen.getByLabelText('Date')).toHaveValue('2026-11-21');
    expect(await seriousViolations()).toEqual([]);
    await setLanguage('zh-CN');
    expect(await screen.findByText('与昨日截至 03:13 的用电比较', {}, WAIT)).toBeInTheDocument();
  });

  it('says nothing of a cut when the period is over and both are compared whole', async () => {
    serve({
      '/sbuilding/board/energy/summary': envelope(200, {
        ...BOARD,
        comparedUntil: null,
        previousWhole: 1000,
      }),
    });
    renderPage();
    expect(await screen.findByText('Up 25.1% on the previous period', {}, WAIT)).toBeInTheDocument();
    expect(screen.queryByTestId('energy-compared-until')).toBeNull();
  });

  it('shows what scenes and AC automations saved in the period and its share of the consumption', async () => {
    serve({
      '/sbuilding/board/energy/summary': envelope(200, BOARD),
      '/sbuilding/board/energy/savings': envelope(200, SAVINGS),
    });
    renderPage();
    const share = await screen.findByText("10% of this period's consumption", {}, WAIT);
    const card = share.closest('.ant-card');
    if (!(card instanceof HTMLElement)) throw new Error('no card');
    expect(within(card).getByText('Saved by automation')).toBeInTheDocument();
    expect(within(card).getByText('125')).toBeInTheDocument();
    expect(
      within(card).getByText('Scenes 90 kWh, noon naps 10 kWh, AC automations 25 kWh'),
    ).toBeInTheDocument();
    const savingsAsked = seen.filter((c) => c.url === '/sbuilding/board/energy/savings');
    expect(savingsAsked[0]?.params).toEqual({ projectId: 5, period: 'DAY' });
    expect(await seriousViolations()).toEqual([]);

    // Both languages.
    await setLanguage('zh-CN');
    expect(await screen.findByText('自动化节能', {}, WAIT)).toBeInTheDocument();
    expect(screen.getByText('占本期用电量的 10%')).toBeInTheDocument();
  });

  it('says why a new campus saved nothing yet and when its first figures come, instead of a bare zero', async () => {
    serve({
      '/sbuilding/board/energy/summary': envelope(200, BOARD),
      '/sbuilding/board/energy/savings': envelope(200, {
        ...SAVINGS,
        scenesKwh: 0,
        noonNapsKwh: 0,
        acAutomationsKwh: 0,
        kwh: 0,
      }),
    });
    renderPage();
    const none = await screen.findByTestId('energy-saved-none', {}, WAIT);
    expect(none).toHaveTextContent(/up to 4 comparable days without automation \(within 28 days\)/);
    expect(screen.queryByText(/of this period's consumption/)).toBeNull();
  });

  it("shows the period's peak demand of the scope, its building and floor (issue 22)", async () => {
    serve({
      '/sbuilding/board/energy/summary': envelope(200, BOARD),
      '/sbuilding/board/energy/demand': envelope(200, {
        projectId: 5,
        current: BOARD.current,
        peak: { kw: 20.5, at: '2026-11-21 09:15' },
        buildings: [{ buildingId: 1, peak: { kw: 20.5, at: '2026-11-21 09:15' } }],
        floors: [{ buildingId: 1, floorId: 2, peak: null }],
      }),
    });
    renderPage();
    const peak = await screen.findByTestId('energy-peak', {}, WAIT);
    expect(peak).toHaveTextContent('at 2026-11-21 09:15');
    expect(peak.closest('.ant-card')).toHaveTextContent('20.5kW');
    const places = screen.getByRole('list', { name: 'Peak demand by building and floor' });
    expect(within(places).getByText('20.5 kW at 2026-11-21 09:15')).toBeInTheDocument();
    expect(within(places).getByText('no readings')).toBeInTheDocument();
    expect(seen.find((c) => c.url === '/sbuilding/board/energy/demand')?.params).toEqual({
      projectId: 5,
      period: 'DAY',
    });
    expect(await seriousViolations()).toEqual([]);
    await setLanguage('zh-CN');
    expect(await screen.findByText('最大需量', {}, WAIT)).toBeInTheDocument();
  });

  it("puts each building's estimate beside the meters' difference and says how far they agree", async () => {
    serve({
      '/sbuilding/board/energy/summary': envelope(200, BOARD),
      '/sbuilding/board/energy/savings/check': envelope(200, CHECK),
    });
    renderPage();
    const card = await screen.findByTestId('savings-check', {}, WAIT);
    expect(within(card).getByText('Savings checked against the meters')).toBeInTheDocument();
    const rows = within(card).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Main hall');
    expect(rows[1]).toHaveTextContent('46 kWh');
    expect(rows[1]).toHaveTextContent('44 kWh');
    expect(rows[1]).toHaveTextContent('36 of 40');
    expect(rows[1]).toHaveTextContent('The estimate is 4.5% above the meters');
    expect(rows[2]).toHaveTextContent('No comparable hours without automation to compare with');
    expect(rows[3]).toHaveTextContent('No savings counted in this period');
    const checkAsked = seen.filter((c) => c.url === '/sbuilding/board/energy/savings/check');
    expect(checkAsked[0]?.params).toEqual({ projectId: 5, period: 'DAY' });
    expect(await seriousViolations()).toEqual([]);
    await setLanguage('zh-CN');
    expect(await screen.findByText('估算比电表高 4.5%', {}, WAIT)).toBeInTheDocument();
    expect(screen.getByText('节能量与电表核对')).toBeInTheDocument();
  });

  it('shows cost and carbon beside the kWh, split by tariff period, in both languages', async () => {
    serve({
      '/sbuilding/board/energy/summary': envelope(200, BOARD),
      '/sbuilding/board/energy/cost': envelope(200, COST),
    });
    renderPage();
    expect(await screen.findByText('Cost CN¥25.18 · Carbon 15 kgCO2e', {}, WAIT)).toBeInTheDocument();
    expect(screen.getByText('Cost CN¥20.00 · Carbon 10 kgCO2e')).toBeInTheDocument();
    expect(
      screen.getByRole('img', {
        name: 'This period by tariff period: Sharp peak 10 kWh CN¥13.50; Peak 6 kWh CN¥6.48; Flat 4 kWh CN¥2.60; Valley 4 kWh CN¥1.28; Deep valley 6 kWh CN¥1.32',
      }),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', {
      name: 'Consumption of every ammeter channel, this period and the previous one',
    });
    expect(within(table).getAllByText('Cost (CNY)').length).toBeGreaterThan(0);
    expect(within(table).getByText('22.48')).toBeInTheDocument();
    expect(within(table).getByText('25.18')).toBeInTheDocument();
    const costAsked = seen.filter((c) => c.url === '/sbuilding/board/energy/cost');
    expect(costAsked[0]?.params).toEqual({ projectId: 5, period: 'DAY' });
    expect(await seriousViolations()).toEqual([]);
    await setLanguage('zh-CN');
    expect(await screen.findByText('电费 ¥25.18 · 碳排放 15 kgCO2e', {}, WAIT)).toBeInTheDocument();
    expect(screen.getByText('按电价时段的电费')).toBeInTheDocument();
  });

  it('asks again for the period chosen', async () => {
    serve({ '/sbuilding/board/energy/summary': envelope(200, BOARD) });
    renderPage();
    await screen.findByText('Up 25.1% on the previous period', {}, WAIT);
    await userEvent.click(screen.getByText('Month'));
    await waitFor(() => expect(asked().at(-1)).toMatchObject({ period: 'MONTH' }), WAIT);
  });

  it("says 'No building' for a project without buildings", async () => {
    serve({
      '/sbuilding/board/energy/summary': envelope(200, {
        ...BOARD,
        buildings: [],
        meters: [],
        top: [],
        buildingOptions: [],
      }),
    });
    renderPage();
    expect(await screen.findByText('No building', {}, WAIT)).toBeInTheDocument();
  });

  it('points to the guide without a project', async () => {
    localStorage.clear();
    serve({});
    renderPage();
    expect(await screen.findByRole('link', {}, WAIT)).toHaveAttribute('href', '/guide');
    expect(asked()).toHaveLength(0);
  });
});
