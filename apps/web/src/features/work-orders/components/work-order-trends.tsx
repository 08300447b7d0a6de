import { Card, Col, Row, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { WorkOrderStats } from '@sbuilding/shared';
import { EChart } from '@/components/echart';

type BuildingFigures = WorkOrderStats['byBuilding'][number];

const HOUR_MS = 3_600_000;

/**
 * How fast problems get fixed over time and where: work orders made and resolved per month with the share
 * resolved within the service level (a chart, summarised in words for screen readers), and each building's
 * figures as a table.
 */
export function WorkOrderTrends({ stats }: { stats: WorkOrderStats | undefined }) {
  const { t } = useTranslation();
  const months = stats?.byMonth ?? [];
  const hours = (ms: number | null) =>
    ms === null ? '-' : t('workOrders.figures.hours', { count: Math.round(ms / HOUR_MS) });
  const percent = (share: number | null) => (share === null ? '-' : `${Math.round(share * 100)}%`);
  const created = t('workOrders.trends.created');
  const resolved = t('workOrders.trends.resolved');
  const within = t('workOrders.figures.withinSla');
  const label = t('workOrders.trends.summary', {
    months: months.length,
    created: months.reduce((sum, m) => sum + m.created, 0),
    resolved: months.reduce((sum, m) => sum + m.resolved, 0),
  });
  const columns: ColumnsType<BuildingFigures> = [
    {
      title: t('workOrders.building'),
      dataIndex: 'buildingName',
      render: (_, b) => b.buildingName || t('workOrders.trends.noBuilding'),
    },
    { title: t('workOrders.figures.open'), dataIndex: 'open' },
    { title: t('workOrders.figures.overdue'), dataIndex: 'overdue' },
    { title: t('workOrders.figures.resolve'), key: 'resolve', render: (_, b) => hours(b.meanResolveMs) },
    { title: within, key: 'within', render: (_, b) => percent(b.withinSlaShare) },
  ];
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={14}>
        <Card title={t('workOrders.trends.byMonth')}>
          <EChart
            height={260}
            empty={months.every((m) => m.created === 0 && m.resolved === 0)}
            label={label}
            option={{
              tooltip: { trigger: 'axis' },
              legend: { top: 0, data: [created, resolved, within] },
              grid: { left: 48, right: 48, top: 40, bottom: 32 },
              xAxis: { type: 'category', data: months.map((m) => m.month) },
              yAxis: [
                { type: 'value', minInterval: 1 },
                { type: 'value', min: 0, max: 100, axisLabel: { formatter: '{value}%' } },
              ],
              series: [
                { name: created, type: 'bar', data: months.map((m) => m.created) },
                { name: resolved, type: 'bar', data: months.map((m) => m.resolved) },
                {
                  name: within,
                  type: 'line',
                  yAxisIndex: 1,
                  data: months.map((m) =>
                    m.withinSlaShare === null ? null : Math.round(m.withinSlaShare * 100),
                  ),
                },
              ],
            }}
          />
        </Card>
      </Col>
      <Col xs={24} xl={10}>
        <Card title={t('workOrders.trends.byBuilding')}>
          <Table<BuildingFigures>
            rowKey={(b) => b.buildingId ?? 0}
            size="small"
            aria-label={t('workOrders.trends.byBuilding')}
            columns={columns}
            dataSource={stats?.byBuilding ?? []}
            pagination={false}
            scroll={{ x: 'max-content' }}
          />
        </Card>
      </Col>
    </Row>
  );
}
