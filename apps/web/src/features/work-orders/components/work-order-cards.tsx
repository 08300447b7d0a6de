import { Button, Card, Empty, Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WorkOrder } from '@sbuilding/shared';
import { useProjectTime } from '@/lib/time';
import { DueCell, placeOf, PriorityTag, StatusTag } from './work-order-labels';

const LIST = {
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: 12,
} as const;

/**
 * The work orders as one column of cards, for a phone (a technician's "my work" at 390 px): what, how urgent,
 * how far, where and by when, and a full-width button to the detail. The table's columns would not fit.
 */
export function WorkOrderCards({
  rows,
  loading,
  onDetail,
}: {
  rows: WorkOrder[];
  loading: boolean;
  onDetail: (order: WorkOrder) => void;
}) {
  const { t } = useTranslation();
  const times = useProjectTime();
  if (rows.length === 0) return loading ? <Spin /> : <Empty />;
  return (
    <ul aria-label={t('workOrders.tableLabel')} aria-busy={loading} style={LIST}>
      {rows.map((order) => (
        <li key={order.id}>
          <Card size="small" title={order.title}>
            <Flex vertical gap="small">
              <Flex gap="small" wrap>
                <PriorityTag priority={order.priority} />
                <StatusTag status={order.status} />
              </Flex>
              <Typography.Text>{placeOf(order) || '-'}</Typography.Text>
              <Typography.Text type="secondary">
                {times.titled(t('workOrders.columns.due'))}: <DueCell order={order} />
              </Typography.Text>
              <Button
                block
                size="large"
                aria-label={t('workOrders.detailOf', { title: order.title })}
                onClick={() => onDetail(order)}
              >
                {t('workOrders.detail')}
              </Button>
            </Flex>
          </Card>
        </li>
      ))}
    </ul>
  );
}
