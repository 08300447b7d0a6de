import { Button, Form, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TenantStatus } from '@sbuilding/shared';

export interface TenantFilterValues {
  name?: string;
  status?: TenantStatus;
}

/** Name and status filters; Reset clears them and searches again. */
export function TenantFilters({ onSearch }: { onSearch: (values: TenantFilterValues) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TenantFilterValues>();
  return (
    <Form<TenantFilterValues>
      form={form}
      layout="inline"
      name="tenant-filters"
      role="search"
      aria-label={t('tenants.filters')}
      onFinish={onSearch}
    >
      <Form.Item label={t('tenants.name')} name="name">
        <Input allowClear maxLength={100} />
      </Form.Item>
      <Form.Item label={t('fields.status')} name="status">
        <Select
          allowClear
          style={{ width: 140 }}
          options={[
            { value: '0', label: t('tenants.status.0') },
            { value: '1', label: t('tenants.status.1') },
          ]}
        />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('tenants.search')}
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
