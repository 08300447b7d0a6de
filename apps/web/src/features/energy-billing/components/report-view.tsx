import { Card, Descriptions, Flex, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EnergyReport } from '@sbuilding/shared';
import { EChart } from '@/components/echart';

type Row = EnergyReport['buildings'][number];

/** The energy report of a week or a month: totals, and kWh, cost, carbon and peak demand by building. */
export function ReportView({ report }: { report: EnergyReport }) {
  const { t, i18n } = useTranslation();
  const num = (v: number, digits = 1) =>
    new Intl.NumberFormat(i18n.language, { maximumFractionDigits: digits }).format(v);
  const money = (v: number) =>
    new Intl.NumberFormat(i18n.language, {
      style: 'currency',
      currency: report.currency,
      minimumFractionDigits: 2,
    }).format(v);
  const peak = (f: Pick<Row, 'peakKw' | 'peakAt'>) =>
    f.peakAt ? t('energyReports.view.peakAt', { kw: num(f.peakKw, 2), at: f.peakAt }) : '—';
  return (
    <Flex vertical gap="middle">
      <Card>
        <Descriptions
          column={{ xs: 1, md: 2, xl: 3 }}
          items={[
            { key: 'project', label: t('energyReports.view.project'), children: report.projectName },
            {
              key: 'period',
              label: t('energyReports.view.period'),
              children: `${t(`energyReports.periods.${report.period}`)}: ${report.from} – ${report.to}`,
            },
            {
              key: 'kwh',
              label: t('energyReports.view.kwh'),
              children: (
                <span data-testid="report-kwh">
                  {`${num(report.kwh)} kWh`}
                  <Typography.Text type="secondary">
                    {` (${t('energyReports.view.previous', { kwh: num(report.previousKwh) })})`}
                  </Typography.Text>
                </span>
              ),
            },
            {
              key: 'cost',
              label: t('energyReports.view.cost'),
              children: report.hasTariff ? (
                <Flex vertical>
                  <span>{money(report.cost)}</span>
                  {/* The bills' demand and fixed charges are not in it: said where the figure is. */}
                  <Typography.Text type="secondary">{t('energyReports.view.costNote')}</Typography.Text>
                </Flex>
              ) : (
                t('energyReports.view.noTariff')
              ),
            },
            {
              key: 'carbon',
              label: t('energyReports.view.carbon'),
              children: report.hasFactor ? `${num(report.carbon)} kgCO2e` : t('energyReports.view.noFactor'),
            },
            { key: 'peak', label: t('energyReports.view.peak'), children: peak(report) },
          ]}
        />
      </Card>
      <Card title={t('energyReports.view.byBuilding')}>
        <Flex vertical gap="middle">
          <EChart
            height={220}
            empty={report.buildings.length === 0}
            label={t('energyReports.view.chartSummary', {
              items: report.buildings.map((b) => `${b.name} ${num(b.kwh)} kWh`).join('; '),
            })}
            option={{
              tooltip: { trigger: 'axis' },
              grid: { left: 16, right: 16, top: 32, bottom: 24, containLabel: true },
              xAxis: { type: 'category', data: report.buildings.map((b) => b.name) },
              yAxis: { type: 'value', name: 'kWh' },
              series: [
                { type: 'bar', name: 'kWh', data: report.buildings.map((b) => Math.round(b.kwh * 10) / 10) },
              ],
            }}
          />
          <Table<Row>
            size="small"
            rowKey="buildingId"
            pagination={false}
            scroll={{ x: 'max-content' }}
            dataSource={report.buildings}
            locale={{ emptyText: t('energyReports.view.noBuildings') }}
            columns={[
              { title: t('energyReports.view.building'), dataIndex: 'name' },
              { title: 'kWh', dataIndex: 'kwh', align: 'right', render: (v: number) => num(v) },
              {
                title: t('energyReports.view.previousKwh'),
                dataIndex: 'previousKwh',
                align: 'right',
                render: (v: number) => num(v),
              },
              { title: t('energyReports.view.cost'), dataIndex: 'cost', align: 'right', render: money },
              {
                title: t('energyReports.view.carbon'),
                dataIndex: 'carbon',
                align: 'right',
                render: (v: number) => num(v),
              },
              { title: t('energyReports.view.peak'), key: 'peak', render: (_: unknown, b: Row) => peak(b) },
            ]}
          />
        </Flex>
      </Card>
    </Flex>
  );
}
