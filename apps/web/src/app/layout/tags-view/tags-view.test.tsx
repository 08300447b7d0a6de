import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderShell, signIn } from '../test/render-shell';
import { TagsView } from './tags-view';
import { useTags } from './tags-store';

function tagBar() {
  return screen.getByRole('navigation', { name: 'Visited pages' });
}

async function openContextMenu(tagName: string) {
  fireEvent.contextMenu(within(tagBar()).getByRole('link', { name: tagName }));
  return screen.findByRole('menu');
}

describe('tags view', () => {
  beforeEach(() => {
    useTags.getState().reset();
    signIn(['tbAdmin']);
    useTags.setState({
      views: [
        { path: '/building', fullPath: '/building', title: 'buildings', affix: false },
        { path: '/scene', fullPath: '/scene', title: 'defined', affix: false },
      ],
    });
  });

  it('shows the home page as a fixed tag without a close button, and the visited pages with one', async () => {
    renderShell(<TagsView />, { path: '/device' });
    const bar = tagBar();
    await waitFor(() => expect(within(bar).getByRole('link', { name: 'DeviceList' })).toBeInTheDocument());
    expect(
      within(bar)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Platform overview', 'Buildings', 'Defined', 'DeviceList']);
    expect(within(bar).getByRole('link', { name: 'DeviceList' })).toHaveAttribute('aria-current', 'page');
    expect(within(bar).queryByRole('button', { name: 'Close Platform overview' })).not.toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: 'Close Buildings' })).toBeInTheDocument();
  });

  it('closes the current tag and moves to the latest remaining page', async () => {
    renderShell(<TagsView />, { path: '/device' });
    await userEvent.click(await screen.findByRole('button', { name: 'Close DeviceList' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/scene');
    expect(within(tagBar()).queryByRole('link', { name: 'DeviceList' })).not.toBeInTheDocument();
  });

  it('disables Close current for a fixed tag in the right-click menu', async () => {
    renderShell(<TagsView />, { path: '/device' });
    const menu = await openContextMenu('Platform overview');
    const item = within(menu).getByRole('menuitem', { name: 'Close current' });
    expect(item).toHaveAttribute('aria-disabled', 'true');
  });

  it('keeps the fixed tag and the chosen one on Close others', async () => {
    renderShell(<TagsView />, { path: '/device' });
    const menu = await openContextMenu('Buildings');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Close others' }));
    expect(useTags.getState().views.map((v) => v.path)).toEqual(['/board/index', '/building']);
    expect(screen.getByTestId('location')).toHaveTextContent('/building');
  });

  it('keeps only the fixed tag on Close all and goes home', async () => {
    renderShell(<TagsView />, { path: '/device' });
    const menu = await openContextMenu('Defined');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Close all' }));
    expect(useTags.getState().views.map((v) => v.path)).toEqual(['/board/index']);
    expect(screen.getByTestId('location')).toHaveTextContent('/board/index');
  });

  it('refreshes a page through /redirect', async () => {
    renderShell(<TagsView />, { path: '/device' });
    const menu = await openContextMenu('Buildings');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Refresh' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/redirect/building');
  });

  it('opens the same menu from the keyboard with Shift+F10 and runs an entry with Enter', async () => {
    renderShell(<TagsView />, { path: '/device' });
    const tag = within(tagBar()).getByRole('link', { name: 'Buildings' });
    tag.focus();
    await userEvent.keyboard('{Shift>}{F10}{/Shift}');
    const menu = await screen.findByRole('menu');
    // antd's Dropdown moves focus into the menu once its popup is mounted, a turn after it appears.
    await waitFor(() =>
      expect(menu).toContainElement(
        document.activeElement instanceof HTMLElement ? document.activeElement : null,
      ),
    );
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toHaveTextContent('Refresh');
    // rc-menu reads the legacy `which` of Enter, which userEvent does not set.
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Enter', keyCode: 13, which: 13 });
    expect(screen.getByTestId('location')).toHaveTextContent('/redirect/building');
  });
});
