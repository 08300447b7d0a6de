import { Card, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { SavingsCheck, SavingsCheckBuilding } from '@sbuilding/shared';
import { formatKwh } from './format';

/** How far the estimate and the meters agree, in words (never a colour alone). */
function useVerdict() {
  const { t } = useTranslation();
  return (b: SavingsCheckBuilding) => {
    if (b.automatedHours === 0) return t('energy.check.noSavings');
    if (b.comparedHours === 0) return t('energy.check.noComparable');
    if (b.differencePercent === null) return t('energy.check.noMeteredSaving');
    const value = Math.abs(b.differencePercent);
    if (b.differencePercent > 0) return t('energy.check.above', { value });
    if (b.differencePercent < 0) return t('energy.check.below', { value });
    return t('energy.check.same');
  };
}

/**
 * "Checked against the meters": for each building, the savings estimated in the hours automation saved
 * something beside what its meters measured in those hours against comparable hours without (same local
 * hour, same day type of the calendar), and how far the two differ.
 */
export function SavingsCheckCard({ check }: { check: SavingsCheck }) {
  const { t, i18n } = useTranslation();
  const verdict = useVerdict();
  const kwh = (v: number) => `${formatKwh(v, i18n.language)} kWh`;
  const columns: ColumnsType<SavingsCheckBuilding> = [
    { title: t('energy.building'), dataIndex: 'name', key: 'name' },
    {
      title: t('energy.check.estimate'),
      key: 'estimate',
      align: 'right',
      render: (_, b) => kwh(b.comparedEstimateKwh),
    },
    {
      title: t('energy.check.metered'),
      key: 'metered',
      align: 'right',
      render: (_, b) => kwh(b.meteredSavingKwh),
    },
    {
      title: t('energy.check.hours'),
      key: 'hours',
      align: 'right',
      render: (_, b) =>
        t('energy.check.hoursValue', { compared: b.comparedHours, automated: b.automatedHours }),
    },
    { title: t('energy.check.agreement'), key: 'agreement', render: (_, b) => verdict(b) },
  ];
  return (
    <Card title={t('energy.check.title')} data-testid="savings-check">
      <Typography.Paragraph type="secondary">{t('energy.check.how')}</Typography.Paragraph>
      <Table
        rowKey="buildingId"
        size="small"
        pagination={false}
        columns={columns}
        dataSource={check.buildings}
        scroll={{ x: 'max-content' }}
      />
    </Card>
  );
}
