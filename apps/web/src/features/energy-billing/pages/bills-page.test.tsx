import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { unzipSync } from 'fflate';
import type { Bill, BillNodes } from '@sbuilding/shared';
import { Providers } from '@/app/providers';
import { removeToken, setToken } from '@/lib/auth-token';
import { setLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { resetRequestState } from '@/lib/request';
import { saveBlob } from '@/lib/save-blob';
import { seriousViolations } from '@/test/axe';
import { envelope, seen, serve, type Reply } from '@/test/http';
import BillsPage from './bills-page';

vi.mock('@/components/echart', () => ({
  EChart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));
vi.mock('@/lib/save-blob', () => ({ saveBlob: vi.fn() }));

const userEvent = userEventLib.setup({ delay: null });
const WAIT = { timeout: 15_000 };

const NODES: BillNodes = [
  { level: 'building', id: 1, name: 'Main hall', parentId: null, metered: true },
  { level: 'floor', id: 2, name: 'F1', parentId: 1, metered: true },
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

/** A blob's bytes (FileReader: jsdom's Blob has no arrayBuffer). */
function bytesOf(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsArrayBuffer(blob);
  });
}

/** The server's refusal of a file: a JSON envelope in place of the bytes. */
function refusal(code: number, msg: string): Reply {
  return { status: code, body: new Blob([JSON.stringify({ code, msg, data: null })]) };
}

const fileCalls = () => seen.filter((c) => c.url === '/sbuilding/energy/bill/file');

async function openAllBills() {
  const button = await screen.findByRole('button', { name: /Download every bill/ }, WAIT);
  await waitFor(() => expect(button).toBeEnabled(), WAIT);
  await userEvent.click(button);
  return within(await screen.findByRole('dialog', {}, WAIT));
}

beforeEach(async () => {
  queryClient.clear();
  vi.mocked(saveBlob).mockClear();
  await setLanguage('en');
  localStorage.setItem('projectId', '5');
});
afterEach(() => {
  localStorage.clear();
  removeToken();
  resetRequestState();
});

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
    // Named by the place, as the zip names it (not by its id).
    await waitFor(() => expect(saveBlob).toHaveBeenCalled(), WAIT);
    expect(vi.mocked(saveBlob).mock.calls[0]?.[1]).toMatch(/^bill_Main-hall_\d{4}-\d{2}\.pdf$/);
    await setLanguage('zh-CN');
    expect(await screen.findByText('读数缺口', {}, WAIT)).toBeInTheDocument();
  });

  it('zips every bill of the month, saying first which places it leaves out and never asking for them', async () => {
    const nodes: BillNodes = [
      { level: 'building', id: 1, name: 'Building A', parentId: null, metered: true },
      { level: 'floor', id: 2, name: 'F1', parentId: 1, metered: false },
      { level: 'floor', id: 4, name: '1st floor', parentId: 1, metered: true },
      { level: 'zone', id: 3, name: 'Zone: East', parentId: 4, metered: true },
    ];
    serve({
      '/sbuilding/energy/bill/nodes': envelope(200, nodes),
      '/sbuilding/energy/bill': envelope(200, BILL),
      '/sbuilding/project/5': envelope(200, { projectName: 'Tower One' }),
      '/sbuilding/energy/bill/file': (config) => {
        const nodeId = (config.params as { nodeId: number }).nodeId;
        if (nodeId === 2) return refusal(400, 'This place has no meter channel');
        return { status: 200, body: new Blob([`%PDF-${nodeId}`]) };
      },
    });
    renderPage();
    const dialog = await openAllBills();
    const format = dialog.getByRole('radiogroup', { name: 'File format' });
    expect(within(format).getByRole('radio', { name: 'PDF' })).toBeChecked();
    expect(dialog.getByText('3 places have a meter and so a bill in', { exact: false })).toBeInTheDocument();
    expect(dialog.getByText('1 place has no meter and no bill: it is left out.')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(saveBlob).toHaveBeenCalledTimes(1), WAIT);

    const month = String((fileCalls()[0]?.params as { month: string }).month);
    expect(month).toMatch(/^\d{4}-\d{2}$/);
    // The place without a meter is never asked for (it would answer 400 and log an error).
    expect(fileCalls().map((c) => c.params)).toEqual(
      nodes
        .filter((n) => n.metered)
        .map((n) => ({ projectId: 5, month, level: n.level, nodeId: n.id, format: 'pdf' })),
    );
    const [zip, zipName] = vi.mocked(saveBlob).mock.calls[0]!;
    expect(zipName).toBe(`Tower-One_bills_${month}.zip`);
    const files = unzipSync(await bytesOf(zip));
    // A floor's and a zone's entries say which building they are in.
    expect(Object.keys(files)).toEqual([
      `bill_Building-A_${month}.pdf`,
      `bill_Building-A_1st-floor_${month}.pdf`,
      `bill_Building-A_1st-floor_Zone-East_${month}.pdf`,
    ]);
    const text = (name: string) => new TextDecoder().decode(files[name]);
    expect(text(`bill_Building-A_${month}.pdf`)).toBe('%PDF-1');
    expect(text(`bill_Building-A_1st-floor_Zone-East_${month}.pdf`)).toBe('%PDF-3');

    expect(await dialog.findByText(`3 bills in Tower-One_bills_${month}.zip.`, {}, WAIT)).toBeInTheDocument();
    expect(dialog.queryByText(/skipped/)).not.toBeInTheDocument();
    expect(dialog.getByText('0 failed.')).toBeInTheDocument();
  });

  it('stops at an expired login, says what was not fetched and offers to log in again', async () => {
    setToken('expired');
    const nodes: BillNodes = [1, 2, 3, 4].map((id) => ({
      level: 'building',
      id,
      name: `Building ${id}`,
      parentId: null,
      metered: true,
    }));
    serve({
      '/sbuilding/energy/bill/nodes': envelope(200, nodes),
      '/sbuilding/energy/bill': envelope(200, BILL),
      '/sbuilding/energy/bill/file': refusal(401, 'expired'),
    });
    renderPage();
    const dialog = await openAllBills();
    await userEvent.click(dialog.getByRole('button', { name: 'Download' }));
    // The login's own dialog (spec section 8), above the summary: the user signs in again from it.
    await waitFor(() => {
      const tips = screen.getAllByRole('dialog').filter((d) => d.textContent?.includes('System Tips'));
      expect(tips).toHaveLength(1);
      expect(within(tips[0]!).getByRole('button', { name: 'Log In Again' })).toBeInTheDocument();
    }, WAIT);
    // 2 or 3 places not fetched: the one answered 401, the other under way (answered or stopped), no more asked.
    expect(
      await dialog.findByText(/^[23] places were not fetched: the login expired/, {}, WAIT),
    ).toBeInTheDocument();
    expect(fileCalls()).toHaveLength(2);
    expect(saveBlob).not.toHaveBeenCalled();
  });

  it('stops asking for bills when canceled and saves nothing', async () => {
    const nodes: BillNodes = [1, 2, 3, 4, 5].map((id) => ({
      level: 'building',
      id,
      name: `Building ${id}`,
      parentId: null,
      metered: true,
    }));
    const waiting: (() => void)[] = [];
    serve({
      '/sbuilding/energy/bill/nodes': envelope(200, nodes),
      '/sbuilding/energy/bill': envelope(200, BILL),
      '/sbuilding/energy/bill/file': () =>
        new Promise<Reply>((resolve) =>
          waiting.push(() => resolve({ status: 200, body: new Blob(['%PDF']) })),
        ),
    });
    renderPage();
    const dialog = await openAllBills();
    await userEvent.click(dialog.getByRole('radio', { name: '.xlsx' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Download' }));
    // Two at a time: the first two are under way, the rest wait for them.
    await waitFor(() => expect(fileCalls()).toHaveLength(2), WAIT);
    expect(fileCalls().map((c) => (c.params as { format: string }).format)).toEqual(['xlsx', 'xlsx']);
    const bar = dialog.getByRole('progressbar', { name: 'Bills fetched' });
    expect(bar).toHaveAttribute('aria-valuetext', '0 of 5 bills');
    expect(dialog.getByText('0 of 5 bills: fetching Building 2')).toBeInTheDocument();
    expect(await seriousViolations()).toEqual([]);

    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    for (const answer of waiting) answer();
    expect(await dialog.findByText('Canceled: nothing was saved.', {}, WAIT)).toBeInTheDocument();
    expect(fileCalls()).toHaveLength(2);
    expect(saveBlob).not.toHaveBeenCalled();
  });
});
