import { useTranslation } from 'react-i18next';
import { TOU_PERIODS, type TouPeriod } from '@sbuilding/shared';
import { EChart } from '@/components/echart';
import { PERIOD_COLORS } from './period-colors';

export interface PeriodStripProps {
  /** The period of each local hour 0-23. */
  hours: readonly TouPeriod[];
  /** The price per kWh of each hour. */
  prices: readonly number[];
  currency: string;
  height?: number;
}

/** Runs of equal periods in words, for the chart's text alternative: '00:00-06:00 Deep valley, …'. */
export function describeHours(hours: readonly TouPeriod[], name: (p: TouPeriod) => string): string {
  const runs: string[] = [];
  let start = 0;
  for (let h = 1; h <= hours.length; h++) {
    if (h === hours.length || hours[h] !== hours[start]) {
      const period = hours[start];
      if (period) runs.push(`${pad(start)}-${pad(h)} ${name(period)}`);
      start = h;
    }
  }
  return runs.join(', ');
}

const pad = (h: number) => `${String(h).padStart(2, '0')}:00`;

/** A day's 24 hours as bars: each hour's price, coloured and named by its tariff period. */
export function PeriodStrip({ hours, prices, currency, height = 180 }: PeriodStripProps) {
  const { t } = useTranslation();
  const name = (p: TouPeriod) => t(`energyBilling.periods.${p}`);
  const used = TOU_PERIODS.filter((p) => hours.includes(p));
  return (
    <EChart
      height={height}
      empty={hours.length === 0}
      label={t('energyBilling.stripSummary', { hours: describeHours(hours, name) })}
      option={{
        // The axis's unit is drawn above the plot: below the legend, which fills a phone's width (at 390 px
        // 'CNY/kWh' was drawn under the legend's first item).
        grid: { left: 48, right: 16, top: 64, bottom: 28 },
        legend: { data: used.map(name), top: 0 },
        tooltip: { trigger: 'item' },
        xAxis: { type: 'category', data: hours.map((_, h) => pad(h)) },
        yAxis: { type: 'value', name: `${currency}/kWh` },
        series: used.map((p) => ({
          name: name(p),
          type: 'bar' as const,
          stack: 'hours',
          barCategoryGap: '0%',
          itemStyle: { color: PERIOD_COLORS[p] },
          data: hours.map((period, h) => (period === p ? (prices[h] ?? 0) : null)),
        })),
      }}
    />
  );
}
