import { useEffect } from 'react';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { workOrderAssignBodySchema, type WorkOrderAssignee } from '@sbuilding/shared';
import { FormModal } from '@/components/form-modal';
import { zodField } from '@/lib/form-rules';

export interface AssignModalProps {
  open: boolean;
  count: number;
  assignees: readonly WorkOrderAssignee[];
  saving: boolean;
  onCancel: () => void;
  onSubmit: (assigneeId: number) => void;
}

/** Bulk assignment: one assignee for the chosen work orders. */
export function AssignModal({ open, count, assignees, saving, onCancel, onSubmit }: AssignModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ assigneeId?: number }>();
  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);
  return (
    <FormModal
      form={form}
      open={open}
      title={t('workOrders.assignTitle', { count })}
      confirmLoading={saving}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Form<{ assigneeId?: number }>
        form={form}
        layout="vertical"
        name="work-order-assign"
        onFinish={(values) => {
          if (values.assigneeId !== undefined) onSubmit(values.assigneeId);
        }}
      >
        <Form.Item
          label={t('workOrders.columns.assignee')}
          {...zodField(workOrderAssignBodySchema, 'assigneeId', t('workOrders.columns.assignee'))}
        >
          <Select
            placeholder={t('workOrders.chooseAssignee')}
            options={assignees.map((a) => ({ value: a.id, label: a.name }))}
          />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
