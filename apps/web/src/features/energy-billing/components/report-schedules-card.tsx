import { useState } from 'react';
import { Alert, App, Button, Card, Empty, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { PlusOutlined, SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ReportSchedule } from '@sbuilding/shared';
import { useProjectTime } from '@/lib/time';
import { useDeleteSchedule, useReportChannels, useSchedules, useSendNow } from '../api/reports';
import { TAG_COLORS } from './report-helpers';
import { ReportScheduleForm } from './report-schedule-form';

/** The project's report schedules: when each runs, what it sends where, "send now", edit and delete. */
export function ReportSchedulesCard({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const times = useProjectTime();
  const schedules = useSchedules(projectId);
  const channels = useReportChannels(projectId);
  const remove = useDeleteSchedule();
  const sendNow = useSendNow();
  const [editing, setEditing] = useState<ReportSchedule>();
  const [open, setOpen] = useState(false);
  const names = new Map((channels.data ?? []).map((c) => [c.id, c.name]));

  const onSend = (s: ReportSchedule) =>
    sendNow.mutate(s.id, {
      onSuccess: (rows) => {
        const failed = rows.filter((r) => !r.ok).length;
        if (failed === 0) message.success(t('energyReports.schedules.sent', { n: rows.length }));
        else message.warning(t('energyReports.schedules.sentFailed', { n: failed }));
      },
    });

  return (
    <Card
      title={t('energyReports.schedules.title')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => (setEditing(undefined), setOpen(true))}>
          {t('energyReports.schedules.add')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('energyReports.schedules.intro')}</Typography.Paragraph>
      {channels.data?.length === 0 && (
        <Alert
          type="warning"
          showIcon
          title={t('energyReports.schedules.noChannels')}
          style={{ marginBottom: 16 }}
        />
      )}
      <Table<ReportSchedule>
        rowKey="id"
        size="small"
        loading={schedules.isLoading}
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={schedules.data ?? []}
        locale={{ emptyText: <Empty description={t('energyReports.schedules.empty')} /> }}
        columns={[
          { title: t('energyReports.schedules.name'), dataIndex: 'name' },
          {
            title: t('energyReports.schedules.when'),
            key: 'when',
            render: (_: unknown, s) =>
              t(`energyReports.schedules.at.${s.frequency}`, { hour: String(s.hour).padStart(2, '0') }),
          },
          {
            title: t('energyReports.schedules.contents'),
            key: 'contents',
            render: (_: unknown, s) =>
              [
                s.includeReport ? t('energyReports.schedules.report') : null,
                s.includeBills ? t('energyReports.schedules.bills') : null,
                s.includeFaults ? t('energyReports.schedules.faults') : null,
              ]
                .filter(Boolean)
                .join(', '),
          },
          {
            title: t('energyReports.schedules.channels'),
            dataIndex: 'channelIds',
            render: (ids: number[]) => ids.map((id) => names.get(id) ?? `#${id}`).join(', '),
          },
          {
            title: t('energyReports.schedules.enabled'),
            dataIndex: 'enabled',
            render: (v: boolean) => (
              <Tag color={v ? TAG_COLORS.good : TAG_COLORS.muted} variant="solid">
                {t(v ? 'energyReports.on' : 'energyReports.off')}
              </Tag>
            ),
          },
          {
            title: times.titled(t('energyReports.schedules.nextRun')),
            dataIndex: 'nextRunAt',
            render: (v: string, s) => (s.enabled ? times.format(v) : '—'),
          },
          {
            title: times.titled(t('energyReports.schedules.lastRun')),
            dataIndex: 'lastRunAt',
            render: (v: string | null) => (v ? times.format(v) : '—'),
          },
          {
            title: t('energyReports.actions'),
            key: 'actions',
            render: (_: unknown, s) => (
              <Space wrap>
                <Button
                  size="small"
                  icon={<SendOutlined />}
                  loading={sendNow.isPending && sendNow.variables === s.id}
                  onClick={() => onSend(s)}
                  aria-label={t('energyReports.schedules.sendNowOf', { name: s.name })}
                >
                  {t('energyReports.schedules.sendNow')}
                </Button>
                <Button
                  size="small"
                  onClick={() => (setEditing(s), setOpen(true))}
                  aria-label={t('energyReports.editOf', { name: s.name })}
                >
                  {t('energyReports.edit')}
                </Button>
                <Popconfirm
                  title={t('energyReports.schedules.deleteConfirm', { name: s.name })}
                  onConfirm={() => remove.mutate(s.id)}
                >
                  <Button size="small" danger aria-label={t('energyReports.deleteOf', { name: s.name })}>
                    {t('energyReports.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <ReportScheduleForm
        projectId={projectId}
        editing={editing}
        open={open}
        onClose={() => setOpen(false)}
      />
    </Card>
  );
}
