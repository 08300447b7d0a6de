import { useState } from 'react';
import { Card, Empty, Flex, Segmented, Select, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useProjectTime } from '@/lib/time';
import {
  AIR_READINGS,
  AIR_TREND_RANGES,
  AIR_UNITS,
  airReadingsOf,
  type AirBoard,
  type AirReading,
  type AirTrendRange,
} from '@sbuilding/shared';
import { EChart } from '@/components/echart';
import { useAirTrend, type AirTrendTarget } from '../api/get-air-trend';
import { formatAir } from './air-format';

/** A select value for a target: 'zone:3' or 'device:7'. */
const keyOf = (target: AirTrendTarget) => `${target.kind}:${target.id}`;
function targetOf(value: string): AirTrendTarget | null {
  const [kind, id] = value.split(':');
  const n = Number(id);
  if (!Number.isInteger(n)) return null;
  if (kind === 'zone') return { kind: 'zone', id: n };
  if (kind === 'device') return { kind: 'device', id: n };
  return null;
}

/** The readings a target's sensors measure (the catalogue's, by model). */
function readingsOfTarget(board: AirBoard, target: AirTrendTarget | null): AirReading[] {
  if (!target) return [];
  const ids =
    target.kind === 'zone' ? (board.zones.find((z) => z.zoneId === target.id)?.sensorIds ?? []) : [target.id];
  return airReadingsOf(board.sensors.filter((s) => ids.includes(s.id)).map((s) => s.model));
}

/**
 * What the trend shows before anything is chosen: a place with data for the first reading (CO2). The first
 * zone whose sensors report CO2 now, else the first zone with a CO2 sensor, else the first CO2 sensor; only
 * then the first zone with any sensor, or any sensor (a zone of temperature sensors alone has no CO2 trend:
 * opening on it showed 'No Data').
 */
function firstTarget(board: AirBoard): AirTrendTarget | null {
  const first = AIR_READINGS[0];
  const zones = board.zones.filter((z) => z.sensorIds.length > 0);
  const zone =
    zones.find((z) => z.values[first].value !== null) ??
    zones.find((z) => readingsOfTarget(board, { kind: 'zone', id: z.zoneId }).includes(first)) ??
    null;
  if (zone) return { kind: 'zone', id: zone.zoneId };
  const sensor = board.sensors.find((s) => airReadingsOf([s.model]).includes(first));
  if (sensor) return { kind: 'device', id: sensor.id };
  if (zones[0]) return { kind: 'zone', id: zones[0].zoneId };
  return board.sensors[0] ? { kind: 'device', id: board.sensors[0].id } : null;
}

