import type { TouPeriod } from '@sbuilding/shared';

/** One colour per tariff period, dearest the warmest; the strip also names each period in words. */
export const PERIOD_COLORS: Record<TouPeriod, string> = {
  sharp: '#cf1322',
  peak: '#fa8c16',
  flat: '#fadb14',
  valley: '#52c41a',
  deepValley: '#1677ff',
};
