import { useState } from 'react';
import { App, Button, Drawer, Flex, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { SsoProviderRow } from '@sbuilding/shared';
import { FIRST_PAGE, ListPagination, type PageState } from '@/components/list-pagination';
import { useDeleteProvider } from '../api/delete-provider';
import { useProviders } from '../api/get-providers';
import { ProviderFormModal } from './provider-form-modal';
import { ProviderLoginLink } from './provider-login-link';

/** The tenant's identity providers (every tenant's for the platform administrator). */
export function ProvidersDrawer({ isAdmin, onClose }: { isAdmin: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const [editing, setEditing] = useState<SsoProviderRow | 'new' | null>(null);
  const [linkOf, setLinkOf] = useState<SsoProviderRow | null>(null);
  const providers = useProviders(paging);
  const remove = useDeleteProvider();

  const onDelete = (row: SsoProviderRow) =>
    modal.confirm({
      title: t('sso.deleteProviderTitle', { name: row.name }),
      content: t('sso.deleteProviderConfirm'),
      okText: t('sso.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await remove.mutateAsync(row.id);
          message.success(t('sso.providerDeleted', { name: row.name }));
        } catch {
          // Shown by the request client.
        }
      },
    });

  return (
    <Drawer
      open
      title={t('sso.providersTitle')}
      size="large"
      closable={{ 'aria-label': t('common.close') }}
      onClose={onClose}
    >
      <Flex vertical gap="middle">
        <div>
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing('new')}>
            {t('sso.addProvider')}
          </Button>
        </div>
        <Table<SsoProviderRow>
          rowKey="id"
          size="small"
          pagination={false}
          loading={providers.isFetching}
          dataSource={providers.data?.rows ?? []}
          columns={[
            ...(isAdmin ? [{ title: t('fields.tenantId'), dataIndex: 'tenantName' }] : []),
            { title: t('fields.name'), dataIndex: 'name' },
            {
              title: t('fields.protocol'),
              dataIndex: 'protocol',
              render: (p: string) => t(`sso.protocols.${p}`),
            },
            { title: t('fields.issuer'), dataIndex: 'issuer' },
            {
              title: t('sso.enabled'),
              dataIndex: 'enabled',
              render: (on: boolean) => <Tag>{t(on ? 'sso.on' : 'sso.off')}</Tag>,
            },
            {
              title: t('sso.actions'),
              key: 'actions',
              fixed: 'right',
              render: (_: unknown, row) => (
                <Flex gap="small">
                  <Button
                    type="link"
                    aria-label={t('sso.loginLinkTitle', { name: row.name })}
                    onClick={() => setLinkOf(row)}
                  >
                    {t('sso.loginLink')}
                  </Button>
                  <Button type="link" onClick={() => setEditing(row)}>
                    {t('sso.edit')}
                  </Button>
                  <Button type="link" danger onClick={() => onDelete(row)}>
                    {t('sso.delete')}
                  </Button>
                </Flex>
              ),
            },
          ]}
        />
        <ListPagination
          total={providers.data?.total ?? 0}
          {...paging}
          onChange={(pageNum, pageSize) => setPaging({ pageNum, pageSize })}
        />
      </Flex>
      {editing && (
        <ProviderFormModal
          provider={editing === 'new' ? null : editing}
          isAdmin={isAdmin}
          onClose={() => setEditing(null)}
        />
      )}
      {linkOf && <ProviderLoginLink provider={linkOf} onClose={() => setLinkOf(null)} />}
    </Drawer>
  );
}
