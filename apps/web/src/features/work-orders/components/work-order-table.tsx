import { Button, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { WorkOrder } from '@sbuilding/shared';
import { useProjectTime } from '@/lib/time';
import { DueCell, placeOf, PriorityTag, StatusTag, useWorkOrderTime } from './work-order-labels';

export interface WorkOrderTableProps {
  rows: WorkOrder[];
  loading: boolean;
  /** The rows chosen for bulk assignment; undefined: no selection column (the user may not assign). */
  selected?: number[];
  onSelect?: (ids: number[]) => void;
  onDetail: (order: WorkOrder) => void;
}

/** The work orders of the filter, newest first as the server sends them. */
export function WorkOrderTable({ rows, loading, selected, onSelect, onDetail }: WorkOrderTableProps) {
  const { t } = useTranslation();
  const times = useProjectTime();
  const format = useWorkOrderTime();
  const columns: ColumnsType<WorkOrder> = [
    { title: t('workOrders.columns.title'), dataIndex: 'title' },
    {
      title: t('workOrders.columns.priority'),
      dataIndex: 'priority',
      render: (_, o) => <PriorityTag priority={o.priority} />,
    },
    {
      title: t('workOrders.columns.status'),
      dataIndex: 'status',
      render: (_, o) => <StatusTag status={o.status} />,
    },
    { title: t('workOrders.columns.place'), key: 'place', render: (_, o) => placeOf(o) || '-' },
    {
      title: t('workOrders.columns.assignee'),
      dataIndex: 'assigneeName',
      render: (_, o) => o.assigneeName || '-',
    },
    {
      title: times.titled(t('workOrders.columns.due')),
      dataIndex: 'dueAt',
      render: (_, o) => <DueCell order={o} />,
    },
    {
      title: t('workOrders.columns.source'),
      dataIndex: 'source',
      render: (_, o) => t(`workOrders.sources.${o.source}`),
    },
    {
      title: times.titled(t('workOrders.columns.createTime')),
      dataIndex: 'createTime',
      render: (_, o) => format(o.createTime),
    },
    {
      title: t('workOrders.columns.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, o) => (
        <Button
          type="link"
          size="small"
          aria-label={t('workOrders.detailOf', { title: o.title })}
          onClick={() => onDetail(o)}
        >
          {t('workOrders.detail')}
        </Button>
      ),
    },
  ];
  return (
    <Table<WorkOrder>
      rowKey="id"
      aria-label={t('workOrders.tableLabel')}
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={false}
      scroll={{ x: 'max-content' }}
      rowSelection={
        selected && onSelect
          ? {
              selectedRowKeys: selected,
              onChange: (keys) => onSelect(keys.map(Number)),
              getCheckboxProps: (o) => ({
                disabled: o.status === 'resolved' || o.status === 'closed',
                'aria-label': t('workOrders.select', { title: o.title }),
              }),
            }
          : undefined
      }
    />
  );
}
