import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { permissionsForRoles, type FddSummary, type Role } from '@sbuilding/shared';
import { Providers } from '@/app/providers';
import { setLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { useSession } from '@/lib/session';
import { seen, envelope, serve } from '@/test/http';
import { FaultWasteCard } from './fault-waste-card';

const SUMMARY: FddSummary = {
  period: 'MONTH',
  from: '2026-12-01T00:00:00Z',
  active: 3,
  wasteKwh: 120.5,
  wasteCost: 96.4,
  wasteCo2: 68.7,
  activeCostPerDay: 11.52,
  byRule: [{ rule: 'acOnVacant', count: 3, wasteKwh: 120.5, wasteCost: 96.4 }],
  byBuilding: [
    { buildingId: 1, buildingName: 'Building A', count: 2, wasteKwh: 100, wasteCost: 80 },
    { buildingId: 2, buildingName: 'Building B', count: 1, wasteKwh: 20.5, wasteCost: 16.4 },
  ],
};

function renderCard(role: Role, buildingId?: number) {
  useSession.setState({ roles: [role], permissions: permissionsForRoles([role]) });
  render(
    <Providers>
      <MemoryRouter>
        <FaultWasteCard projectId={5} buildingId={buildingId} />
      </MemoryRouter>
    </Providers>,
  );
}

beforeEach(async () => {
  queryClient.clear();
  await setLanguage('en');
  serve({
    '/sbuilding/fdd/summary': envelope(200, SUMMARY),
    '/sbuilding/energy/tariff/list': envelope(200, [{ validFrom: '2020-01-01', currency: 'CNY' }]),
  });
});

describe('the fault waste card of the energy board', () => {
  it("shows this month's fault waste of the project, with the way to the findings", async () => {
    renderCard('tbAdmin');
    const card = await screen.findByRole('group', { name: 'Faults found this month' });
    expect(within(card).getByText('120.5 kWh')).toBeInTheDocument();
    expect(await within(card).findByText('CN¥96.40')).toBeInTheDocument();
    expect(within(card).getByText('3')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the findings' })).toHaveAttribute('href', '/fdd');
  });

  it("shows the board's building alone when the board shows one", async () => {
    renderCard('tbAdmin', 2);
    const card = await screen.findByRole('group', { name: 'Faults found this month' });
    expect(within(card).getByText('20.5 kWh')).toBeInTheDocument();
    expect(await within(card).findByText('CN¥16.40')).toBeInTheDocument();
    expect(within(card).queryByText('Active findings cost per day')).not.toBeInTheDocument();
  });

  it('is not there for a weixin customer, who may not read findings, and asks nothing', async () => {
    renderCard('tbWeixinCustomer');
    // The card's money format asks for the currency whoever reads: the moment to look.
    await waitFor(() => expect(seen.some((c) => c.url === '/sbuilding/energy/tariff/list')).toBe(true));
    expect(screen.queryByRole('group', { name: 'Faults found this month' })).not.toBeInTheDocument();
    expect(seen.some((c) => c.url === '/sbuilding/fdd/summary')).toBe(false);
  });
});
