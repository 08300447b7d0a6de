import type { ReactNode } from 'react';
import { Alert, Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { NoProject } from '@/components/no-project';
import { useCurrentProject } from '@/lib/current-project';
import { useOverview } from '../api/get-overview';
import { OverviewBoard } from '../components/overview-board';
import { useLiveOverview } from '../hooks/use-live-overview';

/**
 * /board/index (Databoard): the current project's buildings on the map with their devices online, today's
 * energy against yesterday, open alerts, air quality at a glance, lights on and ACs running; live from the
 * socket, without polling.
 */
export default function OverviewPage() {
  const { t } = useTranslation();
  const projectId = useCurrentProject();
  const overview = useOverview(projectId);
  useLiveOverview(overview.data);

  let body: ReactNode;
  if (projectId === null) body = <NoProject />;
  else if (overview.isError && !overview.data)
    body = <Alert type="error" showIcon title={overview.error.message} />;
  else if (!overview.data)
    body = (
      <div role="status">
        <Spin />
        <span className="sb-visually-hidden">{t('overview.loading')}</span>
      </div>
    );
  else body = <OverviewBoard overview={overview.data} />;

  return (
    <Flex vertical gap="middle">
      <Typography.Title level={1} className="sb-page-title">
        {t('routes.platformOverview')}
      </Typography.Title>
      {body}
    </Flex>
  );
}
