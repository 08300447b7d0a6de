import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WorkOrder, WorkOrderPriority, WorkOrderStatus } from '@sbuilding/shared';
import { useProjectTime } from '@/lib/time';

const PRIORITY_COLORS: Record<WorkOrderPriority, string> = {
  urgent: 'red',
  high: 'orange',
  normal: 'blue',
  low: 'default',
};

const STATUS_COLORS: Record<WorkOrderStatus, string> = {
  new: 'gold',
  assigned: 'blue',
  inProgress: 'processing',
  onHold: 'default',
  resolved: 'green',
  closed: 'default',
};

export function PriorityTag({ priority }: { priority: WorkOrderPriority }) {
  const { t } = useTranslation();
  return <Tag color={PRIORITY_COLORS[priority]}>{t(`workOrders.priorities.${priority}`)}</Tag>;
}

export function StatusTag({ status }: { status: WorkOrderStatus }) {
  const { t } = useTranslation();
  return <Tag color={STATUS_COLORS[status]}>{t(`workOrders.statuses.${status}`)}</Tag>;
}

/** The place as people read it: building / floor / room / device, as far as it is known. */
export function placeOf(order: WorkOrder): string {
  return [order.buildingName, order.floorName, order.zoneName, order.deviceName].filter(Boolean).join(' / ');
}

/** A time on the project's clock, '-' when there is none. */
export function useWorkOrderTime(): (iso: string | null) => string {
  const times = useProjectTime();
  return (iso) => (iso ? times.format(iso) : '-');
}

/** The due time with what it means now: overdue, or standing while on hold or resolved. */
export function DueCell({ order }: { order: WorkOrder }) {
  const { t } = useTranslation();
  const format = useWorkOrderTime();
  return (
    <span>
      {order.slaPaused ? '-' : format(order.dueAt)}{' '}
      {order.overdue && <Tag color="red">{t('workOrders.overdue')}</Tag>}
      {order.slaPaused && order.status === 'onHold' && <Tag>{t('workOrders.paused')}</Tag>}
    </span>
  );
}
