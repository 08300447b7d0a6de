import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { NotificationChannel, ReportSend, ShareLink } from '@sbuilding/shared';
import { Providers } from '@/app/providers';
import { setLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { bodyOf, envelope, seen, serve } from '@/test/http';
import ReportsPage from './reports-page';

const WAIT = { timeout: 15_000 };
const userEvent = userEventLib.setup({ delay: null });

const send = (over: Partial<ReportSend>): ReportSend => ({
  id: 1,
  scheduleId: 3,
  scheduleName: 'Weekly energy',
  channelId: 8,
  channelName: 'Energy team',
  channelKind: 'email',
  periodFrom: '2026-07-13',
  periodTo: '2026-07-19',
  manual: false,
  ok: true,
  error: '',
  gaveUp: false,
  sentAt: '2026-07-20T00:00:30.000Z',
  ...over,
});

const SENDS: ReportSend[] = [
  send({ id: 3, channelName: 'Broken hook', channelKind: 'webhook', ok: false, error: 'HTTP 500' }),
  send({
    id: 2,
    channelName: 'Flaky hook',
    channelKind: 'webhook',
    ok: false,
    gaveUp: true,
    error: 'not completed in 3 attempts: the node sending it stopped each time',
  }),
  send({ id: 1 }),
];

function renderPage() {
  render(
    <Providers>
      <MemoryRouter>
        <ReportsPage />
      </MemoryRouter>
    </Providers>,
  );
}

beforeEach(async () => {
  queryClient.clear();
  await setLanguage('en');
  localStorage.setItem('projectId', '5');
  serve({
    '/sbuilding/energy/report/schedule/list': envelope(200, []),
    '/sbuilding/energy/report/send/list': envelope(200, SENDS),
    '/sbuilding/energy/report/share/list': envelope(200, []),
    '/sbuilding/notification/channel/list': envelope(200, []),
    '/sbuilding/energy/bill/nodes': envelope(200, []),
  });
});
afterEach(() => localStorage.clear());

describe('reports page send history', { timeout: 150_000 }, () => {
  it('tells a channel given up with its run apart from one that failed, in both languages', async () => {
    renderPage();
    const flaky = (await screen.findByText('Flaky hook (Webhook)', {}, WAIT)).closest('tr');
    if (!flaky) throw new Error('no row');
    expect(within(flaky).getByText('Given up')).toBeInTheDocument();
    expect(
      within(flaky).getByText(
        'Not sent: the scheduled run did not complete in 3 attempts (the server sending it stopped each time).',
      ),
    ).toBeInTheDocument();
    const broken = screen.getByText('Broken hook (Webhook)').closest('tr');
    if (!broken) throw new Error('no row');
    expect(within(broken).getByText('Failed')).toBeInTheDocument();
    expect(within(broken).getByText('HTTP 500')).toBeInTheDocument();

    await setLanguage('zh-CN');
    expect(await screen.findByText('已放弃', {}, WAIT)).toBeInTheDocument();
    expect(
      screen.getByText('未发送：该次定时发送尝试 3 次均未完成（每次发送它的服务器都中途停止）。'),
    ).toBeInTheDocument();
  });
});

describe('reports page share links', { timeout: 150_000 }, () => {
  const link: ShareLink = {
    id: 4,
    projectId: 5,
    kind: 'bill',
    label: 'For the landlord',
    target: { period: null, anchor: null, month: '2026-07', level: 'building', nodeId: 1 },
    expiresAt: '2026-12-31T00:00:00.000Z',
    revokedAt: null,
    createdAt: '2026-07-20T00:00:00.000Z',
    status: 'active',
    token: null,
  };

  it('says what each link shows (not a count) and confirms a revocation once it is done', async () => {
    serve({
      '/sbuilding/energy/report/schedule/list': envelope(200, []),
      '/sbuilding/energy/report/send/list': envelope(200, []),
      '/sbuilding/energy/report/share/list': envelope(200, [link]),
      '/sbuilding/notification/channel/list': envelope(200, []),
      '/sbuilding/energy/bill/nodes': envelope(200, [
        { level: 'building', id: 1, name: 'Building A', parentId: null, metered: true },
      ]),
      '/sbuilding/energy/report/share/4/revoke': envelope(200, { ...link, status: 'revoked' }),
    });
    renderPage();
    expect(await screen.findByRole('columnheader', { name: 'What it shows' }, WAIT)).toBeInTheDocument();
    expect(await screen.findByText('Bill: Building A, 2026-07', {}, WAIT)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Revoke For the landlord' }));
    await userEvent.click(await screen.findByRole('button', { name: /^(OK|Revoke)$/ }, WAIT));
    expect(await screen.findByText('Link revoked: it no longer opens.', {}, WAIT)).toBeInTheDocument();
    await waitFor(() =>
      expect(seen.some((c) => c.url === '/sbuilding/energy/report/share/4/revoke')).toBe(true),
    );
  });
});

const EMAIL: NotificationChannel = {
  id: 8,
  projectId: 5,
  name: 'Energy team',
  kind: 'email',
  enabled: true,
  levels: ['general'],
  events: ['raised'],
  url: '',
  hasSecret: false,
  recipients: ['energy@example.test'],
  version: 1,
  createTime: '2026-07-01 08:00:00',
  updateTime: '2026-07-01 08:00:00',
};

describe('the schedule form', { timeout: 150_000 }, () => {
  it('asks for something to send, and schedules the fault findings alone', async () => {
    serve({
      '/sbuilding/energy/report/schedule/list': envelope(200, []),
      '/sbuilding/energy/report/send/list': envelope(200, []),
      '/sbuilding/energy/report/share/list': envelope(200, []),
      '/sbuilding/notification/channel/list': envelope(200, [EMAIL]),
      '/sbuilding/energy/bill/nodes': envelope(200, []),
      '/sbuilding/energy/report/schedule': (config) =>
        envelope(200, { id: 4, ...(bodyOf(config) as object) }),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Add schedule' }, WAIT));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Weekly faults');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Channels' }));
    await userEvent.click(await screen.findByText('Energy team (E-mail)', {}, WAIT));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Energy report (PDF)' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText(
        'Send the report, the bills or the fault findings (one at least)',
        {},
        WAIT,
      ),
    ).toBeInTheDocument();
    expect(seen.filter((c) => c.url === '/sbuilding/energy/report/schedule')).toEqual([]);

    await userEvent.click(
      within(dialog).getByRole('checkbox', {
        name: 'Fault findings of the period (in the message: found, still open, the costliest)',
      }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      const [sent] = seen.filter((c) => c.url === '/sbuilding/energy/report/schedule').map((c) => bodyOf(c));
      expect(sent).toMatchObject({
        name: 'Weekly faults',
        includeReport: false,
        includeBills: false,
        includeFaults: true,
        channelIds: [8],
      });
    }, WAIT);
  });
});
