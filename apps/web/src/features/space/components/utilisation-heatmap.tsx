import { useState } from 'react';
import { Card, Flex, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SpaceBoard } from '@sbuilding/shared';
import { EChart } from '@/components/echart';
import { formatShare } from './occupancy-table';

const HOURS = Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:00`);

/** Utilisation by local day and hour over the last 7 days: of all zones (share in use), or of one zone. */
export function UtilisationHeatmap({ board }: { board: SpaceBoard }) {
  const { t, i18n } = useTranslation();
  // 0 is "all zones" (zone ids are positive).
  const [zoneId, setZoneId] = useState(0);
  const zone = board.zones.find((z) => z.zoneId === zoneId) ?? null;
  const grid = zone ? zone.grid : board.grid;
  const name = zone ? zone.zoneName : t('space.allZones');
  const cells = grid.flatMap((row, d) =>
    row.flatMap((value, h) => (value === null ? [] : [[h, d, Math.round(value * 100)]])),
  );
  const known = grid.flat().filter((v): v is number => v !== null);
  const byHour = HOURS.map((_, h) => {
    const col = grid.map((row) => row[h] ?? null).filter((v): v is number => v !== null);
    return col.length === 0 ? null : col.reduce((a, b) => a + b, 0) / col.length;
  });
  const busiest = byHour.reduce<{ hour: number; share: number } | null>(
    (best, share, hour) => (share !== null && (!best || share > best.share) ? { hour, share } : best),
    null,
  );
  const label =
    known.length === 0
      ? t('space.heatmapEmpty', { name })
      : t('space.heatmapSummary', {
          name,
          share: formatShare(known.reduce((a, b) => a + b, 0) / known.length, i18n.language),
          hour: busiest ? HOURS[busiest.hour] : '—',
          busiest: formatShare(busiest?.share ?? null, i18n.language),
        });
  return (
    <Card title={t('space.heatmap')}>
      <Flex vertical gap="middle">
        <Select<number>
          aria-label={t('space.heatmapZone')}
          style={{ maxWidth: 280 }}
          value={zoneId}
          options={[
            { value: 0, label: t('space.allZones') },
            ...board.zones.map((z) => ({ value: z.zoneId, label: z.zoneName })),
          ]}
          onChange={setZoneId}
        />
        <EChart
          empty={known.length === 0}
          label={label}
          height={360}
          option={{
            tooltip: {
              position: 'top',
              formatter: (p) => {
                const item = Array.isArray(p) ? p[0] : p;
                const value: unknown = item?.value;
                const [h, d, share] = Array.isArray(value) ? value.map(Number) : [];
                return `${board.days[d ?? 0] ?? ''} ${HOURS[h ?? 0] ?? ''}: ${share ?? 0}%`;
              },
            },
            grid: { left: 96, right: 24, top: 16, bottom: 72 },
            xAxis: { type: 'category', data: HOURS, splitArea: { show: true } },
            yAxis: { type: 'category', data: board.days, splitArea: { show: true } },
            visualMap: {
              min: 0,
              max: 100,
              orient: 'horizontal',
              left: 'center',
              bottom: 0,
              text: ['100%', '0%'],
            },
            series: [{ name: t('space.utilisation'), type: 'heatmap', data: cells }],
          }}
        />
      </Flex>
    </Card>
  );
}
