import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { permissionsForRoles, type Role } from '@sbuilding/shared';
import { Providers } from '@/app/providers';
import { setLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { useSession } from '@/lib/session';
import { envelope, seen, serve } from '@/test/http';
import ProfileWithKeysPage from './profile-page';

const WAIT = { timeout: 15_000 };

const USER = {
  userId: 8,
  deptId: 100,
  userName: 'occupant',
  nickName: 'Occupant',
  avatar: '',
  email: 'occupant@example.com',
  phonenumber: '13800000000',
  sex: '0',
  createTime: '2024-03-01T08:00:00Z',
};

function renderAs(role: Role) {
  useSession.setState({ roles: [role], permissions: permissionsForRoles([role]) });
  serve({
    '/system/user/profile': envelope(200, { user: USER, roleGroup: role, deptName: 'Demo Tenant' }),
    '/sso/identities': envelope(200, { identities: [], linkable: [] }),
    '/sbuilding/api-key/getList': envelope(200, { rows: [], total: 0 }),
    '/sbuilding/project/getList': envelope(200, { rows: [], total: 0 }),
  });
  render(
    <Providers>
      <ProfileWithKeysPage />
    </Providers>,
  );
}

beforeEach(async () => {
  queryClient.clear();
  await setLanguage('en');
});

describe('profile page with API keys', () => {
  it('gives a weixin customer no API-keys tab, and asks the server for no keys', async () => {
    renderAs('tbWeixinCustomer');
    expect(await screen.findByRole('tab', { name: 'Basic information' }, WAIT)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Change password' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'API keys' })).not.toBeInTheDocument();
    expect(seen.some((c) => c.url === '/sbuilding/api-key/getList')).toBe(false);
  });

  it.each(['tbAdmin', 'tbCustomer', 'tbVisualDisplay'] as const)(
    'offers a %s its API keys as a tab',
    async (role) => {
      renderAs(role);
      expect(await screen.findByRole('tab', { name: 'API keys' }, WAIT)).toBeInTheDocument();
    },
  );
});
