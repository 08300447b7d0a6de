import { useMemo } from 'react';
import { Form, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEVICE_MODELS, deviceCreateBodySchemaFor, type ModelId } from '@sbuilding/shared';
import { FileUpload } from '@/components/file-upload';
import { zodField } from '@/lib/form-rules';
import { DeviceFieldItem } from './device-field-item';
import { LocationFields } from './location-fields';
import './devices.css';

/** The three pictures every device may have (spec section 3). */
export const IMAGE_FIELDS = ['positionImageId', 'horizontalImageId', 'verticalImageId'] as const;
export type ImageField = (typeof IMAGE_FIELDS)[number];

export interface DeviceFormProps {
  form: FormInstance;
  projectId: number;
  model: ModelId;
  initialValues?: Record<string, unknown>;
  /** Every field disabled: the caller may look at the form but not add a device. */
  disabled?: boolean;
  /** Signed links of the pictures the device already has (editing). */
  imageUrls?: Partial<Record<ImageField, string | null>>;
  /** The body as the shared schema reads it (registry fields and the model's create fields). */
  onSubmit: (body: Record<string, unknown>) => void;
}

/**
 * The form of one model, generated from its catalogue create fields, then where the device is and its
 * pictures. Every rule is the shared create-body schema; switching the model drops the old model's values.
 */
export function DeviceForm({
  form,
  projectId,
  model,
  initialValues,
  disabled,
  imageUrls,
  onSubmit,
}: DeviceFormProps) {
  const { t } = useTranslation();
  const schema = useMemo(() => deviceCreateBodySchemaFor(model), [model]);
  return (
    <Form
      form={form}
      layout="vertical"
      className="sb-device-form"
      preserve={false}
      disabled={disabled}
      initialValues={initialValues}
      onFinish={(values: Record<string, unknown>) => {
        const parsed = schema.safeParse(values);
        if (parsed.success) onSubmit(parsed.data);
      }}
    >
      <fieldset className="sb-fieldset">
        <legend>{t('devices.form.modelFields')}</legend>
        {DEVICE_MODELS[model].createFields.map((field) => (
          <DeviceFieldItem key={field.name} field={field} schema={schema} projectId={projectId} />
        ))}
      </fieldset>
      <fieldset className="sb-fieldset">
        <legend>{t('devices.form.location')}</legend>
        <LocationFields schema={schema} projectId={projectId} floorRequired={model === 'ba'} />
      </fieldset>
      <fieldset className="sb-fieldset">
        <legend>{t('devices.form.images')}</legend>
        {IMAGE_FIELDS.map((name) => (
          <Form.Item key={name} {...zodField(schema, name)} label={t(`fields.${name}`)}>
            <FileUpload kind="image" label={t(`fields.${name}`)} url={imageUrls?.[name] ?? null} />
          </Form.Item>
        ))}
      </fieldset>
    </Form>
  );
}
