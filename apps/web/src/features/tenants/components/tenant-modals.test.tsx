import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import type { Tenant } from '@sbuilding/shared';
import { Providers } from '@/app/providers';
import { setLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { bodyOf, envelope, seen, serve } from '@/test/http';
import { TenantCreateModal } from './tenant-create-modal';
import { TenantEditModal } from './tenant-edit-modal';

const userEvent = userEventLib.setup({ delay: null });
const WAIT = { timeout: 5000 };

const TENANT: Tenant = {
  id: 5,
  name: 'Acme',
  contactName: '',
  contactPhone: '',
  status: '0',
  admins: ['acme_admin'],
  userCount: 1,
  projectCount: 0,
  version: 3,
  createTime: '2026-01-01T00:00:00Z',
  updateTime: '2026-01-01T00:00:00Z',
};

const sent = (url: string) => seen.filter((c) => c.url === url);

beforeEach(async () => {
  queryClient.clear();
  await setLanguage('en');
  serve({
    '/sbuilding/tenant/create': envelope(200, TENANT),
    '/sbuilding/tenant/save/5': (config) => envelope(200, { ...TENANT, ...(bodyOf(config) as object) }),
  });
});

describe('tenant forms', () => {
  it('creates the tenant and its first administrator in one body, after the confirmation matches', async () => {
    render(
      <Providers>
        <TenantCreateModal onClose={() => undefined} />
      </Providers>,
    );
    await userEvent.type(screen.getByLabelText('Tenant name'), 'Acme');
    await userEvent.type(screen.getByLabelText('Username'), 'acme_admin');
    await userEvent.type(screen.getByLabelText('Nickname'), 'Acme admin');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-1');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'secret-2');
    expect(await screen.findByText('Passwords is different', {}, WAIT)).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Confirm password'));
    await userEvent.type(screen.getByLabelText('Confirm password'), 'secret-1');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent('/sbuilding/tenant/create')).toHaveLength(1), WAIT);
    expect(bodyOf(sent('/sbuilding/tenant/create')[0])).toEqual({
      name: 'Acme',
      contactName: '',
      contactPhone: '',
      admin: {
        userName: 'acme_admin',
        nickName: 'Acme admin',
        password: 'secret-1',
        email: '',
        phonenumber: '',
      },
    });
  });

  it('asks before disabling a tenant and saves nothing when cancelled', async () => {
    render(
      <Providers>
        <TenantEditModal tenant={TENANT} onClose={() => undefined} />
      </Providers>,
    );
    await userEvent.click(screen.getByRole('radio', { name: 'Disabled' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(/Every user of this tenant is signed out at once/, {}, WAIT),
    ).toBeInTheDocument();
    // The confirm opens above the edit dialog: its Cancel is the last one.
    const cancels = screen.getAllByRole('button', { name: 'Cancel' });
    await userEvent.click(cancels[cancels.length - 1]!);
    expect(sent('/sbuilding/tenant/save/5')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Disable' }, WAIT));
    await waitFor(() => expect(sent('/sbuilding/tenant/save/5')).toHaveLength(1), WAIT);
    expect(bodyOf(sent('/sbuilding/tenant/save/5')[0])).toMatchObject({ status: '1', version: 3 });
  });
});
