import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { Bill, BillNodes } from '@sbuilding/shared';
import { Providers } from '@/app/providers';
import { setLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { seriousViolations } from '@/test/axe';
import { envelope, seen, serve } from '@/test/http';
import BillsPage from './bills-page';

vi.mock('@/components/echart', () => ({
  EChart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));
vi.mock('@/lib/save-blob', () => ({ saveBlob: vi.fn() }));

const userEvent = userEventLib.setup({ delay: null });
const WAIT = { timeout: 15_000 };

const NODES: BillNodes = [
  { level: 'building', id: 1, name: 'Main hall', parentId: null },
  { level: 'floor', id: 2, name: 'F1', parentId: 1 },
];
const BILL: Bill = {
  projectId: 5,
  month: '2026-07',
  level: 'building',
  nodeId: 1,
  nodeName: 'Main hall',
  currency: 'CNY',
  timeZone: 'Asia/Shanghai',
  tariffNames: ['Commercial TOU'],
  kwh: 58,
  periods: [
    { period: 'sharp', kwh: 10, cost: 13.5 },
    { period: 'peak', kwh: 10, cost: 10.8 },
    { period: 'flat', kwh: 18, cost: 11.7 },
    { period: 'valley', kwh: 8, cost: 2.56 },
    { period: 'deepValley', kwh: 12, cost: 1.35 },
  ],
  energyCost: 39.91,
  peakKw: 7,
  peakAt: '2026-07-15 10:15',
  peakBasis: 'quarterHour',
  demandCharge: 280,
  fixedCharges: [{ name: 'Metering service', amount: 50 }],
  total: 369.91,
  carbon: 29,
  meters: [
    {
      deviceId: 7,
      name: 'M1 ch1',
      code: '000000000001',
      channel: 1,
      startReading: 1000,
      endReading: 1056,
      kwh: 56,
      peakKw: 6.5,
      peakAt: '2026-07-15 10:30',
    },
  ],
  gaps: [{ deviceId: 7, name: 'M1 ch1', from: '2026-07-01 00:00', to: '2026-07-15 00:00' }],
  gapCount: 1,
};

function renderPage() {
  render(
    <Providers>
      <MemoryRouter>
        <BillsPage />
      </MemoryRouter>
    </Providers>,
  );
}

beforeEach(async () => {
  queryClient.clear();
  await setLanguage('en');
  localStorage.setItem('projectId', '5');
});
afterEach(() => localStorage.clear());

describe('bills page', { timeout: 150_000 }, () => {
  it('shows the bill of the first building, its gaps, and downloads it as a PDF', async () => {
    serve({
      '/sbuilding/energy/bill/nodes': envelope(200, NODES),
      '/sbuilding/energy/bill': envelope(200, BILL),
      '/sbuilding/energy/bill/file': { status: 200, body: new Blob(['%PDF-1.3']) },
    });
    renderPage();
    expect(await screen.findByTestId('bill-total', {}, WAIT)).toHaveTextContent('CN¥369.91');
    expect(screen.getByText('Peak demand 7 kW at 2026-07-15 10:15')).toBeInTheDocument();
    expect(screen.getByText('The highest 15-minute average, from the meter readings')).toBeInTheDocument();
    // Each meter's own peak and when (not the place's: the channels peak at different quarters).
    expect(screen.getByText('6.5 kW at 2026-07-15 10:30')).toBeInTheDocument();
    expect(screen.getByText('M1 ch1: 2026-07-01 00:00 – 2026-07-15 00:00')).toBeInTheDocument();
    const asked = seen.find((c) => c.url === '/sbuilding/energy/bill');
    expect(asked?.params).toMatchObject({ projectId: 5, level: 'building', nodeId: 1 });
    expect(await seriousViolations()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: /Download PDF/ }));
    await waitFor(() => {
      const file = seen.find((c) => c.url === '/sbuilding/energy/bill/file');
      expect(file?.params).toMatchObject({ format: 'pdf', nodeId: 1 });
    }, WAIT);
    await setLanguage('zh-CN');
    expect(await screen.findByText('读数缺口', {}, WAIT)).toBeInTheDocument();
  });
});
