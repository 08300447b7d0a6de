import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EnergyBoard } from '@sbuilding/shared';
import { EChart } from '@/components/echart';
import { formatKwh } from './format';

/** The consumption curve of this period with the previous period's beside it (same place in the period). */
export function EnergyCurve({ board }: { board: EnergyBoard }) {
  const { t, i18n } = useTranslation();
  const empty = board.curve.every((p) => !p.current && !p.previous);
  const current = t('energy.thisPeriod');
  const previous = t('energy.previousPeriod');
  const peak = board.curve.reduce<{ bucket: string; value: number } | null>(
    (best, p) =>
      p.current !== null && (!best || p.current > best.value) ? { bucket: p.bucket, value: p.current } : best,
    null,
  );
  const label = t('energy.curveSummary', {
    energy: formatKwh(board.energy, i18n.language),
    // The curve's previous line is the whole previous period.
    previous: formatKwh(board.previousWhole, i18n.language),
    peak: peak?.bucket ?? '—',
    peakValue: formatKwh(peak?.value ?? 0, i18n.language),
  });
  return (
    <Card title={t('energy.curve')}>
      <EChart
        empty={empty}
        label={label}
        option={{
          tooltip: { trigger: 'axis', valueFormatter: (v) => `${formatKwh(Number(v), i18n.language)} kWh` },
          legend: { top: 0, data: [current, previous] },
          grid: { left: 56, right: 24, top: 40, bottom: 32 },
          xAxis: { type: 'category', data: board.curve.map((p) => p.bucket) },
          yAxis: { type: 'value', name: 'kWh' },
          series: [
            {
              name: current,
              type: 'line',
              showSymbol: false,
              areaStyle: { opacity: 0.15 },
              data: board.curve.map((p) => p.current),
            },
            {
              name: previous,
              type: 'line',
              showSymbol: false,
              lineStyle: { type: 'dashed' },
              data: board.curve.map((p) => p.previous),
            },
          ],
        }}
      />
    </Card>
  );
}
