import { Form, Input, InputNumber, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { DeviceField } from '@sbuilding/shared';
import { zodField } from '@/lib/form-rules';
import { DeviceRefSelect } from './device-ref-select';

export interface DeviceFieldItemProps {
  field: DeviceField;
  /** The shared schema the field belongs to (a create body or an attributes body). */
  schema: z.ZodType;
  projectId: number;
  disabled?: boolean;
}

/** The label of a catalogue field, with its unit: 'Holding time (s)'. */
export function useFieldLabel() {
  const { t } = useTranslation();
  return (field: Pick<DeviceField, 'name' | 'unit'>) =>
    field.unit ? `${t(`fields.${field.name}`)} (${field.unit})` : t(`fields.${field.name}`);
}

/**
 * One form item generated from a catalogue field: its control follows the field's kind and its rule is
 * the shared zod schema. Numbers carry no hard min/max: antd would silently clamp 300 to 255, so the
 * range is shown as the placeholder and refused by the shared rule with the spec's message.
 */
export function DeviceFieldItem({ field, schema, projectId, disabled }: DeviceFieldItemProps) {
  const { t } = useTranslation();
  const label = useFieldLabel()(field);
  const item = { ...zodField(schema, field.name), label };
  switch (field.kind) {
    case 'text':
      return (
        <Form.Item {...item}>
          <Input maxLength={field.max} disabled={disabled} />
        </Form.Item>
      );
    case 'int':
    case 'decimal':
      return (
        <Form.Item {...item}>
          <InputNumber
            style={{ width: '100%' }}
            precision={field.kind === 'int' ? 0 : undefined}
            placeholder={`${field.min} - ${field.max}`}
            disabled={disabled}
          />
        </Form.Item>
      );
    case 'enum':
      return (
        <Form.Item {...item}>
          <Select
            allowClear={!field.required}
            disabled={disabled}
            placeholder={t('devices.form.choose')}
            options={field.values.map((value) => ({
              value,
              label: t(`devices.options.${field.name}.${value}`, { defaultValue: value }),
            }))}
          />
        </Form.Item>
      );
    case 'boolean':
      return (
        <Form.Item {...item} valuePropName="checked">
          <Switch disabled={disabled} />
        </Form.Item>
      );
    case 'serverAddr':
    case 'mac':
    case 'code12':
      return (
        <Form.Item {...item}>
          <Input
            disabled={disabled}
            placeholder={t(`devices.form.placeholders.${field.kind}`)}
            autoComplete="off"
            spellCheck={false}
          />
        </Form.Item>
      );
    case 'deviceRef':
      return (
        <Form.Item {...item}>
          <DeviceRefSelect projectId={projectId} category={field.category} />
        </Form.Item>
      );
  }
}
