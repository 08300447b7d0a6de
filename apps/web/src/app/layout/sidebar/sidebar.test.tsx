import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { RouteRecord } from '@sbuilding/shared';
import { reloadSettings } from '@/lib/settings';
import { renderShell, signIn } from '../test/render-shell';
import { Sidebar } from './sidebar';

const ROUTES: RouteRecord[] = [
  {
    path: '/board',
    component: 'Layout',
    redirect: '/board/index',
    meta: { title: 'board', icon: 'dashboard' },
    children: [
      { path: '/board/index', component: 'board/index', meta: { title: 'platformOverview', icon: 'global' } },
      { path: '/board/energy', component: 'board/energy', meta: { title: 'energy', icon: 'thunderbolt' } },
      { path: '/board/space', component: 'board/space', meta: { title: 'space', hidden: true } },
    ],
  },
  {
    path: '/tenants',
    component: 'Layout',
    meta: { title: 'tenants', icon: 'team' },
    children: [{ path: '/tenant', component: 'tenant/index', meta: { title: 'tenants', icon: 'team' } }],
  },
  {
    path: '/hidden',
    component: 'Layout',
    meta: { title: 'hidden', hidden: true },
    children: [{ path: '/device/add', component: 'device/add', meta: { title: 'deviceAdd', hidden: true } }],
  },
];

describe('sidebar menu', () => {
  beforeEach(() => {
    localStorage.clear();
    reloadSettings();
  });

  it('shows only the entries of the given routes and leaves meta.hidden ones out', async () => {
    signIn(['tbCustomer'], { routes: ROUTES });
    renderShell(<Sidebar collapsed={false} />, { path: '/board/energy' });
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    const [menu] = within(nav).getAllByRole('menu');
    if (!menu) throw new Error('no menu');
    expect(within(menu).getByText('Board')).toBeInTheDocument();
    expect(within(menu).getByText('Energy')).toBeInTheDocument();
    expect(within(menu).getByText('Platform overview')).toBeInTheDocument();
    expect(within(menu).getByText('Tenants')).toBeInTheDocument();
    expect(within(menu).queryByText('Space')).not.toBeInTheDocument();
    expect(within(menu).queryByText('Hidden pages')).not.toBeInTheDocument();
    expect(within(menu).queryByText('DeviceAdd')).not.toBeInTheDocument();
    expect(within(menu).queryByText('Projects')).not.toBeInTheDocument();
  });

  it('navigates when an entry is chosen', async () => {
    signIn(['tbCustomer'], { routes: ROUTES });
    renderShell(<Sidebar collapsed={false} />, { path: '/board/energy' });
    await userEvent.click(screen.getByText('Tenants'));
    expect(screen.getByTestId('location')).toHaveTextContent('/tenant');
  });

  it('links the logo to / for admin and to /board/index for everyone else', () => {
    signIn(['admin'], { routes: ROUTES });
    const { unmount } = renderShell(<Sidebar collapsed={false} />);
    expect(screen.getByRole('link', { name: 'Smart Building' })).toHaveAttribute('href', '/');
    unmount();
    signIn(['tbCustomer'], { routes: ROUTES });
    renderShell(<Sidebar collapsed />);
    expect(screen.getByRole('link', { name: 'Smart Building' })).toHaveAttribute('href', '/board/index');
  });
});
