import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import type { ApiKey } from '@sbuilding/shared';
import { Providers } from '@/app/providers';
import { setLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { seriousViolations } from '@/test/axe';
import { bodyOf, envelope, seen, serve } from '@/test/http';
import { ApiKeysPanel } from './api-keys-panel';

const userEvent = userEventLib.setup({ delay: null });
const WAIT = { timeout: 5000 };
const NEW_KEY = 'sbk_Xq3vT9aB_4Jk2m0PqLr8sTuVwXyZaBcDeFgHiJkLmNoPq';

const KEY: ApiKey = {
  id: 7,
  userId: 3,
  userName: 'manager',
  name: 'BMS sync',
  access: 'read',
  projectIds: [1],
  prefix: 'sbk_AbCdEfGh…',
  createTime: '2026-11-20T08:00:00Z',
  expiresAt: '2099-02-18T08:00:00Z',
  lastUsedAt: '2026-11-25T09:30:00Z',
  lastUsedIp: '198.51.100.23',
  createdBy: 'manager',
};

let keys: ApiKey[];

beforeEach(async () => {
  queryClient.clear();
  await setLanguage('en');
  keys = [KEY];
  serve({
    '/sbuilding/api-key/getList': () => envelope(200, { rows: keys, total: keys.length }),
    '/sbuilding/project/getList': envelope(200, {
      rows: [
        {
          id: 1,
          tenantId: 1,
          projectName: 'Demo Campus',
          status: 'done',
          address: 'x',
          description: '',
          timeZone: 'Asia/Shanghai',
          version: 1,
          createTime: '2026-01-01T00:00:00Z',
          updateTime: '2026-01-01T00:00:00Z',
        },
      ],
      total: 1,
    }),
    '/sbuilding/api-key/create': (config) => {
      const body = bodyOf(config) as { name: string };
      keys = [
        ...keys,
        { ...KEY, id: 8, name: body.name, projectIds: [], lastUsedAt: null, lastUsedIp: null },
      ];
      return envelope(200, { id: 8, key: NEW_KEY });
    },
    '/sbuilding/api-key/del/7': () => {
      keys = keys.filter((k) => k.id !== 7);
      return envelope(200, null);
    },
  });
});

function renderPanel(userId?: number) {
  render(
    <Providers>
      <ApiKeysPanel {...(userId === undefined ? {} : { userId })} />
    </Providers>,
  );
}

describe('API keys panel', () => {
  it('lists keys with scope, last use and where from, and no serious accessibility finding', async () => {
    renderPanel();
    const row = (await screen.findByText('BMS sync', {}, WAIT)).closest('tr')!;
    expect(within(row).getByText('Read only')).toBeInTheDocument();
    expect(within(row).getByText('1 project')).toBeInTheDocument();
    expect(within(row).getByText('sbk_AbCdEfGh…')).toBeInTheDocument();
    expect(within(row).getByText(/198\.51\.100\.23/)).toBeInTheDocument();
    expect(await seriousViolations()).toEqual([]);
  });

  it('creates a key with the defaults (read only, 90 days) and shows it once', async () => {
    renderPanel();
    await screen.findByText('BMS sync', {}, WAIT);
    await userEvent.click(screen.getByRole('button', { name: 'New API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'New API key' });
    await userEvent.type(within(dialog).getByLabelText('Name'), 'ERP');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const shownKey = await screen.findByText(NEW_KEY, {}, WAIT);
    const shown = shownKey.closest<HTMLElement>('[role="dialog"]')!;
    expect(within(shown).getByText('Your new API key')).toBeInTheDocument();
    expect(within(shown).getByText(/shown only this once/)).toBeInTheDocument();
    const [create] = seen.filter((c) => c.url === '/sbuilding/api-key/create');
    expect(bodyOf(create)).toEqual({
      name: 'ERP',
      access: 'read',
      projectIds: [],
      expiresInDays: 90,
    });
    await userEvent.click(within(shown).getByRole('button', { name: 'I have copied it' }));
    expect(await screen.findByText('ERP', {}, WAIT)).toBeInTheDocument();
    // Typing into antd's form on the shared two-core machine takes seconds.
  }, 40_000);

  it('names the field when the name is missing, and sends nothing', async () => {
    renderPanel();
    await screen.findByText('BMS sync', {}, WAIT);
    await userEvent.click(screen.getByRole('button', { name: 'New API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'New API key' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Name is required', {}, WAIT)).toBeInTheDocument();
    expect(seen.filter((c) => c.url === '/sbuilding/api-key/create')).toHaveLength(0);
  });

  it("revokes a key after confirming, and manages a service account's keys by its user id", async () => {
    renderPanel(42);
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke BMS sync' }, WAIT));
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(screen.queryByText('BMS sync')).not.toBeInTheDocument(), WAIT);
    // A confirmation that it is done (issue 34).
    expect(
      await screen.findByText('Key BMS sync revoked: systems using it can no longer sign in.', {}, WAIT),
    ).toBeInTheDocument();
    expect(seen.some((c) => c.url === '/sbuilding/api-key/del/7' && c.method === 'delete')).toBe(true);
    const [list] = seen.filter((c) => c.url === '/sbuilding/api-key/getList');
    expect(bodyOf(list)).toMatchObject({ userId: 42 });
  });
});
