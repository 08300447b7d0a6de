import Cookies from 'js-cookie';
import { z } from 'zod';
import { create } from 'zustand';
import {
  COOKIE_KEYS,
  DEFAULT_UI_SIZE,
  LAYOUT_DEFAULTS,
  THEME,
  UI_SIZES,
  type UiSize,
} from '@sbuilding/shared';

/** localStorage key holding the layout settings the user chose in the settings drawer. */
export const LAYOUT_SETTING_KEY = 'layout-setting';

export type Device = 'mobile' | 'desktop';

/** The remembered part of the layout settings (spec section 3). */
export interface LayoutSettings {
  theme: string;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
}

export interface SettingsState extends LayoutSettings {
  /** Whether the settings drawer is open; not remembered, so a reload never reopens it. */
  showSettings: boolean;
  size: UiSize;
  sidebarOpened: boolean;
  device: Device;
  /** Changes layout settings and remembers them. */
  setLayout: (patch: Partial<LayoutSettings>) => void;
  /** Back to the settings panel's defaults (theme {@link THEME.defaultColor}). */
  resetLayout: () => void;
  setShowSettings: (show: boolean) => void;
  setSize: (size: UiSize) => void;
  toggleSidebar: () => void;
  closeSidebar: () => void;
  setDevice: (device: Device) => void;
}

const storedLayout = z
  .object({
    theme: z.string().regex(/^#[0-9a-fA-F]{3,8}$/),
    tagsView: z.boolean(),
    fixedHeader: z.boolean(),
    sidebarLogo: z.boolean(),
  })
  .partial();

function readLayout(): LayoutSettings {
  const defaults: LayoutSettings = {
    theme: LAYOUT_DEFAULTS.theme,
    tagsView: LAYOUT_DEFAULTS.tagsView,
    fixedHeader: LAYOUT_DEFAULTS.fixedHeader,
    sidebarLogo: LAYOUT_DEFAULTS.sidebarLogo,
  };
  try {
    const raw = localStorage.getItem(LAYOUT_SETTING_KEY);
    if (!raw) return defaults;
    // A hand-edited or older entry must not break the shell: keep only the fields that still parse.
    const parsed = storedLayout.safeParse(JSON.parse(raw));
    return parsed.success ? { ...defaults, ...parsed.data } : defaults;
  } catch {
    return defaults;
  }
}

function writeLayout(settings: LayoutSettings): void {
  const { theme, tagsView, fixedHeader, sidebarLogo } = settings;
  try {
    localStorage.setItem(LAYOUT_SETTING_KEY, JSON.stringify({ theme, tagsView, fixedHeader, sidebarLogo }));
  } catch {
    // Storage full or disabled (private mode): the settings still apply for this visit.
  }
}

/** A year: long enough that the choice feels permanent, short enough that abandoned cookies expire. */
const COOKIE_OPTIONS = { expires: 365, sameSite: 'lax' } as const;

function isUiSize(value: string | undefined): value is UiSize {
  return UI_SIZES.some((s) => s === value);
}

function readSize(): UiSize {
  const value = Cookies.get(COOKIE_KEYS.size);
  return isUiSize(value) ? value : DEFAULT_UI_SIZE;
}

/** The desktop open/closed choice; open when the cookie was never written. */
function readSidebarOpened(): boolean {
  return Cookies.get(COOKIE_KEYS.sidebarStatus) !== '0';
}

function writeSidebarOpened(opened: boolean): void {
  Cookies.set(COOKIE_KEYS.sidebarStatus, opened ? '1' : '0', COOKIE_OPTIONS);
}

/**
 * Layout settings, UI size, sidebar and device. The sidebarStatus cookie remembers the desktop choice
 * only: on a phone the sidebar is a drawer that starts closed and closes on navigation, and those
 * closings must not fold the sidebar away when the same user is back at a desk.
 */
export const useSettings = create<SettingsState>()((set, get) => ({
  ...readLayout(),
  showSettings: LAYOUT_DEFAULTS.showSettings,
  size: readSize(),
  sidebarOpened: readSidebarOpened(),
  device: 'desktop',
  setLayout: (patch) => {
    set(patch);
    writeLayout(get());
  },
  resetLayout: () => {
    const defaults: LayoutSettings = {
      theme: THEME.defaultColor,
      tagsView: LAYOUT_DEFAULTS.tagsView,
      fixedHeader: LAYOUT_DEFAULTS.fixedHeader,
      sidebarLogo: LAYOUT_DEFAULTS.sidebarLogo,
    };
    set(defaults);
    writeLayout(defaults);
  },
  setShowSettings: (showSettings) => set({ showSettings }),
  setSize: (size) => {
    Cookies.set(COOKIE_KEYS.size, size, COOKIE_OPTIONS);
    set({ size });
  },
  toggleSidebar: () => {
    const sidebarOpened = !get().sidebarOpened;
    if (get().device === 'desktop') writeSidebarOpened(sidebarOpened);
    set({ sidebarOpened });
  },
  closeSidebar: () => {
    if (get().device === 'desktop') writeSidebarOpened(false);
    set({ sidebarOpened: false });
  },
  setDevice: (device) => {
    if (device === get().device) return;
    set({ device, sidebarOpened: device === 'desktop' ? readSidebarOpened() : false });
  },
}));

/** Re-reads cookies and storage; for tests and for a fresh sign-in in the same page. */
export function reloadSettings(): void {
  useSettings.setState({
    ...readLayout(),
    showSettings: LAYOUT_DEFAULTS.showSettings,
    size: readSize(),
    sidebarOpened: readSidebarOpened(),
    device: 'desktop',
  });
}
