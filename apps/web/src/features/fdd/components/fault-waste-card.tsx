import { Card, Flex, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '@/lib/permissions';
import { useFddSummary } from '../api/summary';
import { useFddFormat } from './fdd-format';

/**
 * What faults waste this month, on the energy board (issue 38): for the board's building when it shows one
 * (else the project), the findings, the energy and money wasted, and what the active ones cost per day, with a
 * link to the findings. Nothing for a role that cannot read findings, or before the figures come.
 */
export function FaultWasteCard({
  projectId,
  buildingId,
}: {
  projectId: number;
  buildingId?: number | undefined;
}) {
  const { t } = useTranslation();
  const canRead = useCan('faults:read');
  const summary = useFddSummary(projectId, canRead);
  const format = useFddFormat(projectId);
  if (!canRead || !summary.data) return null;
  const building =
    buildingId === undefined ? undefined : summary.data.byBuilding.find((b) => b.buildingId === buildingId);
  const figures =
    buildingId === undefined
      ? { count: summary.data.active, wasteKwh: summary.data.wasteKwh, wasteCost: summary.data.wasteCost }
      : {
          count: building?.count ?? 0,
          wasteKwh: building?.wasteKwh ?? 0,
          wasteCost: building?.wasteCost ?? 0,
        };
  return (
    <Card size="small" title={t('fdd.board.title')} extra={<Link to="/fdd">{t('fdd.board.open')}</Link>}>
      <Flex gap="large" wrap role="group" aria-label={t('fdd.board.title')}>
        <Statistic
          title={buildingId === undefined ? t('fdd.summary.active') : t('fdd.board.findings')}
          value={figures.count}
        />
        <Statistic title={t('fdd.summary.wasteKwh')} value={format.kwh(figures.wasteKwh)} />
        <Statistic title={t('fdd.summary.wasteCost')} value={format.money(figures.wasteCost)} />
        {buildingId === undefined && (
          <Statistic title={t('fdd.summary.perDay')} value={format.money(summary.data.activeCostPerDay)} />
        )}
      </Flex>
    </Card>
  );
}
