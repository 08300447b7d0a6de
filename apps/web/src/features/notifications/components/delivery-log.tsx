import { useState } from 'react';
import { Button, Empty, Flex, Form, Select, Table, Tooltip, Typography, type TableColumnsType } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useProjectTime } from '@/lib/time';
import {
  DELIVERY_STATUSES,
  type DeliveryStatus,
  type NotificationChannel,
  type NotificationDelivery,
} from '@sbuilding/shared';
import { FIRST_PAGE, ListPagination, type PageState } from '@/components/list-pagination';
import { useDeliveries } from '../api/deliveries';
import { DeliveryStatusTag } from './status-tag';

/** The project's delivery log, newest first, filtered by channel and status. */
export function DeliveryLog({ projectId, channels }: { projectId: number; channels: NotificationChannel[] }) {
  const { t } = useTranslation();
  const times = useProjectTime();
  const time = (iso: string | null) => (iso ? times.format(iso) : '—');
  const [channelId, setChannelId] = useState<number | undefined>();
  const [status, setStatus] = useState<DeliveryStatus | undefined>();
  const [page, setPage] = useState<PageState>(FIRST_PAGE);
  const list = useDeliveries({ projectId, channelId, status, ...page }, true);

  const columns: TableColumnsType<NotificationDelivery> = [
    { title: times.titled(t('notifications.createTime')), dataIndex: 'createTime', render: time },
    { title: t('notifications.channel'), dataIndex: 'channelName' },
    {
      title: t('notifications.alert'),
      dataIndex: 'alertObject',
      // An alert's object with its id, or a scene's name with its run's id (the scheduling log's).
      render: (v: string, r) => `${v} (#${r.alertId ?? r.sceneRunId})`,
    },
    {
      title: t('notifications.event'),
      dataIndex: 'event',
      render: (v: NotificationDelivery['event']) => t(`notifications.eventNames.${v}`),
    },
    {
      title: t('notifications.level'),
      dataIndex: 'level',
      render: (v: string | null) => (v ? t(`alarm.levels.${v}`) : '—'),
    },
    {
      title: t('notifications.status'),
      dataIndex: 'status',
      render: (v: DeliveryStatus) => <DeliveryStatusTag status={v} />,
    },
    { title: t('notifications.attempts'), dataIndex: 'attempts' },
    { title: t('notifications.httpStatus'), dataIndex: 'httpStatus', render: (v: number | null) => v ?? '—' },
    {
      title: t('notifications.lastError'),
      dataIndex: 'lastError',
      render: (v: string) =>
        v ? (
          <Tooltip title={v}>
            <Typography.Text ellipsis className="sb-notification-error">
              {v}
            </Typography.Text>
          </Tooltip>
        ) : (
          '—'
        ),
    },
    { title: times.titled(t('notifications.sentTime')), dataIndex: 'sentTime', render: time },
    { title: times.titled(t('notifications.nextAttempt')), dataIndex: 'nextAttemptTime', render: time },
  ];

  return (
    <Flex vertical gap="middle">
      <Form layout="inline" aria-label={t('notifications.logFilters')}>
        <Form.Item label={t('notifications.channel')} htmlFor="sb-delivery-channel">
          <Select
            id="sb-delivery-channel"
            allowClear
            className="sb-notification-filter"
            placeholder={t('notifications.any')}
            value={channelId}
            onChange={(v?: number) => {
              setChannelId(v);
              setPage(FIRST_PAGE);
            }}
            options={channels.map((c) => ({ value: c.id, label: c.name }))}
          />
        </Form.Item>
        <Form.Item label={t('notifications.status')} htmlFor="sb-delivery-status">
          <Select
            id="sb-delivery-status"
            allowClear
            className="sb-notification-filter"
            placeholder={t('notifications.any')}
            value={status}
            onChange={(v?: DeliveryStatus) => {
              setStatus(v);
              setPage(FIRST_PAGE);
            }}
            options={DELIVERY_STATUSES.map((value) => ({
              value,
              label: t(`notifications.statuses.${value}`),
            }))}
          />
        </Form.Item>
        <Form.Item>
          <Button icon={<ReloadOutlined />} onClick={() => void list.refetch()}>
            {t('notifications.refresh')}
          </Button>
        </Form.Item>
      </Form>
      {/* Eleven columns overflow a narrow window: the wrapper scrolls and takes focus, so the keyboard can
          scroll it too (antd's own scroll container cannot be focused). */}
      <div
        className="sb-notification-log"
        tabIndex={0}
        role="region"
        aria-label={t('notifications.logTable')}
      >
        <Table<NotificationDelivery>
          rowKey="id"
          aria-label={t('notifications.logTable')}
          columns={columns}
          dataSource={list.data?.rows ?? []}
          loading={list.isFetching}
          pagination={false}
          locale={{ emptyText: <Empty description={t('notifications.logEmpty')} /> }}
        />
      </div>
      <ListPagination total={list.data?.total ?? 0} page={page} onChange={setPage} />
    </Flex>
  );
}
