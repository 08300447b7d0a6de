import Cookies from 'js-cookie';
import { beforeEach, describe, expect, it } from 'vitest';
import { LAYOUT_SETTING_KEY, reloadSettings, useSettings } from './settings';

function clearCookies() {
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name);
}

describe('settings store', () => {
  beforeEach(() => {
    localStorage.clear();
    clearCookies();
    reloadSettings();
  });

  it('starts with the spec defaults: startup theme, medium size, tags view and fixed header off, logo on', () => {
    const s = useSettings.getState();
    expect(s.theme).toBe('#0082ff');
    expect(s.size).toBe('medium');
    expect(s.tagsView).toBe(false);
    expect(s.fixedHeader).toBe(false);
    expect(s.sidebarLogo).toBe(true);
    expect(s.showSettings).toBe(false);
    expect(s.sidebarOpened).toBe(true);
  });

  it('remembers layout settings in localStorage layout-setting across a reload', () => {
    useSettings.getState().setLayout({ tagsView: true, theme: '#13c2c2' });
    expect(JSON.parse(localStorage.getItem(LAYOUT_SETTING_KEY) ?? '{}')).toMatchObject({
      tagsView: true,
      theme: '#13c2c2',
      fixedHeader: false,
      sidebarLogo: true,
    });
    useSettings.setState({ tagsView: false, theme: '#000000' });
    reloadSettings();
    expect(useSettings.getState().tagsView).toBe(true);
    expect(useSettings.getState().theme).toBe('#13c2c2');
  });

  it('ignores a corrupt layout-setting entry instead of failing', () => {
    localStorage.setItem(LAYOUT_SETTING_KEY, '{not json');
    reloadSettings();
    expect(useSettings.getState().tagsView).toBe(false);
    localStorage.setItem(LAYOUT_SETTING_KEY, JSON.stringify({ theme: 'url(evil)', tagsView: true }));
    reloadSettings();
    expect(useSettings.getState().theme).toBe('#0082ff');
  });

  it('resets to the settings panel defaults with #409EFF as the colour', () => {
    useSettings.getState().setLayout({ tagsView: true, fixedHeader: true, sidebarLogo: false });
    useSettings.getState().resetLayout();
    const s = useSettings.getState();
    expect([s.theme, s.tagsView, s.fixedHeader, s.sidebarLogo]).toEqual(['#409EFF', false, false, true]);
    expect(JSON.parse(localStorage.getItem(LAYOUT_SETTING_KEY) ?? '{}').theme).toBe('#409EFF');
  });

  it('does not remember whether the settings drawer was open', () => {
    useSettings.getState().setShowSettings(true);
    useSettings.getState().setLayout({ tagsView: true });
    reloadSettings();
    expect(useSettings.getState().showSettings).toBe(false);
  });

  it('writes the size cookie and reads it back', () => {
    useSettings.getState().setSize('mini');
    expect(Cookies.get('size')).toBe('mini');
    reloadSettings();
    expect(useSettings.getState().size).toBe('mini');
    Cookies.set('size', 'huge');
    reloadSettings();
    expect(useSettings.getState().size).toBe('medium');
  });

  it('remembers the sidebar state in the sidebarStatus cookie as 1 or 0', () => {
    useSettings.getState().toggleSidebar();
    expect(Cookies.get('sidebarStatus')).toBe('0');
    reloadSettings();
    expect(useSettings.getState().sidebarOpened).toBe(false);
    useSettings.getState().toggleSidebar();
    expect(Cookies.get('sidebarStatus')).toBe('1');
  });

  it('closes the sidebar on mobile without forgetting the desktop choice', () => {
    useSettings.getState().setDevice('mobile');
    expect(useSettings.getState().sidebarOpened).toBe(false);
    useSettings.getState().toggleSidebar();
    useSettings.getState().closeSidebar();
    expect(Cookies.get('sidebarStatus')).toBeUndefined();
    useSettings.getState().setDevice('desktop');
    expect(useSettings.getState().sidebarOpened).toBe(true);
  });
});
