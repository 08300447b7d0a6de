import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Overview } from '@sbuilding/shared';
import { EChart } from '@/components/echart';
import { formatNumber } from './format';

/** Text and grid line colours of the charts on a light or a dark page. */
function inks(dark: boolean) {
  return dark
    ? { text: 'rgba(255, 255, 255, 0.85)', line: 'rgba(255, 255, 255, 0.2)' }
    : { text: 'rgba(0, 0, 0, 0.88)', line: 'rgba(0, 0, 0, 0.15)' };
}

const CHART_HEIGHT = 260;

/** Today's consumption by local hour with yesterday's beside it. */
export function EnergyTodayChart({ overview, dark = false }: { overview: Overview; dark?: boolean }) {
  const { t, i18n } = useTranslation();
  const { energy } = overview;
  const ink = inks(dark);
  const today = t('overview.energy.today');
  const yesterday = t('overview.energy.yesterday');
  const kwh = (v: number) => formatNumber(v, i18n.language);
  const label = t('overview.energy.summary', {
    today: kwh(energy.today),
    yesterdaySameTime: kwh(energy.yesterdaySameTime),
    yesterday: kwh(energy.yesterday),
  });
  const empty = energy.curve.every((p) => !p.today && !p.yesterday);
  return (
    <Card title={t('overview.energy.title')}>
      <EChart
        height={CHART_HEIGHT}
        empty={empty}
        label={label}
        option={{
          textStyle: { color: ink.text },
          tooltip: { trigger: 'axis', valueFormatter: (v) => `${kwh(Number(v))} kWh` },
          legend: { top: 0, data: [today, yesterday], textStyle: { color: ink.text } },
          grid: { left: 48, right: 16, top: 36, bottom: 28 },
          xAxis: {
            type: 'category',
            data: energy.curve.map((p) => p.hour),
            axisLabel: { color: ink.text },
            axisLine: { lineStyle: { color: ink.line } },
          },
          yAxis: {
            type: 'value',
            name: 'kWh',
            nameTextStyle: { color: ink.text },
            axisLabel: { color: ink.text },
            splitLine: { lineStyle: { color: ink.line } },
          },
          series: [
            { name: today, type: 'bar', data: energy.curve.map((p) => p.today) },
            {
              name: yesterday,
              type: 'line',
              showSymbol: false,
              lineStyle: { type: 'dashed' },
              data: energy.curve.map((p) => p.yesterday),
            },
          ],
        }}
      />
    </Card>
  );
}

const LEVELS = ['urgent', 'secondary', 'general'] as const;
const LEVEL_COLOURS: Record<(typeof LEVELS)[number], string> = {
  urgent: '#ff4d4f',
  secondary: '#faad14',
  general: '#1677ff',
};

/** Open alerts by level, as bars with their count written on them. */
export function AlertsChart({ overview, dark = false }: { overview: Overview; dark?: boolean }) {
  const { t } = useTranslation();
  const { alerts } = overview;
  const ink = inks(dark);
  const names = LEVELS.map((level) => t(`overview.levels.${level}`));
  const label = t('overview.alerts.summary', {
    items: LEVELS.map((level, i) => `${names[i] ?? level} ${alerts[level]}`).join(', '),
  });
  return (
    <Card title={t('overview.alerts.title')}>
      <EChart
        height={CHART_HEIGHT}
        empty={alerts.total === 0}
        label={label}
        option={{
          textStyle: { color: ink.text },
          grid: { left: 40, right: 16, top: 16, bottom: 28 },
          xAxis: {
            type: 'category',
            data: names,
            axisLabel: { color: ink.text },
            axisLine: { lineStyle: { color: ink.line } },
          },
          yAxis: {
            type: 'value',
            minInterval: 1,
            axisLabel: { color: ink.text },
            splitLine: { lineStyle: { color: ink.line } },
          },
          series: [
            {
              type: 'bar',
              barMaxWidth: 48,
              label: { show: true, position: 'top', color: ink.text },
              data: LEVELS.map((level) => ({
                value: alerts[level],
                itemStyle: { color: LEVEL_COLOURS[level] },
              })),
            },
          ],
        }}
      />
    </Card>
  );
}
