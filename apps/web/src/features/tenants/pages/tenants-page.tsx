import { App, Button, Card, Flex, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type Tenant } from '@sbuilding/shared';
import { FIRST_PAGE, ListPagination, type PageState } from '@/components/list-pagination';
import { useDeleteTenant } from '../api/delete-tenant';
import { useTenants } from '../api/get-tenants';
import { TenantCreateModal } from '../components/tenant-create-modal';
import { TenantEditModal } from '../components/tenant-edit-modal';
import { TenantFilters, type TenantFilterValues } from '../components/tenant-filters';
import { TenantTable } from '../components/tenant-table';

type Dialog = { kind: 'create' } | { kind: 'edit'; tenant: Tenant };

/**
 * /tenant (platform administrators only): tenants, each with its administrators; `below` is what the app
 * composes under them (the platform's backup).
 */
export default function TenantsPage({ below }: { below?: ReactNode }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const [filters, setFilters] = useState<TenantFilterValues>({});
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const tenants = useTenants({ ...filters, ...paging });
  const remove = useDeleteTenant();
  const rows = tenants.data?.rows ?? [];

  const onDelete = (tenant: Tenant) => {
    modal.confirm({
      title: t('tenants.deleteTitle', { name: tenant.name }),
      content: t('tenants.deleteConfirm'),
      okText: t('tenants.delete'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await remove.mutateAsync(tenant.id);
          message.success(t('tenants.deleted', { name: tenant.name }));
          if (rows.length === 1 && paging.pageNum > 1) setPaging((p) => ({ ...p, pageNum: p.pageNum - 1 }));
        } catch {
          // The request client has shown why (a tenant holding users or projects is kept).
        }
      },
    });
  };

  return (
    <Flex vertical gap="middle">
      <Typography.Title level={1} className="sb-page-title">
        {t('routes.tenants')}
      </Typography.Title>
      <Card>
        <TenantFilters
          onSearch={(values) => {
            setFilters(values);
            setPaging((p) => ({ ...p, pageNum: FIRST_PAGE.pageNum }));
          }}
        />
      </Card>
      <Card>
        <Flex vertical gap="middle">
          <div>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'create' })}>
              {t('tenants.create')}
            </Button>
          </div>
          <TenantTable
            rows={rows}
            loading={tenants.isFetching}
            onEdit={(tenant) => setDialog({ kind: 'edit', tenant })}
            onDelete={onDelete}
          />
          <ListPagination
            total={tenants.data?.total ?? 0}
            {...paging}
            onChange={(pageNum, pageSize) => setPaging({ pageNum, pageSize })}
          />
        </Flex>
      </Card>
      {below}
      {dialog?.kind === 'create' && <TenantCreateModal onClose={() => setDialog(null)} />}
      {dialog?.kind === 'edit' && <TenantEditModal tenant={dialog.tenant} onClose={() => setDialog(null)} />}
    </Flex>
  );
}
