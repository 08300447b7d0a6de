import { useEffect } from 'react';
import { DatePicker, Form, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useProjectTime } from '@/lib/time';
import { ALERT_SOLUTIONS, alertProcessBodySchema, type AlertSolution } from '@sbuilding/shared';
import { FormModal } from '@/components/form-modal';
import { validationMessage, zodField } from '@/lib/form-rules';

interface FormValues {
  solution?: AlertSolution;
  date?: Dayjs | null;
}

export interface HandleAlertModalProps {
  open: boolean;
  /** What the dialog handles, for its title. */
  name: string;
  saving: boolean;
  onCancel: () => void;
  onSubmit: (values: { solution: AlertSolution; date: string }) => void;
}

/** Process an alert: a solution and a date, both required (spec section 5). */
export function HandleAlertModal({ open, name, saving, onCancel, onSubmit }: HandleAlertModalProps) {
  const { t } = useTranslation();
  const times = useProjectTime();
  const [form] = Form.useForm<FormValues>();
  useEffect(() => {
    if (open) form.setFieldsValue({ solution: undefined, date: times.nowPicker() });
  }, [open, form, times]);
  return (
    <FormModal
      form={form}
      open={open}
      title={t('alarm.processTitle', { name })}
      confirmLoading={saving}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Form<FormValues>
        form={form}
        layout="vertical"
        name="alarm-handle"
        onFinish={(values) => {
          if (!values.solution || !values.date) return;
          onSubmit({ solution: values.solution, date: times.fromPicker(values.date) });
        }}
      >
        <Form.Item
          label={t('alarm.solution')}
          {...zodField(alertProcessBodySchema, 'solution', t('alarm.solution'))}
        >
          <Select
            placeholder={t('alarm.chooseSolution')}
            options={ALERT_SOLUTIONS.map((s) => ({ value: s, label: t(`alarm.solutions.${s}`) }))}
          />
        </Form.Item>
        <Form.Item
          label={times.titled(t('alarm.date'))}
          name="date"
          required
          rules={[{ required: true, message: validationMessage('required', 'date', t('alarm.date')) }]}
        >
          <DatePicker showTime style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
