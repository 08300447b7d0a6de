import { useMemo } from 'react';
import { App, Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { attributesSchemaFor, DEVICE_MODELS } from '@sbuilding/shared';
import { FormModal } from '@/components/form-modal';
import { useSaveAc20Batch } from '../api/save-ac20-batch';
import { attributesToSend } from './attributes-form';
import { DeviceFieldItem } from './device-field-item';

export interface Ac20BatchModalProps {
  ids: number[];
  projectId: number;
  onClose: (saved: boolean) => void;
}

/** The same parameters for every selected AC controller (save-ac20/batch); blank ones stay as they are. */
export function Ac20BatchModal({ ids, projectId, onClose }: Ac20BatchModalProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const save = useSaveAc20Batch();
  const schema = useMemo(() => attributesSchemaFor('ac20'), []);
  return (
    <FormModal
      open
      form={form}
      destroyOnHidden
      title={t('devices.batch.title', { count: ids.length })}
      confirmLoading={save.isPending}
      onCancel={() => onClose(false)}
    >
      <Typography.Paragraph>{t('devices.batch.hint')}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        name="ac20-batch"
        onFinish={async (values: Record<string, unknown>) => {
          const parsed = schema.safeParse(attributesToSend(values, false));
          if (!parsed.success) return;
          try {
            await save.mutateAsync({ ids, attributes: parsed.data });
            message.success(t('devices.batch.saved', { count: ids.length }));
            onClose(true);
          } catch {
            // Shown by the request client.
          }
        }}
      >
        {DEVICE_MODELS.ac20.attributes.map((field) => (
          <DeviceFieldItem key={field.name} field={field} schema={schema} projectId={projectId} />
        ))}
      </Form>
    </FormModal>
  );
}
