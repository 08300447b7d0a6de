import { Button, Form, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeviceCategory } from '@sbuilding/shared';
import { useBuildingOptions } from '../api/list-building-options';
import { useFloorOptions } from '../api/list-floor-options';
import { useZoneOptions } from '../api/list-zone-options';
import { useCategoryOptions } from '../hooks/use-category-options';

export interface DeviceFilterValues {
  buildingId?: number;
  floorId?: number;
  zoneId?: number;
  category?: DeviceCategory;
  online?: boolean;
  name?: string;
}

export interface DeviceFiltersProps {
  projectId: number;
  onSearch: (values: DeviceFilterValues) => void;
}

/** Building, floor and zone (each narrowing the next), category, online state and name. */
export function DeviceFilters({ projectId, onSearch }: DeviceFiltersProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DeviceFilterValues>();
  const buildingId = Form.useWatch('buildingId', form);
  const floorId = Form.useWatch('floorId', form);
  const buildings = useBuildingOptions(projectId);
  const floors = useFloorOptions(buildingId);
  const zones = useZoneOptions(floorId);
  const categories = useCategoryOptions();
  return (
    <Form<DeviceFilterValues>
      form={form}
      layout="inline"
      name="device-filters"
      role="search"
      aria-label={t('devices.filters')}
      onFinish={(values) => onSearch({ ...values, name: values.name?.trim() || undefined })}
      className="sb-filters"
    >
      <Form.Item label={t('fields.buildingId')} name="buildingId">
        <Select
          allowClear
          style={{ width: 180 }}
          loading={buildings.isFetching}
          options={(buildings.data?.rows ?? []).map((b) => ({ value: b.id, label: b.name }))}
          onChange={() => form.setFieldsValue({ floorId: undefined, zoneId: undefined })}
        />
      </Form.Item>
      <Form.Item label={t('fields.floorId')} name="floorId">
        <Select
          allowClear
          style={{ width: 140 }}
          disabled={!buildingId}
          options={(floors.data?.rows ?? []).map((f) => ({ value: f.id, label: f.name }))}
          onChange={() => form.setFieldsValue({ zoneId: undefined })}
        />
      </Form.Item>
      <Form.Item label={t('fields.zoneId')} name="zoneId">
        <Select
          allowClear
          style={{ width: 140 }}
          disabled={!floorId}
          options={(zones.data?.rows ?? []).map((z) => ({ value: z.id, label: z.name }))}
        />
      </Form.Item>
      <Form.Item label={t('fields.category')} name="category">
        <Select
          allowClear
          style={{ width: 200 }}
          loading={categories.loading}
          options={categories.options.map((c) => ({ value: c.category, label: c.name }))}
        />
      </Form.Item>
      <Form.Item label={t('fields.online')} name="online">
        <Select
          allowClear
          style={{ width: 120 }}
          options={[
            { value: true, label: t('devices.online') },
            { value: false, label: t('devices.offline') },
          ]}
        />
      </Form.Item>
      <Form.Item label={t('fields.name')} name="name">
        <Input allowClear maxLength={64} placeholder={t('devices.namePlaceholder')} />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('devices.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              onSearch({});
            }}
          >
            {t('common.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
