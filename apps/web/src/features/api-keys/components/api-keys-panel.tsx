import { useState } from 'react';
import { App, Button, Empty, Popconfirm, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useProjectTime } from '@/lib/time';
import dayjs from 'dayjs';
import type { ApiKey } from '@sbuilding/shared';
import { useApiKeys } from '../api/get-api-keys';
import { useDeleteApiKey } from '../api/delete-api-key';
import { ApiKeyForm } from './api-key-form';
import { CreatedKeyModal } from './created-key-modal';

export interface ApiKeysPanelProps {
  /** An administrator managing a service account's keys; the caller's own keys when absent. */
  userId?: number;
}

/**
 * API keys for machines (a BMS, a billing system, a script): the list with last use and from where, a new
 * key (shown once), and revocation, which takes effect at once.
 */
export function ApiKeysPanel({ userId }: ApiKeysPanelProps) {
  const { t } = useTranslation();
  const times = useProjectTime();
  const when = (iso: string) => times.format(iso, 'dateTimeMinutes');
  const keys = useApiKeys(userId);
  const revoke = useDeleteApiKey();
  const { message } = App.useApp();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<string | null>(null);

  const columns: TableColumnsType<ApiKey> = [
    {
      title: t('apiKeys.name'),
      dataIndex: 'name',
      render: (name: string, key) => (
        <Space orientation="vertical" size={0}>
          <span>{name}</span>
          <Typography.Text type="secondary" code style={{ whiteSpace: 'nowrap' }}>
            {key.prefix}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('apiKeys.scope'),
      key: 'scope',
      render: (_, key) => (
        <Space orientation="vertical" size={4}>
          <Tag color={key.access === 'read' ? 'blue' : 'orange'}>
            {t(`apiKeys.accessNames.${key.access}`)}
          </Tag>
          <span>
            {key.projectIds.length === 0
              ? t('apiKeys.allProjects')
              : t('apiKeys.projectCount', { count: key.projectIds.length })}
          </span>
        </Space>
      ),
    },
    {
      title: times.titled(t('apiKeys.created')),
      dataIndex: 'createTime',
      render: (v: string, key) => `${when(v)} · ${key.createdBy}`,
    },
    {
      title: times.titled(t('apiKeys.expires')),
      dataIndex: 'expiresAt',
      render: (v: string) =>
        dayjs(v).isBefore(dayjs()) ? <Tag color="red">{t('apiKeys.expired')}</Tag> : when(v),
    },
    {
      title: times.titled(t('apiKeys.lastUsed')),
      key: 'lastUsed',
      render: (_, key) =>
        key.lastUsedAt ? `${when(key.lastUsedAt)} · ${key.lastUsedIp ?? ''}` : t('apiKeys.never'),
    },
    {
      title: t('apiKeys.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, key) => (
        <Popconfirm
          title={t('apiKeys.revokeConfirm', { name: key.name })}
          okText={t('apiKeys.revoke')}
          cancelText={t('common.cancel')}
          onConfirm={() =>
            revoke
              .mutateAsync(key.id)
              // Said once it is done: the row going away alone is easy to miss.
              .then(() => message.success(t('apiKeys.revoked', { name: key.name })))
              // The request client showed why it failed.
              .catch(() => undefined)
          }
        >
          <Button danger type="link" aria-label={t('apiKeys.revokeNamed', { name: key.name })}>
            {t('apiKeys.revoke')}
          </Button>
        </Popconfirm>
      ),
    },
  ];

  return (
    <section aria-label={t('apiKeys.title')}>
      <Typography.Paragraph type="secondary">{t('apiKeys.intro')}</Typography.Paragraph>
      <Button type="primary" onClick={() => setCreating(true)} style={{ marginBottom: 16 }}>
        {t('apiKeys.create')}
      </Button>
      <Table<ApiKey>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={keys.data?.rows ?? []}
        loading={keys.isFetching}
        pagination={false}
        scroll={{ x: true }}
        locale={{ emptyText: <Empty description={t('apiKeys.empty')} /> }}
      />
      <ApiKeyForm
        open={creating}
        {...(userId === undefined ? {} : { userId })}
        onClose={() => setCreating(false)}
        onCreated={(result) => {
          setCreating(false);
          setCreated(result.key);
        }}
      />
      <CreatedKeyModal apiKey={created} onClose={() => setCreated(null)} />
    </section>
  );
}
