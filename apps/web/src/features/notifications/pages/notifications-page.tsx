import { useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import {
  Alert as Notice,
  Button,
  Card,
  Empty,
  Flex,
  Popconfirm,
  Space,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useTranslation } from 'react-i18next';
import type { ChannelTestResult, NotificationChannel } from '@sbuilding/shared';
import { NoProject } from '@/components/no-project';
import { Tabs } from '@/components/tabs';
import { useCan } from '@/lib/permissions';
import { useCurrentProject } from '@/lib/current-project';
import { useChannels, useDeleteChannel, useTestChannel } from '../api/channels';
import { ChannelForm } from '../components/channel-form';
import { DeliveryLog } from '../components/delivery-log';
import { SmtpSettingsForm } from '../components/smtp-settings';
import './notifications-page.css';

interface TestOutcome extends ChannelTestResult {
  name: string;
}

/**
 * /notification: the current project's webhook and e-mail channels (in-app notice is always on), their
 * delivery log, and for the platform administrator the SMTP server e-mail goes through.
 */
export default function NotificationsPage() {
  const { t } = useTranslation();
  const projectId = useCurrentProject();
  // The mail server is the platform's (GET and PUT /system/config/smtp).
  const canSetMailServer = useCan('platform:write');
  const channels = useChannels(projectId);
  const remove = useDeleteChannel();
  const test = useTestChannel();
  const [form, setForm] = useState<{ open: boolean; editing?: NotificationChannel }>({ open: false });
  const [testing, setTesting] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<TestOutcome | null>(null);

  const onTest = (channel: NotificationChannel) => {
    setTesting(channel.id);
    setOutcome(null);
    test.mutate(channel.id, {
      onSuccess: (result) => setOutcome({ ...result, name: channel.name }),
      onSettled: () => setTesting(null),
    });
  };

  const columns: TableColumnsType<NotificationChannel> = [
    { title: t('notifications.name'), dataIndex: 'name' },
    {
      title: t('notifications.kind'),
      dataIndex: 'kind',
      render: (v: NotificationChannel['kind']) => t(`notifications.kinds.${v}`),
    },
    {
      title: t('notifications.enabled'),
      dataIndex: 'enabled',
      render: (v: boolean) => (
        <Tag color={v ? '#237804' : undefined} variant={v ? 'solid' : undefined}>
          {t(v ? 'notifications.on' : 'notifications.off')}
        </Tag>
      ),
    },
    {
      title: t('notifications.levels'),
      dataIndex: 'levels',
      render: (v: string[]) => v.map((l) => t(`alarm.levels.${l}`)).join(', '),
    },
    {
      title: t('notifications.events'),
      dataIndex: 'events',
      render: (v: string[]) => v.map((e) => t(`notifications.eventNames.${e}`)).join(', '),
    },
    {
      title: t('notifications.target'),
      key: 'target',
      render: (_, row) =>
        row.kind === 'webhook' ? (
          <Typography.Text code className="sb-notification-target">
            {row.url}
          </Typography.Text>
        ) : (
          row.recipients.join(', ')
        ),
    },
    {
      title: t('notifications.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, row) => (
        <Space size={0}>
          <Button type="link" onClick={() => setForm({ open: true, editing: row })}>
            {t('notifications.edit')}
          </Button>
          <Button type="link" loading={testing === row.id} onClick={() => onTest(row)}>
            {t('notifications.test')}
          </Button>
          <Popconfirm
            title={t('notifications.deleteConfirm', { name: row.name })}
            okText={t('common.ok')}
            cancelText={t('common.cancel')}
            onConfirm={() => remove.mutateAsync(row.id).catch(() => undefined)}
          >
            <Button type="link" danger>
              {t('notifications.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  const channelTab =
    projectId === null ? (
      <NoProject />
    ) : (
      <Flex vertical gap="middle">
        <Typography.Paragraph type="secondary">{t('notifications.intro')}</Typography.Paragraph>
        <div>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ open: true })}>
            {t('notifications.create')}
          </Button>
        </div>
        {outcome && (
          <Notice
            role="status"
            showIcon
            closable
            onClose={() => setOutcome(null)}
            type={outcome.ok ? 'success' : 'error'}
            title={t(outcome.ok ? 'notifications.testOk' : 'notifications.testFailed', {
              name: outcome.name,
            })}
            description={t('notifications.testDetail', {
              status: outcome.httpStatus ?? '—',
              error: outcome.error || '—',
              ms: outcome.durationMs,
            })}
          />
        )}
        <Table<NotificationChannel>
          rowKey="id"
          aria-label={t('notifications.channelsTable')}
          columns={columns}
          dataSource={channels.data ?? []}
          loading={channels.isFetching}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty description={t('notifications.empty')} /> }}
        />
        <ChannelForm
          projectId={projectId}
          open={form.open}
          editing={form.editing}
          onClose={() => setForm({ open: false })}
        />
      </Flex>
    );

  const items = [
    { key: 'channels', label: t('notifications.channels'), children: channelTab },
    {
      key: 'log',
      label: t('notifications.log'),
      children:
        projectId === null ? (
          <NoProject />
        ) : (
          <DeliveryLog projectId={projectId} channels={channels.data ?? []} />
        ),
    },
  ];
  if (canSetMailServer)
    items.push({ key: 'smtp', label: t('notifications.smtp'), children: <SmtpSettingsForm /> });

  return (
    <section className="sb-page" aria-labelledby="sb-notifications-title">
      <Typography.Title level={1} id="sb-notifications-title" className="sb-page-title">
        {t('routes.notifications')}
      </Typography.Title>
      <Card>
        <Tabs items={items} destroyOnHidden />
      </Card>
    </section>
  );
}
