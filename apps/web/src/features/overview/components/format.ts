/** A figure as the overview shows it: at most `digits` decimals, grouped in the language's way. */
export function formatNumber(value: number, language: string, digits = 1): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: digits }).format(value);
}

/** Devices online as a whole per cent of the building's devices; null when it has none. */
export function onlineShare(devices: { online: number; total: number }): number | null {
  return devices.total === 0 ? null : Math.round((devices.online / devices.total) * 100);
}

export type ShareBand = 'good' | 'warning' | 'bad' | 'none';

/** How a building's pin is coloured: 90% or more online is good, 50% or more a warning, less bad. */
export function shareBand(share: number | null): ShareBand {
  if (share === null) return 'none';
  if (share >= 90) return 'good';
  if (share >= 50) return 'warning';
  return 'bad';
}

/** Pin colours on the dark map (bright enough against its land and sea). */
export const BAND_COLOURS: Record<ShareBand, string> = {
  good: '#52c41a',
  warning: '#faad14',
  bad: '#ff4d4f',
  none: '#8c8c8c',
};
