import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { Providers } from '@/app/providers';
import { setLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { useSession } from '@/lib/session';
import { seriousViolations } from '@/test/axe';
import { bodyOf, envelope, seen, serve } from '@/test/http';
import NotificationsPage from './notifications-page';

const WAIT = { timeout: 5000 };

const HOOK = {
  id: 3,
  projectId: 5,
  name: 'Ops webhook',
  kind: 'webhook',
  enabled: true,
  levels: ['urgent'],
  events: ['raised', 'resolved'],
  url: 'https://hooks.example.test/alerts',
  hasSecret: true,
  recipients: [],
  version: 1,
  createTime: '2026-01-01T00:00:00Z',
  updateTime: '2026-01-01T00:00:00Z',
};

const DELIVERY = {
  id: 9,
  channelId: 3,
  channelName: 'Ops webhook',
  kind: 'webhook',
  alertId: 40,
  alertObject: 'Roof gateway',
  sceneRunId: null,
  workOrderId: null,
  event: 'raised',
  level: 'urgent',
  status: 'failed',
  attempts: 5,
  lastError: 'HTTP 503',
  httpStatus: 503,
  createTime: '2026-01-01T00:00:00Z',
  updateTime: '2026-01-01T00:00:00Z',
  sentTime: null,
  nextAttemptTime: null,
};

/** A scene run's delivery: no alert, no level; the scene's name and run instead. */
const SCENE_DELIVERY = {
  ...DELIVERY,
  id: 10,
  alertId: null,
  alertObject: 'Evening lights off',
  sceneRunId: 77,
  event: 'sceneRun',
  level: null,
  status: 'sent',
  attempts: 1,
  lastError: '',
  httpStatus: 204,
  sentTime: '2026-01-01T00:00:01Z',
};

const posted = (url: string) => seen.filter((c) => c.url === url).map((c) => bodyOf(c));

function renderPage() {
  render(
    <Providers>
      <MemoryRouter>
        <NotificationsPage />
      </MemoryRouter>
    </Providers>,
  );
}

beforeEach(async () => {
  queryClient.clear();
  await setLanguage('en');
  localStorage.setItem('projectId', '5');
  useSession.setState({ roles: ['tbAdmin'] });
  serve({
    '/sbuilding/notification/channel/list': envelope(200, [HOOK]),
    '/sbuilding/notification/channel': (config) => {
      const body = bodyOf(config) as Record<string, unknown>;
      return envelope(200, { ...HOOK, ...body, id: 4, hasSecret: false, version: 1 });
    },
    '/sbuilding/notification/channel/test/3': envelope(200, {
      ok: false,
      httpStatus: 503,
      error: 'HTTP 503',
      durationMs: 12,
    }),
    '/sbuilding/notification/delivery/list': envelope(200, { rows: [DELIVERY, SCENE_DELIVERY], total: 2 }),
  });
});
afterEach(() => {
  localStorage.clear();
  useSession.setState({ roles: [] });
});

describe('notifications page', { timeout: 150_000 }, () => {
  it('lists the channels and says what a test-send gave', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'Notification channels' }, WAIT);
    expect(await within(table).findByText('Ops webhook', {}, WAIT)).toBeInTheDocument();
    expect(within(table).getByText('Urgent')).toBeInTheDocument();
    expect(posted('/sbuilding/notification/channel/list')[0]).toEqual({ projectId: 5 });
    expect(await seriousViolations()).toEqual([]);
    fireEvent.click(within(table).getByRole('button', { name: 'Send test' }));
    const status = await screen.findByRole('status', {}, WAIT);
    expect(within(status).getByText('Test message to Ops webhook failed')).toBeInTheDocument();
    expect(within(status).getByText(/HTTP status: 503/)).toBeInTheDocument();
    // SMTP settings are the platform administrator's.
    expect(screen.queryByRole('tab', { name: 'SMTP settings' })).not.toBeInTheDocument();
  });

  it('checks the channel form with the shared rules, then creates a webhook channel', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: /Add channel/ }, WAIT));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    await user.type(within(dialog).getByLabelText('Name'), 'Night shift');
    await user.type(within(dialog).getByLabelText('URL'), 'ftp://example.test');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('URL must be an http:// or https:// address', {}, WAIT),
    ).toBeInTheDocument();
    expect(posted('/sbuilding/notification/channel')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('URL'));
    await user.type(within(dialog).getByLabelText('URL'), 'https://hooks.example.test/night');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posted('/sbuilding/notification/channel')).toHaveLength(1), WAIT);
    expect(posted('/sbuilding/notification/channel')[0]).toMatchObject({
      projectId: 5,
      name: 'Night shift',
      kind: 'webhook',
      url: 'https://hooks.example.test/night',
      levels: ['urgent', 'secondary'],
      events: ['raised', 'resolved'],
      recipients: [],
    });
  });

  it('refuses a bad e-mail recipient', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: /Add channel/ }, WAIT));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    await user.type(within(dialog).getByLabelText('Name'), 'Facility mail');
    await user.click(within(dialog).getByRole('radio', { name: 'E-mail' }));
    const recipients = await within(dialog).findByRole('combobox', { name: 'Recipients' }, WAIT);
    await user.type(recipients, 'ops@example.test,not-an-address,');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Please enter a correct email address', {}, WAIT),
    ).toBeInTheDocument();
    expect(posted('/sbuilding/notification/channel')).toHaveLength(0);
  });

  it('shows the delivery log with status words', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('tab', { name: 'Delivery log' }, WAIT));
    const table = await screen.findByRole('table', { name: 'Delivery log' }, WAIT);
    expect(await within(table).findByText('Failed', {}, WAIT)).toBeInTheDocument();
    expect(within(table).getByText('HTTP 503')).toBeInTheDocument();
    expect(within(table).getByText('Roof gateway (#40)')).toBeInTheDocument();
    expect(within(table).getByText('Evening lights off (#77)')).toBeInTheDocument();
    expect(within(table).getByText('Scene run')).toBeInTheDocument();
    expect(posted('/sbuilding/notification/delivery/list')[0]).toMatchObject({ projectId: 5, pageNum: 1 });
    expect(await seriousViolations()).toEqual([]);
  });
});
