import { Card, Statistic } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { workOrderStatsSchema } from '@sbuilding/shared';
import { useCan } from '@/lib/permissions';
import { get } from '@/lib/request';
import { workOrdersKey } from '../api/work-orders';

/**
 * The project's overdue work orders as one more count on the alarm board (issue 37: late work shows where
 * alerts are watched), linking to the work orders. Nothing for a role that cannot read work orders; silent,
 * so the board never shows a notice for a figure beside its own.
 */
export function OverdueWorkOrdersCount({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const canRead = useCan('workOrders:read');
  const stats = useQuery({
    queryKey: [...workOrdersKey, 'stats', projectId, 'board'],
    queryFn: () =>
      get('/sbuilding/workorder/stats', {
        params: { projectId, months: 1 },
        schema: workOrderStatsSchema,
        silent: true,
      }),
    enabled: canRead,
  });
  if (!canRead || !stats.data) return null;
  return (
    <Card size="small" style={{ minWidth: 140 }}>
      <Statistic
        title={<Link to="/workorder">{t('workOrders.overdueOnBoard')}</Link>}
        value={stats.data.overdue}
        styles={{ content: stats.data.overdue > 0 ? { color: '#cf1322' } : undefined }}
      />
    </Card>
  );
}
