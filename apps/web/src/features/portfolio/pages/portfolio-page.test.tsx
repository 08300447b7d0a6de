import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { Portfolio, PortfolioBuilding, PortfolioProject } from '@sbuilding/shared';
import { Providers } from '@/app/providers';
import { setLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { seriousViolations } from '@/test/axe';
import { envelope, seen, serve } from '@/test/http';
import PortfolioPage from './portfolio-page';

vi.mock('@/components/echart', () => ({
  EChart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

const userEvent = userEventLib.setup({ delay: null });
const WAIT = { timeout: 15_000 };

const figures = {
  changePercent: null,
  previousKwhPerM2: null,
  previousCost: 0,
  previousCarbon: 0,
  previousKwh: 0,
};

function building(
  buildingId: number,
  name: string,
  kwh: number,
  area: number | null,
  areaSource: PortfolioBuilding['areaSource'] = area === null ? null : 'floors',
): PortfolioBuilding {
  return {
    buildingId,
    name,
    ...figures,
    kwh,
    area,
    areaSource,
    kwhPerM2: area === null ? null : kwh / area,
    cost: kwh,
    carbon: kwh / 2,
    peak: area === null ? null : { kw: 20, at: '2026-07-16 09:15' },
  };
}

function project(
  projectId: number,
  projectName: string,
  tenantId: number,
  tenantName: string,
  buildings: PortfolioBuilding[],
): PortfolioProject {
  const kwh = buildings.reduce((s, b) => s + b.kwh, 0);
  return {
    projectId,
    projectName,
    tenantId,
    tenantName,
    timeZone: 'Asia/Shanghai',
    currency: 'CNY',
    hasTariff: true,
    hasFactor: true,
    current: { from: '2026-07-01', to: '2026-07-31' },
    previousRange: { from: '2026-06-01', to: '2026-06-30' },
    comparedUntil: { date: '2026-06-16', time: '10:30' },
    ...figures,
    kwh,
    previousKwh: 36,
    changePercent: 83.3,
    area: null,
    kwhPerM2: null,
    cost: kwh,
    carbon: kwh / 2,
    peak: { kw: 20, at: '2026-07-16 09:15' },
    buildings,
  };
}

const PORTFOLIO: Portfolio = {
  period: 'MONTH',
  projects: [
    project(1, 'Harbour campus', 1, 'Acme', [
      building(11, 'North', 56, 400, 'meterTree'),
      building(12, 'Annex', 10, null),
    ]),
    project(2, 'Hill campus', 2, 'Globex', [building(21, 'South', 24, 50)]),
  ],
};

function renderPage() {
  render(
    <Providers>
      <MemoryRouter>
        <PortfolioPage />
      </MemoryRouter>
    </Providers>,
  );
}

beforeEach(async () => {
  queryClient.clear();
  await setLanguage('en');
});
afterEach(() => localStorage.clear());

describe('portfolio page', { timeout: 150_000 }, () => {
  it('ranks the buildings, groups the projects by tenant, and says what is unknown', async () => {
    serve({ '/sbuilding/energy/portfolio': envelope(200, PORTFOLIO) });
    renderPage();
    // The chart ranks by kWh/m², highest first; the building without an area is named, not ranked.
    const chart = await screen.findByRole('img', {}, WAIT);
    expect(chart.getAttribute('aria-label')).toBe(
      'Buildings ranked by kWh/m², highest first: Hill campus / South: 0.48 kWh/m²; Harbour campus / North: 0.14 kWh/m²',
    );
    expect(screen.getByTestId('portfolio-area-unknown')).toHaveTextContent(
      'Not ranked (area unknown): Harbour campus / Annex',
    );
    expect(screen.getByText('Tenant: Acme')).toBeInTheDocument();
    expect(screen.getByText('Tenant: Globex')).toBeInTheDocument();
    expect(screen.getByTestId('portfolio-compared-until')).toHaveTextContent('2026-06-16 10:30');
    const harbour = screen.getByRole('row', { name: /Harbour campus/ });
    expect(within(harbour).getByText('Up 83.3%')).toBeInTheDocument();
    expect(within(harbour).getByText('area unknown')).toBeInTheDocument();
    expect(within(harbour).getByText('20 kW')).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Annex/ })).toHaveTextContent('no readings');
    // Where each area comes from, and the rule under the table.
    expect(
      within(screen.getByRole('row', { name: /North/ })).getByText('from the meter tree'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('row', { name: /South/ })).getByText('sum of its floors'),
    ).toBeInTheDocument();
    expect(
      screen.getAllByText(/^Area: a building's is the area of its building node in the meter tree/).length,
    ).toBeGreaterThan(0);
    expect(seen.find((c) => c.url === '/sbuilding/energy/portfolio')?.params).toEqual({ period: 'MONTH' });
    expect(await seriousViolations()).toEqual([]);

    // Ranked by cost instead; another period asks again.
    await userEvent.click(screen.getByRole('radio', { name: 'Cost' }));
    await waitFor(
      () =>
        expect(screen.getByRole('img').getAttribute('aria-label')).toMatch(
          /^Buildings ranked by Cost.*North.*South.*Annex/,
        ),
      WAIT,
    );
    await userEvent.click(screen.getByRole('radio', { name: 'Year' }));
    await waitFor(() => expect(seen.at(-1)?.params).toEqual({ period: 'YEAR' }), WAIT);

    await setLanguage('zh-CN');
    expect(await screen.findByText('租户：Acme', {}, WAIT)).toBeInTheDocument();
    expect(screen.getAllByText('面积未知').length).toBeGreaterThan(0);
    expect(screen.getByText('取自计量树')).toBeInTheDocument();
    expect(screen.getAllByText(/^面积：建筑的面积取计量树中该建筑节点的面积/).length).toBeGreaterThan(0);
  });

  it('says so when there is no project', async () => {
    serve({ '/sbuilding/energy/portfolio': envelope(200, { period: 'MONTH', projects: [] }) });
    renderPage();
    expect(await screen.findByText('No projects to compare yet', {}, WAIT)).toBeInTheDocument();
    expect(await seriousViolations()).toEqual([]);
  });
});
