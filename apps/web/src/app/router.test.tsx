import { pageNavigation } from '@/lib/logout';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { permissionsForRoles, routesForUser, type Role } from '@sbuilding/shared';
import { getToken, removeToken, setToken } from '@/lib/auth-token';
import { setLanguage } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import { envelope, seen, type Handler } from '@/test/http';
import { serve } from '@/test/http';
import { renderApp } from '@/test/render-app';

function user(roles: Role[]): Record<string, Handler> {
  const permissions = permissionsForRoles(roles);
  return {
    '/getInfo': envelope(200, {
      user: {
        userId: 2,
        deptId: 100,
        userName: 'someone',
        nickName: 'Some One',
        avatar: '',
        email: 'a@b.co',
        phonenumber: '13800000000',
        sex: '0',
        createTime: '2024-01-01T00:00:00Z',
      },
      roles,
      permissions,
    }),
    '/getRouters': envelope(200, routesForUser(roles, permissions)),
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

beforeEach(async () => {
  removeToken();
  localStorage.clear();
  sessionStorage.clear();
  useSession.getState().reset();
  await setLanguage('en');
});

describe('console routing', () => {
  it('sends a visitor without a session to the login page, keeping where they wanted to go', async () => {
    serve({ '/captchaImage': envelope(200, { captchaEnabled: false }) });
    const app = renderApp('/board/energy');
    expect(await screen.findByRole('heading', { name: 'Log in to your account' })).toBeInTheDocument();
    expect(app.location()).toBe('/login?redirect=%2Fboard%2Fenergy');
    expect(screen.getByText('Version 2.1.1')).toBeInTheDocument();
  });

  it('loads the session and takes admin from the empty path to the home page', async () => {
    setToken('t');
    serve(user(['admin']));
    const app = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Welcome, Some One' })).toBeInTheDocument();
    expect(screen.getByText('Signed in as: Platform administrator')).toBeInTheDocument();
    expect(app.location()).toBe('/index');
    expect(useSession.getState()).toMatchObject({ loaded: true, deptId: 100, userId: 2 });
  });

  it('sends a signed-in user away from /login to the redirect target', async () => {
    setToken('t');
    serve(user(['tbCustomer']));
    const app = renderApp('/login?redirect=%2Fboard%2Fair');
    await waitFor(() => expect(app.location()).toBe('/board/air'));
  });

  it('shows a hidden route of the table, /gen/edit/{tableId}, titled, in the layout', async () => {
    setToken('t');
    serve(user(['admin']));
    renderApp('/gen/edit/1');
    expect(await screen.findByRole('heading', { name: 'Edit generation config' })).toBeInTheDocument();
    // The fake server has no table 1 in the generator.
    expect(await screen.findByText('No such table in the generator')).toBeInTheDocument();
    expect(document.title).toBe('Edit generation config - Smart Building');
    // Not a board page: no page transition (spec section 2).
    expect(
      screen.getByRole('heading', { name: 'Edit generation config' }).closest('.sb-page-transition'),
    ).toBeNull();
  });

  it('gives a board page, titled, the page transition', async () => {
    setToken('t');
    serve(user(['tbCustomer']));
    renderApp('/board/air');
    expect(await screen.findByRole('heading', { name: 'Air Quality' })).toBeInTheDocument();
    expect(document.title).toBe('Air Quality - Smart Building');
    expect(
      screen.getByRole('heading', { name: 'Air Quality' }).closest('.sb-page-transition'),
    ).not.toBeNull();
  });

  it('answers /401 for a page the role may not open and /404 for a path that does not exist', async () => {
    setToken('t');
    serve(user(['tbCustomer']));
    const app = renderApp('/tenant');
    expect(await screen.findByRole('heading', { name: '401' })).toBeInTheDocument();
    expect(screen.getByText('No permission')).toBeInTheDocument();
    await app.router.navigate('/nowhere');
    expect(await screen.findByRole('heading', { name: '404' })).toBeInTheDocument();
    expect(app.location()).toBe('/404');
  });

  it.each(['tbAdmin', 'tbCustomer', 'tbVisualDisplay'] as const)(
    'shows a %s opening the code generator’s edit page the 401 page, without asking the server for it',
    async (role) => {
      setToken('t');
      localStorage.setItem('projectId', '1');
      serve(user([role]));
      const app = renderApp('/gen/edit/1');
      expect(await screen.findByRole('heading', { name: '401' })).toBeInTheDocument();
      expect(app.location()).toBe('/401');
      // The page never rendered, so it asked nothing the server would refuse (no 403 notice).
      expect(seen.some((c) => c.url?.startsWith('/tool/gen'))).toBe(false);
      expect(screen.queryByRole('heading', { name: 'Edit generation config' })).not.toBeInTheDocument();
    },
  );

  it('keeps a weixin customer off the dashboard and a scene to edit: the 401 page, not a dead end', async () => {
    setToken('t');
    serve(user(['tbWeixinCustomer']));
    const app = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: '401' })).toBeInTheDocument();
    await app.router.navigate('/scenes/edit?id=3');
    await waitFor(() => expect(app.location()).toBe('/401'));
    expect(seen.some((c) => c.url?.startsWith('/sbuilding/'))).toBe(false);
  });

  it('shows a customer the mini-program page’s 401: it reads only a weixin customer’s buildings', async () => {
    setToken('t');
    localStorage.setItem('projectId', '1');
    serve(user(['tbCustomer']));
    const app = renderApp('/wxProgram');
    expect(await screen.findByRole('heading', { name: '401' })).toBeInTheDocument();
    expect(app.location()).toBe('/401');
  });

  it('sends a project admin without a project to the guide, and lets them continue', async () => {
    setToken('t');
    serve(user(['tbAdmin']));
    const app = renderApp('/building');
    expect(await screen.findByRole('heading', { name: 'Choose a project' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(app.location()).toBe('/board/index'));
    await app.router.navigate('/building');
    expect(await screen.findByRole('heading', { name: 'Buildings' })).toBeInTheDocument();
  });

  it('logs out locally, tells why and goes to / when user info cannot be loaded', async () => {
    setToken('stale');
    serve({ '/getInfo': envelope(401, null, 'Session expired') });
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
    renderApp('/board/index');
    expect(
      await screen.findByText('Authentication failed, cannot access system resources'),
    ).toBeInTheDocument();
    expect(getToken()).toBeUndefined();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'), { timeout: 3000 });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('enters the mini-program from its query: token, project and hall stored', async () => {
    serve(user(['tbWeixinCustomer']));
    const app = renderApp('/?miniprogram=1&admin_token=wx.token&projectId=5&hallId=9');
    await waitFor(() => expect(app.location()).toBe('/wxProgram?hallId=9'));
    expect(getToken()).toBe('wx.token');
    expect(localStorage.getItem('projectId')).toBe('5');
    expect(localStorage.getItem('selectHall')).toBe('9');
    expect(localStorage.getItem('miniprogram')).toBe('true');
    await waitFor(() => expect(useSession.getState().roles).toEqual(['tbAdmin']));
  });

  it('refreshes a view through /redirect', async () => {
    setToken('t');
    serve(user(['admin']));
    const app = renderApp('/redirect/user/profile');
    await waitFor(() => expect(app.location()).toBe('/user/profile'));
  });
});
