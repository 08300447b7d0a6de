import { useState } from 'react';
import { Button, Checkbox, Form, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  WORK_ORDER_PRIORITIES,
  WORK_ORDER_STATUSES,
  type WorkOrderAssignee,
  type WorkOrderPriority,
  type WorkOrderStatus,
} from '@sbuilding/shared';
import { BuildingSelect } from '@/components/location-select';

/** What the filters send: the filter fields of the work-order calls (besides the project). */
export interface WorkOrderFilterValues {
  status?: WorkOrderStatus;
  priority?: WorkOrderPriority;
  assigneeId?: number;
  buildingId?: number;
  overdue?: boolean;
  mine?: boolean;
}

interface FormValues {
  status?: WorkOrderStatus;
  priority?: WorkOrderPriority;
  assigneeId?: number;
  overdue?: boolean;
  mine?: boolean;
}

/** Status, priority, assignee, building, overdue only and "my work"; Reset clears them and searches. */
export function WorkOrderFilters({
  projectId,
  assignees,
  initial,
  onSearch,
}: {
  projectId: number;
  assignees: readonly WorkOrderAssignee[];
  /** What the page starts with ("my work" for a technician); Reset comes back to it. */
  initial: WorkOrderFilterValues;
  onSearch: (values: WorkOrderFilterValues) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const [buildingId, setBuildingId] = useState<number | null>(null);
  return (
    <Form<FormValues>
      form={form}
      layout="inline"
      name="work-order-filters"
      initialValues={{ mine: initial.mine }}
      role="search"
      aria-label={t('workOrders.filters')}
      className="sb-filters"
      onFinish={(values) =>
        onSearch({
          status: values.status,
          priority: values.priority,
          assigneeId: values.assigneeId,
          buildingId: buildingId ?? undefined,
          overdue: values.overdue || undefined,
          mine: values.mine || undefined,
        })
      }
    >
      <Form.Item label={t('workOrders.columns.status')} name="status">
        <Select
          allowClear
          placeholder={t('workOrders.any')}
          style={{ width: 140 }}
          options={WORK_ORDER_STATUSES.map((s) => ({ value: s, label: t(`workOrders.statuses.${s}`) }))}
        />
      </Form.Item>
      <Form.Item label={t('workOrders.columns.priority')} name="priority">
        <Select
          allowClear
          placeholder={t('workOrders.any')}
          style={{ width: 140 }}
          options={WORK_ORDER_PRIORITIES.map((p) => ({ value: p, label: t(`workOrders.priorities.${p}`) }))}
        />
      </Form.Item>
      <Form.Item label={t('workOrders.columns.assignee')} name="assigneeId">
        <Select
          allowClear
          placeholder={t('workOrders.any')}
          style={{ width: 160 }}
          options={assignees.map((a) => ({ value: a.id, label: a.name }))}
        />
      </Form.Item>
      <Form.Item label={t('workOrders.building')} htmlFor="sb-work-order-building">
        <BuildingSelect
          id="sb-work-order-building"
          projectId={projectId}
          label={t('workOrders.building')}
          allowClear
          value={buildingId}
          onChange={setBuildingId}
        />
      </Form.Item>
      <Form.Item name="overdue" valuePropName="checked">
        <Checkbox>{t('workOrders.overdueOnly')}</Checkbox>
      </Form.Item>
      <Form.Item name="mine" valuePropName="checked">
        <Checkbox>{t('workOrders.mine')}</Checkbox>
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('workOrders.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              setBuildingId(null);
              onSearch(initial);
            }}
          >
            {t('workOrders.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
