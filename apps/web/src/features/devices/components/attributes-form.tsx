import { useMemo } from 'react';
import { App, Button, Empty, Form, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { attributesSchemaFor, DEVICE_MODELS, type DeviceAttributes, type ModelId } from '@sbuilding/shared';
import { useDeviceAttributes, useSaveDeviceAttributes } from '../api/device-attributes';
import { AttributeHistory } from './attribute-history';
import { DeviceFieldItem } from './device-field-item';

export interface AttributesFormProps {
  deviceId: number;
  model: ModelId;
  projectId: number;
  canEdit: boolean;
}

/**
 * The parameters to send: untouched ones are left out (the device keeps them); a cleared one is null,
 * which resets it to the device's default, unless `keepCleared` is false (the batch: blank stays as is).
 */
export function attributesToSend(
  values: Record<string, unknown>,
  keepCleared = true,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values).filter(([, v]) => v !== undefined && v !== '' && (keepCleared || v !== null)),
  );
}

function AttributesEditor({
  saved,
  canEdit,
  projectId,
}: {
  saved: DeviceAttributes;
  canEdit: boolean;
  projectId: number;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const save = useSaveDeviceAttributes();
  const schema = useMemo(() => attributesSchemaFor(saved.model), [saved.model]);
  const fields = DEVICE_MODELS[saved.model].attributes;
  return (
    <Form
      form={form}
      layout="vertical"
      name={`device-attributes-${saved.deviceId}`}
      aria-label={t('devices.attributes.title')}
      initialValues={saved.attributes}
      disabled={!canEdit}
      onFinish={async (values: Record<string, unknown>) => {
        const parsed = schema.safeParse(attributesToSend(values));
        if (!parsed.success) return;
        try {
          await save.mutateAsync({ id: saved.deviceId, model: saved.model, attributes: parsed.data });
          message.success(t('devices.attributes.saved'));
        } catch {
          // Shown by the request client.
        }
      }}
    >
      {fields.map((field) => (
        <DeviceFieldItem key={field.name} field={field} schema={schema} projectId={projectId} />
      ))}
      {canEdit ? (
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('devices.attributes.save')}
        </Button>
      ) : null}
    </Form>
  );
}

/** The model's configurable parameters, generated from the catalogue, and who changed them. */
export function AttributesForm({ deviceId, model, projectId, canEdit }: AttributesFormProps) {
  const { t } = useTranslation();
  const attributes = useDeviceAttributes(deviceId);
  if (DEVICE_MODELS[model].attributes.length === 0)
    return <Empty description={t('devices.attributes.none')} />;
  if (!attributes.data)
    return attributes.isError ? <Empty description={t('devices.loadFailed')} /> : <Spin />;
  return (
    <>
      <AttributesEditor
        key={attributes.dataUpdatedAt}
        saved={attributes.data}
        canEdit={canEdit}
        projectId={projectId}
      />
      <h4 className="sb-subheading">{t('devices.attributes.history')}</h4>
      <AttributeHistory model={model} history={attributes.data.history} />
    </>
  );
}
