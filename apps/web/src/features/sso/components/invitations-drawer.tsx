import { useState } from 'react';
import { App, Button, Drawer, Flex, Form, InputNumber, QRCode, Select, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useProjectTime } from '@/lib/time';
import {
  INVITABLE_ROLES,
  INVITATION_DAYS,
  type InvitationCreated,
  type InvitationRow,
  type InvitableRole,
} from '@sbuilding/shared';
import { FIRST_PAGE, ListPagination, type PageState } from '@/components/list-pagination';
import { useCreateInvitation } from '../api/create-invitation';
import { useInvitations } from '../api/get-invitations';
import { useRevokeInvitation } from '../api/revoke-invitation';
import { useTenantChoices } from '../api/get-tenant-choices';

interface CreateValues {
  role: InvitableRole;
  expiresInDays: number;
  tenantId?: number;
}

const STATUS_COLOURS: Record<InvitationRow['status'], string> = {
  pending: 'processing',
  used: 'success',
  expired: 'default',
  revoked: 'default',
};

/** The link a person opens to register with an invitation. */
export const invitationLink = (token: string) =>
  `${window.location.origin}/register?invitation=${encodeURIComponent(token)}`;

/** Invitations of the tenant: make one (role, expiry) shown as a link and a QR code, list and revoke them. */
export function InvitationsDrawer({ isAdmin, onClose }: { isAdmin: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const times = useProjectTime();
  const { modal, message } = App.useApp();
  const [form] = Form.useForm<CreateValues>();
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const [created, setCreated] = useState<InvitationCreated | null>(null);
  const invitations = useInvitations(paging);
  const create = useCreateInvitation();
  const revoke = useRevokeInvitation();
  const tenants = useTenantChoices(isAdmin);

  const onCreate = async (values: CreateValues) => {
    try {
      setCreated(await create.mutateAsync(values));
    } catch {
      // Shown by the request client.
    }
  };

  const onRevoke = (row: InvitationRow) =>
    modal.confirm({
      title: t('sso.revokeTitle'),
      content: t('sso.revokeConfirm'),
      okText: t('sso.revoke'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await revoke.mutateAsync(row.id);
          message.success(t('sso.revoked'));
        } catch {
          // Shown by the request client.
        }
      },
    });

  return (
    <Drawer
      open
      title={t('sso.invitationsTitle')}
      size="large"
      closable={{ 'aria-label': t('common.close') }}
      onClose={onClose}
    >
      <Flex vertical gap="large">
        <Form<CreateValues>
          form={form}
          layout="inline"
          name="invitation-create"
          initialValues={{ role: 'tbCustomer', expiresInDays: INVITATION_DAYS.default }}
          onFinish={(v) => void onCreate(v)}
        >
          {isAdmin && (
            <Form.Item
              name="tenantId"
              label={t('fields.tenantId')}
              rules={[{ required: true, message: t('sso.tenantRequired') }]}
            >
              <Select style={{ minWidth: 160 }} options={tenants.data ?? []} />
            </Form.Item>
          )}
          <Form.Item name="role" label={t('fields.role')}>
            <Select
              style={{ minWidth: 140 }}
              options={INVITABLE_ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
            />
          </Form.Item>
          <Form.Item name="expiresInDays" label={t('fields.expiresInDays')}>
            <InputNumber min={1} max={INVITATION_DAYS.max} precision={0} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={create.isPending}>
            {t('sso.createInvitation')}
          </Button>
        </Form>
        {created && (
          <section aria-labelledby="sb-invitation-created" className="sb-invitation-created">
            <Typography.Title level={3} id="sb-invitation-created">
              {t('sso.invitationCreated')}
            </Typography.Title>
            <Flex gap="large" align="center" wrap>
              {/* The label reaches the <svg role="img"> itself: a hidden caption beside it left the image unnamed. */}
              <QRCode
                value={invitationLink(created.token)}
                type="svg"
                size={160}
                bordered={false}
                aria-label={t('sso.qrCaption')}
              />
              <Flex vertical gap="small" style={{ flex: 1, minWidth: 240 }}>
                <Typography.Paragraph
                  copyable={{ text: invitationLink(created.token) }}
                  className="sb-invitation-link"
                >
                  {invitationLink(created.token)}
                </Typography.Paragraph>
                <Typography.Text type="secondary">
                  {t('sso.invitationOnce', { expires: times.stamp(created.expiresAt) })}
                </Typography.Text>
              </Flex>
            </Flex>
          </section>
        )}
        <Table<InvitationRow>
          rowKey="id"
          size="small"
          pagination={false}
          loading={invitations.isFetching}
          dataSource={invitations.data?.rows ?? []}
          columns={[
            ...(isAdmin ? [{ title: t('fields.tenantId'), dataIndex: 'tenantName' }] : []),
            { title: t('fields.role'), dataIndex: 'role', render: (r: InvitableRole) => t(`roles.${r}`) },
            {
              title: t('fields.status'),
              dataIndex: 'status',
              render: (s: InvitationRow['status']) => (
                <Tag color={STATUS_COLOURS[s]}>{t(`sso.status.${s}`)}</Tag>
              ),
            },
            { title: t('sso.createdBy'), dataIndex: 'createdBy' },
            { title: t('sso.usedBy'), dataIndex: 'usedBy', render: (u: string | null) => u ?? '' },
            {
              title: times.titled(t('sso.expiresAt')),
              dataIndex: 'expiresAt',
              render: (v: string) => times.format(v),
            },
            {
              title: t('sso.actions'),
              key: 'actions',
              fixed: 'right',
              render: (_: unknown, row) =>
                row.status === 'pending' ? (
                  <Button type="link" danger onClick={() => onRevoke(row)}>
                    {t('sso.revoke')}
                  </Button>
                ) : null,
            },
          ]}
        />
        <ListPagination
          total={invitations.data?.total ?? 0}
          {...paging}
          onChange={(pageNum, pageSize) => setPaging({ pageNum, pageSize })}
        />
      </Flex>
    </Drawer>
  );
}
