import { useEffect } from 'react';
import { Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { fddTransitionBodySchema, type FddFinding } from '@sbuilding/shared';
import { FormModal } from '@/components/form-modal';
import { zodField } from '@/lib/form-rules';
import { bodySchema } from './body-rule';

export interface DismissModalProps {
  finding: FddFinding | null;
  saving: boolean;
  onCancel: () => void;
  onSubmit: (finding: FddFinding, reason: string) => void;
}

/** Dismissing says why (not a fault, a known exception): the shared move's rule requires the reason. */
export function DismissModal({ finding, saving, onCancel, onSubmit }: DismissModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason?: string }>();
  const open = finding !== null;
  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);
  const schema = bodySchema(fddTransitionBodySchema, (values) => ({
    to: 'dismissed',
    version: finding?.version ?? 1,
    reason: values.reason,
  }));
  return (
    <FormModal
      form={form}
      open={open}
      title={t('fdd.dismiss.title')}
      confirmLoading={saving}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Typography.Paragraph>{t('fdd.dismiss.hint')}</Typography.Paragraph>
      <Form<{ reason?: string }>
        form={form}
        layout="vertical"
        name="fdd-dismiss"
        onFinish={(values) => {
          if (finding) onSubmit(finding, values.reason ?? '');
        }}
      >
        <Form.Item label={t('fdd.dismiss.reason')} {...zodField(schema, 'reason', t('fdd.dismiss.reason'))}>
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
