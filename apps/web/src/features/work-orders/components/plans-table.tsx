import { Button, Popconfirm, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { MaintenancePlan, WorkOrderAssignee } from '@sbuilding/shared';
import { useCatalogueLabels } from '@/components/device-category';
import { useProjectTime } from '@/lib/time';
import { PriorityTag, useWorkOrderTime } from './work-order-labels';

/** The project's maintenance plans: what, on which devices, how often, when next, for whom. */
export function PlansTable({
  plans,
  loading,
  assignees,
  onEdit,
  onDelete,
}: {
  plans: MaintenancePlan[];
  loading: boolean;
  assignees: readonly WorkOrderAssignee[];
  onEdit: (plan: MaintenancePlan) => void;
  onDelete: (plan: MaintenancePlan) => void;
}) {
  const { t } = useTranslation();
  const times = useProjectTime();
  const format = useWorkOrderTime();
  const labels = useCatalogueLabels();
  const nameOf = (id: number | null) => assignees.find((a) => a.id === id)?.name ?? '-';
  const columns: ColumnsType<MaintenancePlan> = [
    { title: t('workOrders.plans.name'), dataIndex: 'name' },
    {
      title: t('workOrders.columns.priority'),
      dataIndex: 'priority',
      render: (_, p) => <PriorityTag priority={p.priority} />,
    },
    {
      title: t('workOrders.plans.target'),
      key: 'target',
      render: (_, p) =>
        p.category
          ? labels.category(p.category)
          : t('workOrders.plans.deviceCount', { count: p.deviceIds.length }),
    },
    {
      title: t('workOrders.plans.every'),
      key: 'every',
      render: (_, p) => t(`workOrders.plans.everyText.${p.intervalUnit}`, { count: p.interval }),
    },
    {
      title: times.titled(t('workOrders.plans.nextRun')),
      dataIndex: 'nextRunAt',
      render: (_, p) => (p.enabled ? format(p.nextRunAt) : <Tag>{t('workOrders.plans.paused')}</Tag>),
    },
    {
      title: times.titled(t('workOrders.plans.lastRun')),
      dataIndex: 'lastRunAt',
      render: (_, p) => format(p.lastRunAt),
    },
    {
      title: t('workOrders.columns.assignee'),
      dataIndex: 'assigneeId',
      render: (_, p) => nameOf(p.assigneeId),
    },
    {
      title: t('workOrders.columns.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, p) => (
        <Space>
          <Button
            type="link"
            size="small"
            aria-label={t('workOrders.plans.editOf', { name: p.name })}
            onClick={() => onEdit(p)}
          >
            {t('workOrders.plans.editShort')}
          </Button>
          <Popconfirm
            title={t('workOrders.plans.deleteConfirm', { name: p.name })}
            okText={t('common.ok')}
            cancelText={t('common.cancel')}
            onConfirm={() => onDelete(p)}
          >
            <Button
              type="link"
              size="small"
              danger
              aria-label={t('workOrders.plans.deleteOf', { name: p.name })}
            >
              {t('workOrders.plans.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <Table<MaintenancePlan>
      rowKey="id"
      aria-label={t('workOrders.plans.tableLabel')}
      columns={columns}
      dataSource={plans}
      loading={loading}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('workOrders.plans.none') }}
    />
  );
}
