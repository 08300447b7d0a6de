import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { Providers } from '@/app/providers';
import { setLanguage } from '@/lib/i18n';
import { seriousViolations } from '@/test/axe';
import { Tabs, type TabsProps } from './tabs';

const userEvent = userEventLib.setup({ delay: null });

beforeEach(async () => {
  await setLanguage('en');
});

const ITEMS = [
  { key: 'channels', label: 'Channels', children: 'Channel list' },
  { key: 'log', label: 'Delivery log', children: 'Log rows' },
  { key: 'smtp', label: 'SMTP', children: 'SMTP form' },
];

function renderTabs(props: TabsProps = {}) {
  const view = render(
    <Providers>
      <Tabs items={ITEMS} {...props} />
    </Providers>,
  );
  return {
    ...view,
    rerenderTabs: (next: TabsProps) =>
      view.rerender(
        <Providers>
          <Tabs items={ITEMS} {...next} />
        </Providers>,
      ),
  };
}

describe('tabs', () => {
  it('puts the tablist role, its orientation and its name on the list of tabs, not on the nav with the more button', async () => {
    const { container } = renderTabs({ 'aria-label': 'Notification settings' });
    const tablist = screen.getByRole('tablist', { name: 'Notification settings' });
    expect(tablist).toHaveClass('ant-tabs-nav-list');
    expect(tablist).toHaveAttribute('aria-orientation', 'horizontal');
    const nav = container.querySelector<HTMLElement>('.ant-tabs-nav');
    expect(nav).not.toHaveAttribute('role');
    expect(nav).not.toHaveAttribute('aria-orientation');
    // The name is the tablist's, not the outer element's (which has no role to name).
    expect(container.querySelector('.ant-tabs')).not.toHaveAttribute('aria-label');
    expect(
      within(tablist)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Channels', 'Delivery log', 'SMTP']);
    // The overflow button (hidden until the tabs overflow) stays in the nav, outside the tablist, and is named.
    const more = container.querySelector<HTMLElement>('.ant-tabs-nav-more');
    expect(nav).toContainElement(more);
    expect(tablist).not.toContainElement(more);
    // Its name comes from its icon (hidden here, as nothing overflows in jsdom; the browser test sees it named).
    expect(more?.querySelector('[role="img"]')).toHaveAttribute('aria-label', 'More tabs');
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('keeps the role on the list when the tab set, the placement or the name change', () => {
    const { container, rerenderTabs } = renderTabs();
    expect(screen.getByRole('tablist')).not.toHaveAttribute('aria-label');

    rerenderTabs({
      items: [...ITEMS, { key: 'extra', label: 'Extra', children: 'More' }],
      tabPlacement: 'start',
      'aria-label': 'Settings',
    });
    const tablist = screen.getByRole('tablist', { name: 'Settings' });
    expect(tablist).toHaveClass('ant-tabs-nav-list');
    expect(tablist).toHaveAttribute('aria-orientation', 'vertical');
    expect(within(tablist).getAllByRole('tab')).toHaveLength(4);
    const nav = container.querySelector<HTMLElement>('.ant-tabs-nav');
    expect(nav).not.toHaveAttribute('role');
    // React wrote the new orientation back on the nav; the wrapper moved it again.
    expect(nav).not.toHaveAttribute('aria-orientation');
    expect(screen.getAllByRole('tablist')).toHaveLength(1);
  });

  it("speaks the focused tab's position in the user's language (rc-tabs writes it in English)", async () => {
    await setLanguage('zh-CN');
    renderTabs();
    const tablist = screen.getByRole('tablist');
    await userEvent.tab();
    const live = () =>
      within(tablist)
        .getByRole('tab', { name: /Channels/ })
        .querySelector('[aria-live]');
    await waitFor(() => expect(live()).toHaveTextContent('第 1 个标签页，共 3 个'));
    await userEvent.keyboard('{ArrowRight}');
    const next = within(tablist).getByRole('tab', { name: /Delivery log/ });
    await waitFor(() =>
      expect(next.querySelector('[aria-live]')).toHaveTextContent('第 2 个标签页，共 3 个'),
    );
    expect(tablist).not.toHaveTextContent(/Tab \d of \d/);
  });

  it('moves between tabs with the arrow keys and chooses one with Enter', async () => {
    const onChange = vi.fn();
    renderTabs({ onChange });
    const tablist = screen.getByRole('tablist');
    // rc-tabs adds 'Tab n of m' to the focused tab's name for screen readers: names are matched in part.
    await userEvent.tab();
    expect(within(tablist).getByRole('tab', { name: /Channels/ })).toHaveFocus();

    await userEvent.keyboard('{ArrowRight}');
    expect(within(tablist).getByRole('tab', { name: /Delivery log/ })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(within(tablist).getByRole('tab', { name: /SMTP/ })).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(within(tablist).getByRole('tab', { name: /Delivery log/ })).toHaveFocus();

    await userEvent.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith('log');
    expect(within(tablist).getByRole('tab', { name: /Delivery log/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByText('Log rows')).toBeVisible();
  });
});
