import { Card, Flex, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WorkOrderStats } from '@sbuilding/shared';

const HOUR_MS = 3_600_000;

/**
 * The board card's figures of the project (issue 37): open and overdue now; of the last months, mean time to
 * acknowledge and to resolve (hours) and the share resolved within the service level.
 */
export function WorkOrderFigures({ stats }: { stats: WorkOrderStats | undefined }) {
  const { t } = useTranslation();
  const hours = (ms: number | null | undefined) =>
    ms === null || ms === undefined
      ? '-'
      : t('workOrders.figures.hours', { count: Math.round(ms / HOUR_MS) });
  const share =
    stats?.withinSlaShare === null || stats?.withinSlaShare === undefined
      ? '-'
      : `${Math.round(stats.withinSlaShare * 100)}%`;
  return (
    <Card>
      <Flex gap="large" wrap role="group" aria-label={t('workOrders.figures.label')}>
        <Statistic title={t('workOrders.figures.open')} value={stats?.open ?? '-'} />
        <Statistic title={t('workOrders.figures.overdue')} value={stats?.overdue ?? '-'} />
        <Statistic title={t('workOrders.figures.acknowledge')} value={hours(stats?.meanAcknowledgeMs)} />
        <Statistic title={t('workOrders.figures.resolve')} value={hours(stats?.meanResolveMs)} />
        <Statistic title={t('workOrders.figures.withinSla')} value={share} />
      </Flex>
    </Card>
  );
}
