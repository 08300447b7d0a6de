import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { LAYOUT_SETTING_KEY, reloadSettings, useSettings } from '@/lib/settings';
import { renderShell, signIn } from '../test/render-shell';
import { SettingsDrawer } from './settings-drawer';

describe('settings drawer', () => {
  beforeEach(() => {
    localStorage.clear();
    reloadSettings();
    signIn(['tbCustomer']);
    useSettings.getState().setShowSettings(true);
  });

  it('has labelled switches that change and remember the layout', async () => {
    renderShell(<SettingsDrawer />);
    const drawer = await screen.findByRole('dialog', { name: 'Layout settings' });
    const tags = within(drawer).getByRole('switch', { name: 'Show tags view' });
    const header = within(drawer).getByRole('switch', { name: 'Fixed header' });
    const logo = within(drawer).getByRole('switch', { name: 'Show logo in the sidebar' });
    expect([tags, header, logo].map((s) => s.getAttribute('aria-checked'))).toEqual([
      'false',
      'false',
      'true',
    ]);
    await userEvent.click(tags);
    await userEvent.click(logo);
    expect(JSON.parse(localStorage.getItem(LAYOUT_SETTING_KEY) ?? '{}')).toMatchObject({
      tagsView: true,
      sidebarLogo: false,
    });
  });

  it('picks a preset theme colour and resets to #409EFF', async () => {
    renderShell(<SettingsDrawer />);
    const drawer = await screen.findByRole('dialog', { name: 'Layout settings' });
    const trigger = within(drawer).getByRole('button', { name: /^Theme colour/ });
    expect(trigger).toHaveTextContent('#0082ff');
    await userEvent.click(trigger);
    const presets = await screen.findByText('Preset colours');
    expect(presets).toBeInTheDocument();
    const swatches = within(drawer).getByRole('radiogroup', { name: 'Preset colours' });
    expect(within(swatches).getAllByRole('radio')).toHaveLength(8);
    await userEvent.click(within(swatches).getByRole('radio', { name: '#13c2c2' }));
    expect(useSettings.getState().theme).toBe('#13c2c2');
    expect(within(swatches).getByRole('radio', { name: '#13c2c2' })).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Reset to defaults' }));
    expect(useSettings.getState().theme).toBe('#409EFF');
    expect(within(drawer).getByRole('button', { name: /^Theme colour/ })).toHaveTextContent('#409EFF');
  });

  it('closes with its labelled close button', async () => {
    renderShell(<SettingsDrawer />);
    await userEvent.click(await screen.findByRole('button', { name: 'Close' }));
    expect(useSettings.getState().showSettings).toBe(false);
  });
});
