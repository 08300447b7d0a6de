import { Card, Empty, Flex, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { REPORT_RUN_ATTEMPTS, type ReportSend } from '@sbuilding/shared';
import { useProjectTime } from '@/lib/time';
import { useSends } from '../api/reports';
import { TAG_COLORS } from './report-helpers';

/** What the schedules sent: when, through which channel, for which period, and whether it arrived. */
export function ReportHistoryCard({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const times = useProjectTime();
  const sends = useSends(projectId);
  return (
    <Card title={t('energyReports.history.title')}>
      <Table<ReportSend>
        rowKey="id"
        size="small"
        loading={sends.isLoading}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
        dataSource={sends.data ?? []}
        locale={{ emptyText: <Empty description={t('energyReports.history.empty')} /> }}
        columns={[
          {
            title: times.titled(t('energyReports.history.sentAt')),
            dataIndex: 'sentAt',
            render: (v: string) => times.format(v),
          },
          { title: t('energyReports.history.schedule'), dataIndex: 'scheduleName' },
          {
            title: t('energyReports.history.channel'),
            key: 'channel',
            render: (_: unknown, s) => `${s.channelName} (${t(`notifications.kinds.${s.channelKind}`)})`,
          },
          {
            title: t('energyReports.history.period'),
            key: 'period',
            render: (_: unknown, s) => `${s.periodFrom} – ${s.periodTo}`,
          },
          {
            title: t('energyReports.history.how'),
            dataIndex: 'manual',
            render: (v: boolean) => t(v ? 'energyReports.history.manual' : 'energyReports.history.scheduled'),
          },
          {
            title: t('energyReports.history.result'),
            key: 'result',
            render: (_: unknown, s) =>
              s.ok ? (
                <Tag color={TAG_COLORS.good} variant="solid">
                  {t('energyReports.history.ok')}
                </Tag>
              ) : s.gaveUp ? (
                <Flex vertical>
                  <Tag color={TAG_COLORS.bad} variant="solid">
                    {t('energyReports.history.gaveUp')}
                  </Tag>
                  <Typography.Text type="secondary">
                    {t('energyReports.history.gaveUpNote', { count: REPORT_RUN_ATTEMPTS })}
                  </Typography.Text>
                </Flex>
              ) : (
                <Flex vertical>
                  <Tag color={TAG_COLORS.bad} variant="solid">
                    {t('energyReports.history.failed')}
                  </Tag>
                  <Typography.Text type="secondary">{s.error}</Typography.Text>
                </Flex>
              ),
          },
        ]}
      />
    </Card>
  );
}
