import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FddFinding } from '@sbuilding/shared';
import { EChart } from '@/components/echart';
import { useKeyLabel } from '@/lib/key-label';
import { useProjectTime } from '@/lib/time';
import { useDeviceHistory } from '../api/device-history';

/**
 * The device's numeric readings of the evidence over the last day, one line each, under its heading; nothing when the history
 * cannot be read (the evidence table says what the rule saw either way).
 */
export function FindingHistory({ finding, heading }: { finding: FddFinding; heading: ReactNode }) {
  const { t } = useTranslation();
  const times = useProjectTime();
  const keyLabel = useKeyLabel();
  const keys = Object.entries(finding.evidence.readings)
    .filter(([, value]) => typeof value === 'number')
    .map(([key]) => key);
  const history = useDeviceHistory(keys.length > 0 ? finding.deviceId : null, keys);
  if (!history.data) return null;
  const series = keys.map((key) => ({
    name: keyLabel(key),
    type: 'line' as const,
    showSymbol: false,
    data: (history.data.series[key] ?? []).flatMap((p) =>
      typeof p.value === 'number' ? [[Date.parse(p.t), p.value]] : [],
    ),
  }));
  return (
    <>
      {heading}
      <EChart
        height={220}
        empty={series.every((s) => s.data.length === 0)}
        label={t('fdd.history.label', {
          device: finding.deviceName,
          readings: series.map((s) => s.name).join(', '),
        })}
        option={{
          tooltip: { trigger: 'axis' },
          legend: { top: 0 },
          grid: { left: 48, right: 24, top: 40, bottom: 32 },
          xAxis: { type: 'time', axisLabel: { formatter: (v: number) => times.format(v, 'timeMinutes') } },
          yAxis: { type: 'value', scale: true },
          series,
        }}
      />
    </>
  );
}
