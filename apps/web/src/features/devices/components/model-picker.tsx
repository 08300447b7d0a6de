import { Form, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { isDeviceCategory, isModelId, type DeviceCategory, type ModelId } from '@sbuilding/shared';
import { DeviceCategoryIcon } from '@/components/device-category';
import { useCategoryOptions } from '../hooks/use-category-options';

export interface ModelPickerProps {
  category: DeviceCategory | null;
  model: ModelId | null;
  onChange: (choice: { category: DeviceCategory | null; model: ModelId | null }) => void;
}

/** First the category, then one of its models (the cached category list names both). */
export function ModelPicker({ category, model, onChange }: ModelPickerProps) {
  const { t } = useTranslation();
  const { options, loading } = useCategoryOptions();
  const models = options.find((c) => c.category === category)?.models ?? [];
  return (
    <Form layout="vertical" component="div">
      <Form.Item label={t('fields.category')} htmlFor="sb-device-category">
        <Select
          id="sb-device-category"
          loading={loading}
          placeholder={t('devices.form.choose')}
          // A dozen categories: typing a few letters finds one without scrolling the list.
          showSearch={{ optionFilterProp: 'title' }}
          value={category ?? undefined}
          onChange={(value: string) => {
            const next = isDeviceCategory(value) ? value : null;
            const only = options.find((c) => c.category === next)?.models;
            // A category of one model needs no second choice.
            onChange({ category: next, model: only?.length === 1 && only[0] ? only[0].model : null });
          }}
          options={options.map((c) => ({
            value: c.category,
            label: (
              <Space size={4}>
                <DeviceCategoryIcon category={c.category} />
                {c.name}
              </Space>
            ),
            title: c.name,
          }))}
        />
      </Form.Item>
      <Form.Item label={t('fields.model')} htmlFor="sb-device-model">
        <Select
          id="sb-device-model"
          disabled={!category}
          placeholder={t('devices.form.choose')}
          value={model ?? undefined}
          onChange={(value: string) => onChange({ category, model: isModelId(value) ? value : null })}
          options={models.map((m) => ({ value: m.model, label: t(`catalogue.models.${m.model}`) }))}
        />
      </Form.Item>
    </Form>
  );
}
