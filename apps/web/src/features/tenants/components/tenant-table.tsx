import { Button, Empty, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useProjectTime } from '@/lib/time';
import type { Tenant } from '@sbuilding/shared';

export interface TenantTableProps {
  rows: Tenant[];
  loading: boolean;
  onEdit: (tenant: Tenant) => void;
  onDelete: (tenant: Tenant) => void;
}

/** Tenants with their administrators and what they hold. */
export function TenantTable({ rows, loading, onEdit, onDelete }: TenantTableProps) {
  const { t } = useTranslation();
  const times = useProjectTime();
  const columns: TableColumnsType<Tenant> = [
    { title: t('tenants.name'), dataIndex: 'name' },
    {
      title: t('tenants.contact'),
      key: 'contact',
      render: (_, tenant) => [tenant.contactName, tenant.contactPhone].filter(Boolean).join(' · '),
    },
    {
      title: t('fields.status'),
      dataIndex: 'status',
      render: (_, tenant) => (
        <Tag color={tenant.status === '0' ? 'blue' : 'red'}>{t(`tenants.status.${tenant.status}`)}</Tag>
      ),
    },
    {
      title: t('tenants.admins'),
      dataIndex: 'admins',
      render: (_, tenant) => tenant.admins.join(', '),
    },
    { title: t('tenants.userCount'), dataIndex: 'userCount', align: 'right' },
    { title: t('tenants.projectCount'), dataIndex: 'projectCount', align: 'right' },
    {
      title: times.titled(t('tenants.createTime')),
      dataIndex: 'createTime',
      render: (_, tenant) => times.format(tenant.createTime),
    },
    {
      title: t('tenants.actions'),
      key: 'actions',
      // Kept in view while the wide table scrolls sideways.
      fixed: 'right',
      render: (_, tenant) => (
        <Space size={0}>
          <Button
            type="link"
            onClick={() => onEdit(tenant)}
            aria-label={t('tenants.editOf', { name: tenant.name })}
          >
            {t('tenants.edit')}
          </Button>
          <Button
            type="link"
            onClick={() => onDelete(tenant)}
            aria-label={t('tenants.deleteOf', { name: tenant.name })}
          >
            {t('tenants.delete')}
          </Button>
        </Space>
      ),
    },
  ];
  return (
    <Table<Tenant>
      rowKey="id"
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={false}
      scroll={{ x: 'max-content' }}
      caption={<span className="sb-visually-hidden">{t('tenants.tableCaption')}</span>}
      locale={{ emptyText: <Empty description={t('tenants.empty')} /> }}
    />
  );
}