/** 24-hour and 7-day trend of one reading, for a zone (its sensors together) or a sensor; from hourly rollups. */
export function AirTrendCard({ board }: { board: AirBoard }) {
  const { t, i18n } = useTranslation();
  const times = useProjectTime();
  const [chosen, setChosen] = useState<AirTrendTarget | null>(null);
  const [range, setRange] = useState<AirTrendRange>('24h');
  const [chosenReading, setReading] = useState<AirReading | null>(null);
  const target = chosen ?? firstTarget(board);
  const trend = useAirTrend(target, range);
  const measured = readingsOfTarget(board, target);
  // The first reading the place measures, until one is chosen.
  const reading = chosenReading ?? measured[0] ?? AIR_READINGS[0];
  const lacking = AIR_READINGS.filter((r) => !measured.includes(r));
  const list = new Intl.ListFormat(i18n.language, { type: 'disjunction' });
  const lackingNames = list.format(lacking.map((r) => t(`air.readings.${r}`)));

  const targetName = (() => {
    if (!target) return '';
    if (target.kind === 'zone') return board.zones.find((z) => z.zoneId === target.id)?.zoneName ?? '';
    return board.sensors.find((s) => s.id === target.id)?.name ?? '';
  })();
  const options = [
    {
      label: t('air.zones'),
      title: t('air.zones'),
      options: board.zones.map((z) => ({ value: `zone:${z.zoneId}`, label: z.zoneName })),
    },
    {
      label: t('air.sensorsTitle'),
      title: t('air.sensorsTitle'),
      options: board.sensors.map((s) => ({ value: `device:${s.id}`, label: s.name })),
    },
  ];

  const body = () => {
    if (!target) return <Empty description={t('air.notFound')} />;
    if (trend.isLoading)
      return (
        <div role="status">
          <Spin />
          <span className="sb-visually-hidden">{t('air.loading')}</span>
        </div>
      );
    const data = trend.data;
    if (!data) return <Empty description={t('boards.noData')} />;
    if (data.sensorCount === 0) return <Empty description={t('air.notFound')} />;
    if (!measured.includes(reading)) {
      return (
        <Empty
          description={t(target.kind === 'zone' ? 'air.noSensorInZone' : 'air.notMeasured', {
            readings: t(`air.readings.${reading}`),
            name: targetName,
          })}
        />
      );
    }
    const values = data.points.map((p) => p[reading]);
    const known = values.filter((v): v is number => v !== null);
    const threshold = board.thresholds[reading];
    const lines = [
      threshold.good.max,
      threshold.good.min,
      threshold.moderate.max,
      threshold.moderate.min,
    ].filter((v): v is number => v !== null);
    // The project's wall clock on the axis (lib/time), labelled with its zone where it differs from the browser's.
    const hourLabel = (at: string) => times.format(at, range === '7d' ? 'monthDayMinutes' : 'timeMinutes');
    const label =
      known.length === 0
        ? t('air.trendEmpty', { name: targetName })
        : t('air.trendSummary', {
            reading: t(`air.readings.${reading}`),
            name: targetName,
            range: t(`air.ranges.${range}`),
            min: formatAir(Math.min(...known), reading, i18n.language),
            max: formatAir(Math.max(...known), reading, i18n.language),
            mean: formatAir(known.reduce((a, b) => a + b, 0) / known.length, reading, i18n.language),
          });
    return (
      <EChart
        empty={known.length === 0}
        label={label}
        option={{
          tooltip: {
            trigger: 'axis',
            valueFormatter: (v) =>
              v === null || v === undefined ? '—' : formatAir(Number(v), reading, i18n.language),
          },
          grid: { left: 56, right: 24, top: 32, bottom: 32 },
          xAxis: {
            type: 'category',
            data: data.points.map((p) => hourLabel(p.t)),
            name: times.zoneLabel ?? undefined,
          },
          yAxis: { type: 'value', name: AIR_UNITS[reading], scale: true },
          series: [
            {
              name: t(`air.readings.${reading}`),
              type: 'line',
              showSymbol: false,
              connectNulls: false,
              data: values,
              markLine: {
                silent: true,
                symbol: 'none',
                lineStyle: { type: 'dashed' },
                data: lines.map((yAxis) => ({ yAxis })),
              },
            },
          ],
        }}
      />
    );
  };

  return (
    <Card title={t('air.trend')}>
      <Flex vertical gap="middle">
        <Flex gap="middle" wrap align="center">
          <Select<string>
            aria-label={t('air.trendTarget')}
            style={{ minWidth: 220 }}
            value={target ? keyOf(target) : undefined}
            options={options}
            onChange={(value) => setChosen(targetOf(value))}
          />
          <Segmented<AirTrendRange>
            aria-label={t('air.range')}
            value={range}
            options={AIR_TREND_RANGES.map((r) => ({ value: r, label: t(`air.ranges.${r}`) }))}
            onChange={setRange}
          />
          <Segmented<AirReading>
            aria-label={t('air.reading')}
            value={reading}
            options={AIR_READINGS.map((r) => ({ value: r, label: t(`air.readings.${r}`) }))}
            onChange={setReading}
          />
        </Flex>
        {target && measured.length > 0 && lacking.length > 0 && (
          // Which readings this place has no sensor for, so an empty line is not taken for clean air.
          <Typography.Text type="secondary" data-testid="air-trend-lacking">
            {t(target.kind === 'zone' ? 'air.noSensorInZone' : 'air.notMeasured', {
              readings: lackingNames,
              name: targetName,
            })}
          </Typography.Text>
        )}
        {body()}
      </Flex>
    </Card>
  );
}
