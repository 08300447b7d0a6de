import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { Tariff, TariffDay } from '@sbuilding/shared';
import { Providers } from '@/app/providers';
import { setLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { useSession } from '@/lib/session';
import { seriousViolations } from '@/test/axe';
import { bodyOf, envelope, seen, serve } from '@/test/http';
import TariffPage from './tariff-page';

// jsdom has no canvas: the strip is its text alternative here.
vi.mock('@/components/echart', () => ({
  EChart: ({ label, empty }: { label: string; empty?: boolean }) => (
    <div role="img" aria-label={label}>
      {empty ? 'No Data' : null}
    </div>
  ),
}));

const userEvent = userEventLib.setup({ delay: null });
const WAIT = { timeout: 15_000 };

const TARIFF: Tariff = {
  id: 3,
  projectId: 5,
  name: 'Commercial TOU',
  validFrom: '2026-01-01',
  currency: 'CNY',
  kind: 'tou',
  flatPrice: null,
  tiers: [],
  prices: { sharp: 1.35, peak: 1.08, flat: 0.65, valley: 0.32, deepValley: 0.22 },
  seasons: [
    {
      name: 'All year',
      months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
      workday: [
        { period: 'deepValley', from: 0, to: 6 },
        { period: 'valley', from: 6, to: 8 },
        { period: 'peak', from: 8, to: 10 },
        { period: 'sharp', from: 10, to: 12 },
        { period: 'flat', from: 12, to: 24 },
      ],
      restDay: [],
    },
  ],
  demandChargePerKw: 40,
  fixedCharges: [{ name: 'Metering service', amount: 50 }],
};

const hours: TariffDay['hours'] = [
  ...Array<'deepValley'>(6).fill('deepValley'),
  'valley',
  'valley',
  'peak',
  'peak',
  'sharp',
  'sharp',
  ...Array<'flat'>(12).fill('flat'),
];
const DAY: TariffDay = {
  date: '2026-07-15',
  workday: false,
  holidayName: 'Test holiday',
  tariff: TARIFF,
  hours,
  prices: hours.map(() => 1),
};

function renderPage() {
  render(
    <Providers>
      <MemoryRouter>
        <TariffPage />
      </MemoryRouter>
    </Providers>,
  );
}

beforeEach(async () => {
  queryClient.clear();
  await setLanguage('en');
  localStorage.setItem('projectId', '5');
  useSession.setState({ roles: ['tbAdmin'] });
});
afterEach(() => {
  localStorage.clear();
  useSession.setState({ roles: [] });
});

describe('tariff page', { timeout: 150_000 }, () => {
  it("lists the plans and previews a day's periods by the calendar, in both languages", async () => {
    serve({
      '/sbuilding/energy/tariff/list': envelope(200, [TARIFF]),
      '/sbuilding/energy/tariff/day': envelope(200, DAY),
      '/sbuilding/energy/emission/list': envelope(200, [
        { id: 1, projectId: 5, validFrom: '2026-01-01', kgPerKwh: 0.5366 },
      ]),
    });
    renderPage();
    expect(await screen.findByText('Holiday: Test holiday', {}, WAIT)).toBeInTheDocument();
    expect(screen.getByText('Plan in force: Commercial TOU')).toBeInTheDocument();
    expect(
      screen.getByRole('img', {
        name: "The day's tariff periods by hour: 00:00-06:00 Deep valley, 06:00-08:00 Valley, 08:00-10:00 Peak, 10:00-12:00 Sharp peak, 12:00-24:00 Flat",
      }),
    ).toBeInTheDocument();
    expect(screen.getAllByText('Commercial TOU').length).toBeGreaterThan(0);
    expect(screen.getByText('0.5366')).toBeInTheDocument();
    expect(await seriousViolations()).toEqual([]);
    await setLanguage('zh-CN');
    expect(await screen.findByText('节假日：Test holiday', {}, WAIT)).toBeInTheDocument();
  });

  it('names overlapping hours before sending, then saves a valid plan', async () => {
    serve({
      '/sbuilding/energy/tariff/list': envelope(200, []),
      '/sbuilding/energy/tariff/day': envelope(200, { ...DAY, tariff: null, hours: [], prices: [] }),
      '/sbuilding/energy/emission/list': envelope(200, []),
      '/sbuilding/energy/tariff': envelope(200, TARIFF),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: /Add tariff/ }, WAIT));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Five periods');
    // The template covers the day; one more hour 00-01 overlaps its deep valley.
    await userEvent.click(within(dialog).getAllByRole('button', { name: /Add hours/ })[0] as HTMLElement);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText(/These hours overlap another period of the same day/, {}, WAIT),
    ).toBeInTheDocument();
    expect(seen.filter((c) => c.method === 'post' && c.url === '/sbuilding/energy/tariff')).toHaveLength(0);
    // Remove the extra hours: the plan is sent.
    const removes = within(dialog).getAllByRole('button', { name: 'Remove these hours' });
    await userEvent.click(removes.at(-1) as HTMLElement);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(
      () =>
        expect(seen.filter((c) => c.method === 'post' && c.url === '/sbuilding/energy/tariff')).toHaveLength(
          1,
        ),
      WAIT,
    );
    const sent = bodyOf(seen.find((c) => c.method === 'post' && c.url === '/sbuilding/energy/tariff'));
    expect(sent).toMatchObject({ projectId: 5, name: 'Five periods', kind: 'tou', currency: 'CNY' });
  });
});
