import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, setLanguage } from '@/lib/i18n';
import { renderShell, signIn } from '../test/render-shell';
import { Hamburger } from './hamburger';
import { LanguageSelect } from './language-select';

describe('language switch', () => {
  afterEach(async () => {
    await setLanguage('en');
    localStorage.clear();
  });

  it('offers English and 简体中文 and switches the shell to Chinese, remembering the choice', async () => {
    signIn(['tbCustomer']);
    renderShell(
      <>
        <Hamburger />
        <LanguageSelect />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Language' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['English', '简体中文']);
    await userEvent.click(within(menu).getByRole('menuitem', { name: '简体中文' }));
    expect(i18n.language).toBe('zh-CN');
    expect(localStorage.getItem('language')).toBe('zh-CN');
    expect(await screen.findByRole('button', { name: '展开或收起侧边栏' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '语言' })).toBeInTheDocument();
  });
});
