import { Card, Col, Flex, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FddSummary } from '@sbuilding/shared';
import { EChart } from '@/components/echart';
import type { FddFormat } from './fdd-format';

/**
 * What faults cost the project: active findings, this month's waste (kWh, money, kgCO2e) and what the active
 * ones waste per day; beside it, this month's waste cost by rule as bars (summarised in words for screen
 * readers).
 */
export function FddSummaryCards({ summary, format }: { summary: FddSummary | undefined; format: FddFormat }) {
  const { t } = useTranslation();
  const byRule = [...(summary?.byRule ?? [])].sort((a, b) => b.wasteCost - a.wasteCost);
  const ruleName = (rule: string) => t(`fdd.rules.${rule}.name`);
  const label =
    byRule.length === 0
      ? t('fdd.summary.chartEmpty')
      : t('fdd.summary.chartLabel', {
          items: byRule.map((r) => `${ruleName(r.rule)} ${format.money(r.wasteCost)}`).join('; '),
        });
  const figure = (value: number | undefined, write: (v: number) => string) =>
    value === undefined ? '-' : write(value);
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <Card title={t('fdd.summary.title')}>
          <Flex gap="large" wrap role="group" aria-label={t('fdd.summary.title')}>
            <Statistic title={t('fdd.summary.active')} value={summary?.active ?? '-'} />
            <Statistic title={t('fdd.summary.wasteKwh')} value={figure(summary?.wasteKwh, format.kwh)} />
            <Statistic title={t('fdd.summary.wasteCost')} value={figure(summary?.wasteCost, format.money)} />
            <Statistic title={t('fdd.summary.wasteCo2')} value={figure(summary?.wasteCo2, format.co2)} />
            <Statistic
              title={t('fdd.summary.perDay')}
              value={figure(summary?.activeCostPerDay, format.money)}
            />
          </Flex>
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card title={t('fdd.summary.byRule')}>
          <EChart
            height={200}
            empty={byRule.every((r) => r.wasteCost === 0)}
            label={label}
            option={{
              tooltip: {
                trigger: 'axis',
                valueFormatter: (v) => (typeof v === 'number' ? format.money(v) : ''),
              },
              grid: { left: 8, right: 24, top: 8, bottom: 8, containLabel: true },
              xAxis: { type: 'value' },
              yAxis: { type: 'category', inverse: true, data: byRule.map((r) => ruleName(r.rule)) },
              series: [
                { type: 'bar', name: t('fdd.summary.wasteCost'), data: byRule.map((r) => r.wasteCost) },
              ],
            }}
          />
        </Card>
      </Col>
    </Row>
  );
}
