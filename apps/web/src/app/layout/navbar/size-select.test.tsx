import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { beforeEach, describe, expect, it } from 'vitest';
import { reloadSettings, useSettings } from '@/lib/settings';
import { renderShell, signIn } from '../test/render-shell';
import { SizeSelect } from './size-select';

describe('size selector', () => {
  beforeEach(() => {
    Cookies.remove('size');
    reloadSettings();
    signIn(['tbCustomer']);
  });

  it('offers the four sizes with medium chosen, and writes the size cookie on a choice', async () => {
    renderShell(<SizeSelect />);
    await userEvent.click(screen.getByRole('button', { name: 'Layout size' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Default', 'Medium', 'Small', 'Mini']);
    expect(within(menu).getByRole('menuitem', { name: 'Medium' })).toHaveClass(
      'ant-dropdown-menu-item-selected',
    );
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Small' }));
    expect(Cookies.get('size')).toBe('small');
    expect(useSettings.getState().size).toBe('small');
  });
});
