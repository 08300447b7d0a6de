import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EnergyBoard, EnergyBoardCost } from '@sbuilding/shared';
import { EChart } from '@/components/echart';
import { formatKwh, formatMoney } from './format';

/**
 * Consumption by floor, stacked by building when the board shows all of them: one bar per floor
 * (building / floor), this period beside the previous one.
 */
export function EnergyBreakdown({ board, cost }: { board: EnergyBoard; cost?: EnergyBoardCost | undefined }) {
  const { t, i18n } = useTranslation();
  const money = (v: number) => (cost ? formatMoney(v, cost.currency, i18n.language) : '');
  const floorCost = (buildingId: number, floorId: number | null) =>
    cost?.floors.find((f) => f.buildingId === buildingId && f.floorId === floorId)?.cost;
  const rows = board.buildings.flatMap((b) =>
    b.floors.map((f) => {
      const priced = floorCost(b.buildingId, f.floorId);
      const place = `${b.name} / ${f.name || t('energy.noFloor')}`;
      // The floor's cost beside its kWh, in the axis label itself (issue 22).
      return {
        name: priced === undefined ? place : `${place} · ${money(priced)}`,
        energy: f.energy,
        previous: f.previous,
      };
    }),
  );
  const empty = rows.every((r) => r.energy === 0 && r.previous === 0);
  const label = t('energy.breakdownSummary', {
    items: board.buildings
      .map((b) => {
        const priced = cost?.buildings.find((x) => x.buildingId === b.buildingId);
        const extra = priced ? ` (${money(priced.cost)})` : '';
        return `${b.name}: ${formatKwh(b.energy, i18n.language)} kWh${extra}`;
      })
      .join('; '),
  });
  const current = t('energy.thisPeriod');
  const previous = t('energy.previousPeriod');
  return (
    <Card title={t('energy.breakdown')}>
      <EChart
        empty={empty}
        label={label}
        height={Math.max(240, rows.length * 36 + 80)}
        option={{
          tooltip: {
            trigger: 'axis',
            axisPointer: { type: 'shadow' },
            valueFormatter: (v) => `${formatKwh(Number(v), i18n.language)} kWh`,
          },
          legend: { top: 0, data: [current, previous] },
          grid: { left: 16, right: 32, top: 40, bottom: 24, containLabel: true },
          xAxis: { type: 'value', name: 'kWh' },
          yAxis: { type: 'category', inverse: true, data: rows.map((r) => r.name) },
          series: [
            { name: current, type: 'bar', data: rows.map((r) => r.energy) },
            { name: previous, type: 'bar', data: rows.map((r) => r.previous), itemStyle: { opacity: 0.45 } },
          ],
        }}
      />
    </Card>
  );
}
