import { App, Button, Card, Drawer, Flex, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type AdminUser } from '@sbuilding/shared';
import { FIRST_PAGE, ListPagination, type PageState } from '@/components/list-pagination';
import { useSession } from '@/lib/session';
import { useBlacklistUser } from '../api/blacklist-user';
import { useDeleteUser } from '../api/delete-user';
import { useTenantOptions } from '../api/get-tenant-options';
import { useUsers } from '../api/get-users';
import { ResetPasswordModal } from '../components/reset-password-modal';
import { UserFilters, type UserFilterValues } from '../components/user-filters';
import { UserFormModal } from '../components/user-form-modal';
import { UserTable } from '../components/user-table';

type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; user: AdminUser }
  | { kind: 'reset'; user: AdminUser }
  | { kind: 'apiKeys'; user: AdminUser };

export interface UsersPageProps {
  /** A user's API keys (a service account's), rendered in a drawer; the page composing features gives it. */
  apiKeysOf?: (user: AdminUser) => ReactNode;
  /** Beside "Create": what the app composes there (invitations and identity providers). */
  toolbar?: ReactNode;
}

/**
 * /buildingUser (permission sbuilding:tools:tenant): the tenant's users; admin sees every tenant's.
 * `toolbar` is what the app composes beside "Create" (invitations and identity providers).
 */
export default function UsersPage({ apiKeysOf, toolbar }: UsersPageProps = {}) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const roles = useSession((s) => s.roles);
  const selfId = useSession((s) => s.userId);
  // The role directive lets admin through every role list; here only the real platform role counts.
  const isAdmin = roles.includes('admin');
  const [filters, setFilters] = useState<UserFilterValues>({});
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const users = useUsers({ ...filters, ...paging });
  const tenants = useTenantOptions(isAdmin);
  const blacklist = useBlacklistUser();
  const remove = useDeleteUser();
  const rows = users.data?.rows ?? [];

  const onBlacklist = (user: AdminUser, blacklisted: boolean) => {
    modal.confirm({
      title: t(blacklisted ? 'users.blacklistTitle' : 'users.unblacklistTitle', { name: user.userName }),
      content: t(blacklisted ? 'users.blacklistConfirm' : 'users.unblacklistConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await blacklist.mutateAsync({ id: user.userId, blacklisted });
          message.success(
            t(blacklisted ? 'users.blacklisted' : 'users.unblacklisted', { name: user.userName }),
          );
        } catch {
          // Shown by the request client (e.g. 'You cannot blacklist yourself').
        }
      },
    });
  };

  const onDelete = (user: AdminUser) => {
    modal.confirm({
      title: t('users.deleteTitle', { name: user.userName }),
      content: t('users.deleteConfirm'),
      okText: t('users.delete'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await remove.mutateAsync(user.userId);
          message.success(t('users.deleted', { name: user.userName }));
          // The last row of a page went: show the page before it instead of an empty one.
          if (rows.length === 1 && paging.pageNum > 1) setPaging((p) => ({ ...p, pageNum: p.pageNum - 1 }));
        } catch {
          // Shown by the request client (e.g. 'You cannot delete your own account').
        }
      },
    });
  };

  return (
    <Flex vertical gap="middle">
      <Typography.Title level={1} className="sb-page-title">
        {t('routes.users')}
      </Typography.Title>
      <Card>
        <UserFilters
          isAdmin={isAdmin}
          tenants={tenants.data ?? []}
          onSearch={(values) => {
            setFilters(values);
            setPaging((p) => ({ ...p, pageNum: FIRST_PAGE.pageNum }));
          }}
        />
      </Card>
      <Card>
        <Flex vertical gap="middle">
          <Flex gap="small" wrap>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'create' })}>
              {t('users.create')}
            </Button>
            {toolbar}
          </Flex>
          <UserTable
            rows={rows}
            loading={users.isFetching}
            onEdit={(user) => setDialog({ kind: 'edit', user })}
            onResetPassword={(user) => setDialog({ kind: 'reset', user })}
            onBlacklist={onBlacklist}
            onDelete={onDelete}
            {...(apiKeysOf ? { onApiKeys: (user: AdminUser) => setDialog({ kind: 'apiKeys', user }) } : {})}
          />
          <ListPagination
            total={users.data?.total ?? 0}
            {...paging}
            onChange={(pageNum, pageSize) => setPaging({ pageNum, pageSize })}
          />
        </Flex>
      </Card>
      {dialog?.kind === 'create' && (
        <UserFormModal user={null} isAdmin={isAdmin} selfId={selfId} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'edit' && (
        <UserFormModal user={dialog.user} isAdmin={isAdmin} selfId={selfId} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'reset' && <ResetPasswordModal user={dialog.user} onClose={() => setDialog(null)} />}
      {apiKeysOf && (
        <Drawer
          open={dialog?.kind === 'apiKeys'}
          width={960}
          title={dialog?.kind === 'apiKeys' ? t('users.apiKeysOf', { name: dialog.user.userName }) : ''}
          onClose={() => setDialog(null)}
          destroyOnHidden
        >
          {dialog?.kind === 'apiKeys' && apiKeysOf(dialog.user)}
        </Drawer>
      )}
    </Flex>
  );
}
