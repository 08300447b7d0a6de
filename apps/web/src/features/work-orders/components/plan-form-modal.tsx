import { useEffect } from 'react';
import { DatePicker, Form, Input, InputNumber, Radio, Select, Space, Switch } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  DEVICE_CATEGORIES,
  maintenancePlanFormSchema,
  PLAN_INTERVAL_UNITS,
  WORK_ORDER_PRIORITIES,
  type DeviceCategory,
  type MaintenancePlan,
  type PlanIntervalUnit,
  type WorkOrderAssignee,
  type WorkOrderPriority,
} from '@sbuilding/shared';
import { useCatalogueLabels } from '@/components/device-category';
import { DevicePicker } from '@/components/device-picker';
import { FormModal } from '@/components/form-modal';
import { BuildingSelect } from '@/components/location-select';
import { zodField } from '@/lib/form-rules';

/** What the form sends (the page adds the project, or the id and version). */
export interface PlanValues {
  name: string;
  description?: string;
  priority: WorkOrderPriority;
  category: DeviceCategory | null;
  deviceIds: number[];
  buildingId: number | null;
  interval: number;
  intervalUnit: PlanIntervalUnit;
  startDate: string;
  hour: number;
  assigneeId: number | null;
  enabled: boolean;
}

interface FormValues extends PlanValues {
  /** Which of the two the plan names: every device of a category, or chosen devices. */
  target: 'category' | 'devices';
}

const NEW_PLAN: Omit<FormValues, 'name' | 'startDate'> = {
  target: 'category',
  priority: 'normal',
  category: null,
  deviceIds: [],
  buildingId: null,
  interval: 1,
  intervalUnit: 'months',
  hour: 8,
  assigneeId: null,
  enabled: true,
};

/** The devices of a plan as a form field: the project's device picker with checkboxes. */
function PlanDevices({
  projectId,
  value = [],
  onChange,
}: {
  projectId: number;
  value?: number[];
  onChange?: (ids: number[]) => void;
}) {
  const { t } = useTranslation();
  return (
    <DevicePicker
      projectId={projectId}
      multiple
      selectedIds={value}
      caption={t('workOrders.plans.devices')}
      onChange={(rows, selected) => {
        const ids = rows.map((row) => row.id);
        onChange?.(selected ? [...new Set([...value, ...ids])] : value.filter((id) => !ids.includes(id)));
      }}
    />
  );
}

/**
 * A maintenance plan: what work to make (name, description, priority), on which devices (every device of a
 * category, in the project or one building, or chosen devices), how often and from when (at an hour on the
 * project's clock), for whom. The rules are the shared schema's (a category or devices, not both).
 */
