import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import axe from 'axe-core';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router';
import { reloadSettings, useSettings } from '@/lib/settings';
import { Layout } from './layout';
import { useTags } from './tags-view/tags-store';
import { LocationProbe, signIn } from './test/render-shell';

vi.mock('@/lib/request', () => ({ post: vi.fn(async () => ({ rows: [], total: 0 })) }));

function setBodyWidth(width: number) {
  vi.spyOn(document.body, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, width, 800));
}

function renderLayout(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <AntApp>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route element={<Layout />}>
              <Route path="*" element={<h1>Page</h1>} />
            </Route>
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </AntApp>
    </QueryClientProvider>,
  );
}

/** Violations axe rates serious or critical against WCAG 2.1 A and AA. */
async function seriousViolations(): Promise<string[]> {
  // jsdom has no canvas; axe only uses it for icon-font heuristics.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  const result = await axe.run(document.body, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
  });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
}

describe('main layout', () => {
  beforeEach(() => {
    localStorage.clear();
    for (const name of Object.keys(Cookies.get())) Cookies.remove(name);
    reloadSettings();
    useTags.getState().reset();
    signIn(['tbAdmin'], { permissions: ['sbuilding:tools:tenant'] });
  });
  afterEach(() => vi.restoreAllMocks());

  it('renders the page inside header, navigation and main landmarks', () => {
    setBodyWidth(1280);
    renderLayout('/building');
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('heading', { name: 'Page' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute('href', '#sb-main');
  });

  it('shows the tag bar only when the tags view setting is on', () => {
    setBodyWidth(1280);
    renderLayout('/building');
    expect(screen.queryByRole('navigation', { name: 'Visited pages' })).not.toBeInTheDocument();
    act(() => useSettings.getState().setLayout({ tagsView: true }));
    expect(screen.getByRole('navigation', { name: 'Visited pages' })).toBeInTheDocument();
  });

  it('hides the folded sidebar entirely on the dashboard and darkens the header', async () => {
    setBodyWidth(1280);
    renderLayout('/dashboard');
    await userEvent.click(screen.getByRole('button', { name: 'Show or hide the sidebar' }));
    const sider = document.querySelector('.sb-sider');
    expect(sider).toHaveStyle({ width: '0px' });
    expect(screen.getByRole('banner')).toHaveClass('sb-header-dark');
  });

  it('keeps a narrow folded sidebar elsewhere', async () => {
    setBodyWidth(1280);
    renderLayout('/building');
    await userEvent.click(screen.getByRole('button', { name: 'Show or hide the sidebar' }));
    expect(document.querySelector('.sb-sider')).toHaveStyle({ width: '64px' });
    expect(screen.getByRole('banner')).not.toHaveClass('sb-header-dark');
  });

  it('turns the sidebar into a drawer below 992 px that closes on navigation', async () => {
    setBodyWidth(800);
    renderLayout('/building');
    expect(useSettings.getState().device).toBe('mobile');
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show or hide the sidebar' }));
    expect(await screen.findByRole('dialog', { name: 'Main menu' })).toBeInTheDocument();
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    await userEvent.click(within(nav).getByText('Projects'));
    expect(screen.getByTestId('location')).toHaveTextContent('/project');
    await waitFor(() => expect(useSettings.getState().sidebarOpened).toBe(false));
  });

  it('has no serious or critical accessibility violations, tags view and settings drawer included', async () => {
    setBodyWidth(1280);
    useSettings.getState().setLayout({ tagsView: true });
    useSettings.getState().setShowSettings(true);
    renderLayout('/building');
    // rc-component ids are all 'test-id' under NODE_ENV=test, so the drawer's name cannot be resolved here.
    await screen.findByRole('dialog');
    expect(await seriousViolations()).toEqual([]);
  });

  it('has no serious or critical accessibility violations on a phone with the menu drawer open', async () => {
    setBodyWidth(600);
    renderLayout('/building');
    await userEvent.click(screen.getByRole('button', { name: 'Show or hide the sidebar' }));
    await screen.findByRole('navigation', { name: 'Main menu' });
    expect(await seriousViolations()).toEqual([]);
  });
});
