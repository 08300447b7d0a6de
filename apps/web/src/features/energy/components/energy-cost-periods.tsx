import { Card, Col, Row, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EnergyBoardCost, TouPeriod } from '@sbuilding/shared';
import { EChart } from '@/components/echart';
import { PERIOD_COLORS } from '@/features/energy-billing';
import { formatKwh, formatMoney } from './format';

/** This period's kWh and cost by tariff period: a bar per period and the same figures as a table. */
export function EnergyCostPeriods({ cost }: { cost: EnergyBoardCost }) {
  const { t, i18n } = useTranslation();
  const name = (p: TouPeriod) => t(`energyBilling.periods.${p}`);
  const money = (v: number) => formatMoney(v, cost.currency, i18n.language);
  const rows = cost.periods.filter((p) => p.kwh !== 0 || p.cost !== 0);
  const label = t('energyBilling.byPeriodSummary', {
    items: rows
      .map((p) => `${name(p.period)} ${formatKwh(p.kwh, i18n.language)} kWh ${money(p.cost)}`)
      .join('; '),
  });
  return (
    <Card title={t('energyBilling.byPeriod')}>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          <EChart
            empty={rows.length === 0}
            label={label}
            height={240}
            option={{
              tooltip: { trigger: 'item' },
              grid: { left: 16, right: 16, top: 32, bottom: 24, containLabel: true },
              xAxis: { type: 'category', data: rows.map((p) => name(p.period)) },
              yAxis: { type: 'value', name: cost.currency },
              series: [
                {
                  type: 'bar',
                  name: t('energyBilling.cost'),
                  data: rows.map((p) => ({
                    value: Math.round(p.cost * 100) / 100,
                    itemStyle: { color: PERIOD_COLORS[p.period] },
                  })),
                },
              ],
            }}
          />
        </Col>
        <Col xs={24} lg={10}>
          <Table
            size="small"
            rowKey="period"
            pagination={false}
            dataSource={cost.periods}
            columns={[
              { title: t('energyBilling.period'), dataIndex: 'period', render: (p: TouPeriod) => name(p) },
              {
                title: 'kWh',
                dataIndex: 'kwh',
                align: 'right',
                render: (v: number) => formatKwh(v, i18n.language),
              },
              { title: t('energyBilling.cost'), dataIndex: 'cost', align: 'right', render: money },
            ]}
          />
        </Col>
      </Row>
    </Card>
  );
}