export function PlanFormModal({
  open,
  projectId,
  plan,
  assignees,
  saving,
  onCancel,
  onSubmit,
}: {
  open: boolean;
  projectId: number;
  /** The plan being edited; undefined: a new one. */
  plan: MaintenancePlan | undefined;
  assignees: readonly WorkOrderAssignee[];
  saving: boolean;
  onCancel: () => void;
  onSubmit: (values: PlanValues) => void;
}) {
  const { t } = useTranslation();
  const labels = useCatalogueLabels();
  const [form] = Form.useForm<FormValues>();
  const target = Form.useWatch('target', form);
  const buildingId = Form.useWatch('buildingId', form);
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      plan
        ? { ...plan, target: plan.category ? 'category' : 'devices' }
        : { ...NEW_PLAN, startDate: dayjs().format('YYYY-MM-DD') },
    );
  }, [open, plan, form]);
  const field = (name: keyof PlanValues, label: string) => zodField(maintenancePlanFormSchema, name, label);

  return (
    <FormModal
      open={open}
      form={form}
      title={plan ? t('workOrders.plans.edit') : t('workOrders.plans.create')}
      confirmLoading={saving}
      onCancel={onCancel}
      width={880}
      destroyOnHidden
    >
      <Form<FormValues>
        form={form}
        layout="vertical"
        name="maintenance-plan"
        // A plan names a category or devices: switching clears the other, so the two never clash.
        onValuesChange={(changed: Partial<FormValues>) => {
          if (changed.target === 'devices') form.setFieldsValue({ category: null, buildingId: null });
          if (changed.target === 'category') form.setFieldsValue({ deviceIds: [] });
        }}
        onFinish={({ target: chosen, ...values }) =>
          onSubmit({
            ...values,
            category: chosen === 'category' ? values.category : null,
            buildingId: chosen === 'category' ? values.buildingId : null,
            deviceIds: chosen === 'devices' ? values.deviceIds : [],
          })
        }
      >
        <Form.Item label={t('workOrders.plans.name')} {...field('name', t('workOrders.plans.name'))}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item label={t('workOrders.description')} name="description">
          <Input.TextArea rows={2} maxLength={2000} />
        </Form.Item>
        <Form.Item label={t('workOrders.columns.priority')} name="priority">
          <Select
            style={{ width: 160 }}
            options={WORK_ORDER_PRIORITIES.map((p) => ({ value: p, label: t(`workOrders.priorities.${p}`) }))}
          />
        </Form.Item>
        <Form.Item label={t('workOrders.plans.target')} name="target">
          <Radio.Group
            options={[
              { value: 'category', label: t('workOrders.plans.byCategory') },
              { value: 'devices', label: t('workOrders.plans.byDevices') },
            ]}
          />
        </Form.Item>
        {target === 'devices' ? (
          <Form.Item
            label={t('workOrders.plans.devices')}
            {...field('deviceIds', t('workOrders.plans.devices'))}
          >
            <PlanDevices projectId={projectId} />
          </Form.Item>
        ) : (
          <Space wrap align="start">
            <Form.Item
              label={t('workOrders.plans.category')}
              name="category"
              rules={[
                {
                  validator: async (_rule, value: unknown) => {
                    if (!value) throw new Error(t('validation.planTargets'));
                  },
                },
              ]}
              required
            >
              <Select
                style={{ width: 220 }}
                options={DEVICE_CATEGORIES.map((c) => ({ value: c, label: labels.category(c) }))}
              />
            </Form.Item>
            <Form.Item label={t('workOrders.plans.building')} htmlFor="sb-plan-building">
              <BuildingSelect
                id="sb-plan-building"
                projectId={projectId}
                label={t('workOrders.plans.building')}
                allowClear
                value={buildingId ?? null}
                onChange={(id) => form.setFieldValue('buildingId', id)}
              />
            </Form.Item>
            <Form.Item name="buildingId" hidden>
              <Input />
            </Form.Item>
          </Space>
        )}
        <Space wrap align="start">
          <Form.Item label={t('workOrders.plans.every')} {...field('interval', t('workOrders.plans.every'))}>
            <InputNumber min={1} max={365} precision={0} style={{ width: 100 }} />
          </Form.Item>
          <Form.Item label={t('workOrders.plans.unit')} name="intervalUnit">
            <Select
              style={{ width: 140 }}
              options={PLAN_INTERVAL_UNITS.map((u) => ({
                value: u,
                label: t(`workOrders.plans.units.${u}`),
              }))}
            />
          </Form.Item>
          <Form.Item
            label={t('workOrders.plans.startDate')}
            {...field('startDate', t('workOrders.plans.startDate'))}
            getValueProps={(value: string | undefined) => ({ value: value ? dayjs(value) : undefined })}
            normalize={(value: dayjs.Dayjs | null) => value?.format('YYYY-MM-DD')}
          >
            <DatePicker allowClear={false} />
          </Form.Item>
          <Form.Item label={t('workOrders.plans.hour')} {...field('hour', t('workOrders.plans.hour'))}>
            <InputNumber min={0} max={23} precision={0} style={{ width: 100 }} />
          </Form.Item>
        </Space>
        <Space wrap align="start">
          <Form.Item label={t('workOrders.columns.assignee')} name="assigneeId">
            <Select
              allowClear
              style={{ width: 200 }}
              placeholder={t('workOrders.plans.nobody')}
              options={assignees.map((a) => ({ value: a.id, label: a.name }))}
            />
          </Form.Item>
          <Form.Item label={t('workOrders.plans.enabled')} name="enabled" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
      </Form>
    </FormModal>
  );
}
