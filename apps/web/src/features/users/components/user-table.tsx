import { Avatar, Button, Empty, Space, Switch, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useProjectTime } from '@/lib/time';
import type { AdminUser } from '@sbuilding/shared';
import { defaultAvatar } from '@/lib/session';

export interface UserTableProps {
  rows: AdminUser[];
  loading: boolean;
  onEdit: (user: AdminUser) => void;
  onResetPassword: (user: AdminUser) => void;
  onBlacklist: (user: AdminUser, blacklisted: boolean) => void;
  onDelete: (user: AdminUser) => void;
  /** Shown when the page offers a user's API keys (composed in app/, see app/pages/users-page.tsx). */
  onApiKeys?: (user: AdminUser) => void;
}

/** antd presets whose dark text on a light ground keeps AA contrast (green and gold do not). */
const ROLE_COLOURS: Record<string, string> = { admin: 'red', tbAdmin: 'blue', tbCustomer: 'geekblue' };

/** The users of the tenant (all tenants for admin), with their row actions. */
export function UserTable({
  rows,
  loading,
  onEdit,
  onResetPassword,
  onBlacklist,
  onDelete,
  onApiKeys,
}: UserTableProps) {
  const { t } = useTranslation();
  const times = useProjectTime();
  const columns: TableColumnsType<AdminUser> = [
    {
      title: t('fields.userName'),
      dataIndex: 'userName',
      render: (_, user) => (
        <Space>
          {/* Decorative: the username follows. */}
          <Avatar src={user.avatar || defaultAvatar} alt="" />
          <span>{user.userName}</span>
        </Space>
      ),
    },
    { title: t('fields.nickName'), dataIndex: 'nickName' },
    {
      title: t('fields.role'),
      dataIndex: 'role',
      render: (_, user) => <Tag color={ROLE_COLOURS[user.role] ?? 'default'}>{t(`roles.${user.role}`)}</Tag>,
    },
    { title: t('fields.deptId'), dataIndex: 'deptName', render: (_, user) => user.deptName ?? '' },
    { title: t('fields.phonenumber'), dataIndex: 'phonenumber' },
    { title: t('fields.email'), dataIndex: 'email' },
    { title: t('fields.sex'), dataIndex: 'sex', render: (_, user) => t(`users.sex.${user.sex}`) },
    {
      title: t('fields.blacklisted'),
      dataIndex: 'blacklisted',
      render: (_, user) => (
        <Switch
          checked={user.blacklisted}
          aria-label={t('users.blacklistOf', { name: user.userName })}
          onChange={(checked) => onBlacklist(user, checked)}
        />
      ),
    },
    {
      title: times.titled(t('users.createTime')),
      dataIndex: 'createTime',
      render: (_, user) => times.format(user.createTime),
    },
    {
      title: t('users.actions'),
      key: 'actions',
      // Kept in view while the wide table scrolls sideways.
      fixed: 'right',
      render: (_, user) => (
        <Space size={0} wrap>
          <Button
            type="link"
            onClick={() => onEdit(user)}
            aria-label={t('users.editOf', { name: user.userName })}
          >
            {t('users.edit')}
          </Button>
          <Button
            type="link"
            onClick={() => onResetPassword(user)}
            aria-label={t('users.resetOf', { name: user.userName })}
          >
            {t('users.resetPassword')}
          </Button>
          {onApiKeys && (
            <Button
              type="link"
              onClick={() => onApiKeys(user)}
              aria-label={t('users.apiKeysOf', { name: user.userName })}
            >
              {t('users.apiKeys')}
            </Button>
          )}
          <Button
            type="link"
            onClick={() => onDelete(user)}
            aria-label={t('users.deleteOf', { name: user.userName })}
          >
            {t('users.delete')}
          </Button>
        </Space>
      ),
    },
  ];
  return (
    <Table<AdminUser>
      rowKey="userId"
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={false}
      scroll={{ x: 'max-content' }}
      caption={<span className="sb-visually-hidden">{t('users.tableCaption')}</span>}
      locale={{ emptyText: <Empty description={t('users.empty')} /> }}
    />
  );
}
