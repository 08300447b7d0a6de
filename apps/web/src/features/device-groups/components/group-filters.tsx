import { Button, Form, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEVICE_CATEGORIES, GROUP_STATUSES, type DeviceCategory, type DeviceGroup } from '@sbuilding/shared';

export interface GroupFilterValues {
  name?: string;
  status?: DeviceGroup['status'];
  category?: DeviceCategory;
}

/** Name, status and category filters; Reset clears them and searches again. */
export function GroupFilters({ onSearch }: { onSearch: (values: GroupFilterValues) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<GroupFilterValues>();
  return (
    <Form<GroupFilterValues>
      form={form}
      layout="inline"
      name="group-filters"
      role="search"
      aria-label={t('deviceGroups.filters')}
      onFinish={(values) => onSearch({ ...values, name: values.name?.trim() || undefined })}
      className="sb-filters"
    >
      <Form.Item label={t('deviceGroups.name')} name="name">
        <Input allowClear maxLength={64} />
      </Form.Item>
      <Form.Item label={t('fields.status')} name="status">
        <Select
          allowClear
          style={{ width: 140 }}
          options={GROUP_STATUSES.map((s) => ({ value: s, label: t(`deviceGroups.status.${s}`) }))}
        />
      </Form.Item>
      <Form.Item label={t('fields.category')} name="category">
        <Select
          allowClear
          style={{ width: 180 }}
          options={DEVICE_CATEGORIES.map((c) => ({ value: c, label: t(`catalogue.categories.${c}`) }))}
        />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('deviceGroups.search')}
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
