import { Button, Form, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AssignableRole } from '@sbuilding/shared';
import type { TenantOption } from '../api/get-tenant-options';
import { assignableRoles } from './user-form-modal';

export interface UserFilterValues {
  userName?: string;
  phonenumber?: string;
  role?: AssignableRole;
  blacklisted?: boolean;
  /** Platform administrators only: one tenant's users. */
  tenantId?: number;
}

export interface UserFiltersProps {
  isAdmin: boolean;
  /** The tenants an admin may filter by. */
  tenants: TenantOption[];
  onSearch: (values: UserFilterValues) => void;
}

/** Username, phone, role and blacklist filters; Reset clears them and searches again. */
export function UserFilters({ isAdmin, tenants, onSearch }: UserFiltersProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<UserFilterValues>();
  return (
    <Form<UserFilterValues>
      form={form}
      layout="inline"
      name="user-filters"
      role="search"
      aria-label={t('users.filters')}
      onFinish={onSearch}
      className="sb-filters"
    >
      <Form.Item label={t('fields.userName')} name="userName">
        <Input allowClear maxLength={30} />
      </Form.Item>
      <Form.Item label={t('fields.phonenumber')} name="phonenumber">
        <Input allowClear maxLength={20} />
      </Form.Item>
      <Form.Item label={t('fields.role')} name="role">
        <Select
          allowClear
          style={{ width: 180 }}
          options={assignableRoles(isAdmin).map((r) => ({ value: r, label: t(`roles.${r}`) }))}
        />
      </Form.Item>
      <Form.Item label={t('fields.blacklisted')} name="blacklisted">
        <Select
          allowClear
          style={{ width: 140 }}
          options={[
            { value: true, label: t('users.blacklistedYes') },
            { value: false, label: t('users.blacklistedNo') },
          ]}
        />
      </Form.Item>
      {isAdmin && (
        <Form.Item label={t('fields.deptId')} name="tenantId">
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 200 }}
            options={tenants}
          />
        </Form.Item>
      )}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('users.search')}
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
