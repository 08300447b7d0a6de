import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { ReportSend } from '@sbuilding/shared';
import { Providers } from '@/app/providers';
import { setLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { envelope, serve } from '@/test/http';
import ReportsPage from './reports-page';

const WAIT = { timeout: 15_000 };

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
