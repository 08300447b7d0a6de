import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { MemoryRouter, Route, Routes } from 'react-router';
import { Providers } from '@/app/providers';
import { getToken, removeToken, setToken } from '@/lib/auth-token';
import { setLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { envelope, seen, serve, type Handler } from '@/test/http';
import { AuthRedirectPage } from './auth-redirect-page';

const userEvent = userEventLib.setup({ delay: null });

const user = (userId: number, userName: string, nickName: string) => ({
  user: {
    userId,
    deptId: 1,
    userName,
    nickName,
    avatar: '',
    email: '',
    phonenumber: '',
    sex: '2',
    createTime: '2026-01-01T00:00:00.000Z',
  },
  roles: ['tbCustomer'],
  permissions: [],
});
const SESSIONS: Record<string, ReturnType<typeof user>> = {
  'Bearer manager-token': user(2, 'manager', 'Demo Manager'),
  'Bearer mallory-token': user(9, 'mallory', 'Mallory'),
  'Bearer manager-again': user(2, 'manager', 'Demo Manager'),
};
const bearerOf = (config: InternalAxiosRequestConfig) => String(config.headers.get('Authorization') ?? '');
const getInfo: Handler = (config) => {
  const info = SESSIONS[bearerOf(config)];
  return info ? envelope(200, info) : envelope(401);
};

function renderAt(path: string, routes: Record<string, Handler>) {
  serve({ '/getInfo': getInfo, '/logout': envelope(200), ...routes });
  render(
    <Providers>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/auth-redirect" element={<AuthRedirectPage />} />
          <Route path="/" element={<p>Home</p>} />
          <Route path="/board/energy" element={<p>Energy board</p>} />
          <Route path="/user/profile" element={<p>Profile</p>} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
}

const signedInAs = (token: string) => envelope(200, { kind: 'signedIn', token, redirect: '/board/energy' });
const loggedOut = () => seen.filter((c) => c.url === '/logout').map(bearerOf);

beforeEach(async () => {
  queryClient.clear();
  removeToken();
  await setLanguage('en');
});

describe('/auth-redirect', () => {
  it('asks before a signed-in browser is switched to another account, and keeps it on "Stay"', async () => {
    setToken('manager-token');
    renderAt('/auth-redirect?code=c&state=s', { '/sso/callback': signedInAs('mallory-token') });
    expect(await screen.findByRole('heading', { name: 'Switch account?' })).toBeInTheDocument();
    expect(
      screen.getByText('You are signed in as Demo Manager (manager). Sign in as Mallory (mallory) instead?'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Stay signed in as Demo Manager (manager)' }));
    expect(await screen.findByText('Home')).toBeInTheDocument();
    expect(getToken()).toBe('manager-token');
    // The session the person declined is ended, not left behind.
    expect(loggedOut()).toEqual(['Bearer mallory-token']);
  });

  it('switches when the person says so, ending the session it leaves', async () => {
    setToken('manager-token');
    renderAt('/auth-redirect?code=c&state=s', { '/sso/callback': signedInAs('mallory-token') });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in as Mallory (mallory)' }));
    expect(await screen.findByText('Energy board')).toBeInTheDocument();
    expect(getToken()).toBe('mallory-token');
    expect(loggedOut()).toEqual(['Bearer manager-token']);
  });

  it('does not ask when the provider signs in the account the browser already has, or when it has none', async () => {
    setToken('manager-token');
    renderAt('/auth-redirect?code=c&state=s', { '/sso/callback': signedInAs('manager-again') });
    expect(await screen.findByText('Energy board')).toBeInTheDocument();
    expect(getToken()).toBe('manager-again');
    expect(screen.queryByText('Switch account?')).not.toBeInTheDocument();
  });

  it('signs a browser without a session straight in', async () => {
    renderAt('/auth-redirect?code=c&state=s', { '/sso/callback': signedInAs('mallory-token') });
    expect(await screen.findByText('Energy board')).toBeInTheDocument();
    expect(getToken()).toBe('mallory-token');
    expect(seen.filter((c) => c.url === '/getInfo')).toHaveLength(0);
  });

  it("shows the server's refusal with a way back, keeping the browser's session", async () => {
    setToken('manager-token');
    renderAt('/auth-redirect?code=c&state=s', {
      '/sso/callback': envelope(400, null, 'This sign-in was not started in this browser'),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This sign-in was not started in this browser',
    );
    expect(screen.getByRole('link', { name: 'Back to your profile' })).toHaveAttribute(
      'href',
      '/user/profile',
    );
    expect(getToken()).toBe('manager-token');
  });

  it('sends the session token with the callback, which a link needs', async () => {
    setToken('manager-token');
    renderAt('/auth-redirect?code=c&state=s', {
      '/sso/callback': envelope(200, { kind: 'linked', providerName: 'Campus ID' }),
    });
    expect(await screen.findByText('Profile')).toBeInTheDocument();
    const sent = seen.find((c) => c.url === '/sso/callback');
    expect(sent && bearerOf(sent)).toBe('Bearer manager-token');
  });
});
