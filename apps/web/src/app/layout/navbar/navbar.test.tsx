import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { pageNavigation } from '@/lib/logout';
import { reloadSettings } from '@/lib/settings';
import { renderShell, signIn } from '../test/render-shell';
import { Navbar, navbarSlot } from './navbar';

const post = vi.hoisted(() => vi.fn());
vi.mock('@/lib/request', () => ({ post }));

describe('navbar', () => {
  beforeEach(() => {
    localStorage.clear();
    reloadSettings();
    post.mockReset();
    post.mockRejectedValue(new Error('not there yet'));
  });

  it('gives the project admin shortcuts outside the boards and the badge under /board', () => {
    expect(navbarSlot(true, '/building')).toBe('shortcuts');
    expect(navbarSlot(true, '/board/energy')).toBe('badge');
    expect(navbarSlot(true, '/boardroom')).toBe('shortcuts');
    expect(navbarSlot(false, '/building')).toBe('badge');
  });

  it('lists the project admin shortcut targets with translated titles', async () => {
    signIn(['tbAdmin']);
    renderShell(<Navbar />, { path: '/building' });
    expect(screen.queryByRole('button', { name: /Notifications/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Shortcuts' }));
    const items = within(await screen.findByRole('menu')).getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'Buildings',
      'Lighting',
      'DeviceMark',
      'AC management',
      'Defined',
      'DeviceGroup',
      'Mesh management',
      'DeviceList',
      'Users',
      'Projects',
    ]);
  });

  it('shows the report count badge instead of the shortcuts under the Board group', () => {
    signIn(['tbAdmin'], { reportCount: 3 });
    renderShell(<Navbar />, { path: '/board/energy' });
    expect(screen.getByRole('button', { name: 'Notifications: 3' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Shortcuts' })).not.toBeInTheDocument();
  });

  it('shows the badge to a customer everywhere, and the project selector to switch projects', async () => {
    post.mockResolvedValue({ rows: [{ id: 1, projectName: 'North campus' }], total: 1 });
    localStorage.setItem('projectId', '1');
    signIn(['tbCustomer'], { reportCount: 1 });
    renderShell(<Navbar />, { path: '/dashboard' });
    expect(screen.getByRole('button', { name: 'Notifications: 1' })).toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: 'Project' })).toBeInTheDocument();
    expect(screen.getByText('North campus')).toBeInTheDocument();
  });

  it('has a hamburger button that reports whether the sidebar is open', async () => {
    signIn(['tbCustomer']);
    renderShell(<Navbar />, { path: '/dashboard' });
    const hamburger = screen.getByRole('button', { name: 'Show or hide the sidebar' });
    expect(hamburger).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(hamburger);
    expect(hamburger).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows the breadcrumb of the current page', () => {
    signIn(['tbAdmin']);
    renderShell(<Navbar />, { path: '/deviceGroup' });
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(crumbs).toHaveTextContent('Platform overview/Console/Devices/DeviceGroup');
    expect(within(crumbs).getByRole('link', { name: 'Console' })).toHaveAttribute('href', '/project');
  });

  it('warns with the spec message where full screen is unavailable', async () => {
    signIn(['tbCustomer']);
    renderShell(<Navbar />, { path: '/dashboard' });
    await userEvent.click(screen.getByRole('button', { name: 'Full screen' }));
    expect(await screen.findByText('you browser can not work')).toBeInTheDocument();
  });

  it('shows no project selector when the project list fails', async () => {
    signIn(['tbAdmin']);
    renderShell(<Navbar />, { path: '/building' });
    await vi.waitFor(() => expect(post).toHaveBeenCalled());
    expect(post).toHaveBeenCalledWith(
      '/sbuilding/project/getList',
      { pageNum: 1, pageSize: 100 },
      expect.objectContaining({ silent: true }),
    );
    expect(screen.queryByRole('combobox', { name: 'Project' })).not.toBeInTheDocument();
  });

  it('stores the chosen project and reloads the page', async () => {
    const reload = vi.spyOn(pageNavigation, 'reload').mockImplementation(() => {});
    post.mockResolvedValue({
      rows: [
        { id: 1, projectName: 'North campus' },
        { id: 2, projectName: 'South campus' },
      ],
      total: 2,
    });
    localStorage.setItem('projectId', '1');
    signIn(['tbAdmin']);
    renderShell(<Navbar />, { path: '/building' });
    const select = await screen.findByRole('combobox', { name: 'Project' });
    await userEvent.click(select);
    await userEvent.click(await screen.findByRole('option', { name: 'South campus' }));
    expect(localStorage.getItem('projectId')).toBe('2');
    expect(reload).toHaveBeenCalledOnce();
  });
});
