import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { NoProject } from '@/components/no-project';
import { useCurrentProject } from '@/lib/current-project';
import { ReportHistoryCard } from '../components/report-history-card';
import { ReportSchedulesCard } from '../components/report-schedules-card';
import { SharesCard } from '../components/shares-card';

/**
 * /energy/reports (tbAdmin): the project's report schedules (weekly or monthly, sent through its
 * notification channels, with "send now"), their send history, and read-only share links.
 */
export default function ReportsPage() {
  const { t } = useTranslation();
  const projectId = useCurrentProject();
  const title = (
    <Typography.Title level={1} className="sb-page-title">
      {t('routes.energyReports')}
    </Typography.Title>
  );
  if (projectId === null) {
    return (
      <Flex vertical gap="middle">
        {title}
        <NoProject />
      </Flex>
    );
  }
  return (
    <Flex vertical gap="middle">
      {title}
      <ReportSchedulesCard projectId={projectId} />
      <ReportHistoryCard projectId={projectId} />
      <SharesCard projectId={projectId} />
    </Flex>
  );
}
