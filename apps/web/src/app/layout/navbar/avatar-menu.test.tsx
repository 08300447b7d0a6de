import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSettings } from '@/lib/settings';
import { useSession } from '@/lib/session';
import { renderShell, signIn } from '../test/render-shell';
import { AvatarMenu } from './avatar-menu';

const logout = vi.hoisted(() => vi.fn(async () => {}));
vi.mock('@/features/auth/api/logout', () => ({ logout }));

async function openMenu() {
  await userEvent.click(screen.getByRole('button', { name: 'Account menu of Manager' }));
  return screen.findByRole('menu');
}

describe('avatar menu', () => {
  beforeEach(() => {
    logout.mockClear();
    signIn(['tbAdmin']);
    useSettings.setState({ showSettings: false });
  });

  it('asks for confirmation before logging out, and stays signed in on Cancel', async () => {
    renderShell(<AvatarMenu />, { path: '/building' });
    await userEvent.click(within(await openMenu()).getByRole('menuitem', { name: 'Log out' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to log out and leave the system?');
    expect(logout).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(logout).not.toHaveBeenCalled();
    expect(screen.getByTestId('location')).toHaveTextContent('/building');
  });

  it('logs out after OK and goes to /login', async () => {
    logout.mockImplementation(async () => useSession.getState().reset());
    renderShell(<AvatarMenu />, { path: '/building' });
    await userEvent.click(within(await openMenu()).getByRole('menuitem', { name: 'Log out' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'OK' }));
    // The confirmation closes, the session is told to end, then the console goes to the login page.
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(logout).toHaveBeenCalledOnce();
  });

  it('offers the profile, the layout settings and the version 2.1.1', async () => {
    renderShell(<AvatarMenu />, { path: '/building' });
    const menu = await openMenu();
    expect(within(menu).getByRole('menuitem', { name: 'Version 2.1.1' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Layout settings' }));
    expect(useSettings.getState().showSettings).toBe(true);
    await userEvent.click(within(await openMenu()).getByRole('menuitem', { name: 'Profile' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/user/profile');
  });
});
