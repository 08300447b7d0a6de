import { useState } from 'react';
import { Card, Segmented, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Portfolio } from '@sbuilding/shared';
import { EChart } from '@/components/echart';
import { formatCarbon, formatMoney, formatNumber } from './format';

export const PORTFOLIO_METRICS = ['kwhPerM2', 'cost', 'kwh', 'carbon'] as const;
export type PortfolioMetric = (typeof PORTFOLIO_METRICS)[number];

/**
 * Every building of the portfolio ranked by one figure (kWh/m², cost, kWh or carbon), highest first, this
 * period beside the previous one: where people would rather look than read. Buildings whose area is unknown
 * are left out of the kWh/m² ranking and named under it.
 */
export function PortfolioChart({ portfolio }: { portfolio: Portfolio }) {
  const { t, i18n } = useTranslation();
  const [metric, setMetric] = useState<PortfolioMetric>('kwhPerM2');
  const many = portfolio.projects.length > 1;
  const all = portfolio.projects.flatMap((p) =>
    p.buildings.map((b) => ({
      name: many ? `${p.projectName} / ${b.name}` : b.name,
      currency: p.currency,
      now: metric === 'kwhPerM2' ? b.kwhPerM2 : b[metric],
      before:
        metric === 'kwhPerM2'
          ? b.previousKwhPerM2
          : metric === 'kwh'
            ? b.previousKwh
            : metric === 'cost'
              ? b.previousCost
              : b.previousCarbon,
    })),
  );
  const rows = all
    .filter((r): r is typeof r & { now: number } => r.now !== null)
    .sort((a, b) => b.now - a.now || a.name.localeCompare(b.name));
  const unknown = all.filter((r) => r.now === null).map((r) => r.name);
  const show = (v: number, currency: string) => {
    if (metric === 'cost') return formatMoney(v, currency, i18n.language);
    if (metric === 'carbon') return formatCarbon(v, i18n.language);
    if (metric === 'kwh') return `${formatNumber(v, i18n.language)} kWh`;
    return `${formatNumber(v, i18n.language, 3)} kWh/m²`;
  };
  const metricName = t(`portfolio.metrics.${metric}`);
  const current = t('portfolio.thisPeriod');
  const previous = t('portfolio.previousPeriod');
  const label = t('portfolio.chartSummary', {
    metric: metricName,
    items: rows.map((r) => `${r.name}: ${show(r.now, r.currency)}`).join('; '),
  });
  return (
    <Card
      title={t('portfolio.chartTitle', { metric: metricName })}
      extra={
        <Segmented<PortfolioMetric>
          aria-label={t('portfolio.rankBy')}
          value={metric}
          options={PORTFOLIO_METRICS.map((m) => ({ value: m, label: t(`portfolio.metrics.${m}`) }))}
          onChange={setMetric}
        />
      }
    >
      <EChart
        empty={rows.length === 0}
        label={label}
        height={Math.max(200, rows.length * 40 + 80)}
        option={{
          tooltip: {
            trigger: 'axis',
            axisPointer: { type: 'shadow' },
            valueFormatter: (v) => show(Number(v), rows[0]?.currency ?? 'CNY'),
          },
          legend: { top: 0, data: [current, previous] },
          grid: { left: 16, right: 32, top: 40, bottom: 24, containLabel: true },
          // On a phone the value axis has room for fewer labels than it makes: drop the ones that would overlap.
          xAxis: { type: 'value', axisLabel: { hideOverlap: true } },
          yAxis: { type: 'category', inverse: true, data: rows.map((r) => r.name) },
          series: [
            { name: current, type: 'bar', data: rows.map((r) => r.now) },
            {
              name: previous,
              type: 'bar',
              data: rows.map((r) => r.before ?? 0),
              itemStyle: { opacity: 0.45 },
            },
          ],
        }}
      />
      {metric === 'kwhPerM2' && unknown.length > 0 && (
        <Typography.Text type="secondary" data-testid="portfolio-area-unknown">
          {t('portfolio.notRanked', { names: unknown.join(', ') })}
        </Typography.Text>
      )}
    </Card>
  );
}
