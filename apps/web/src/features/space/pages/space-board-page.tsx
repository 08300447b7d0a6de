import { useState } from 'react';
import { Card, Empty, Flex, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { BuildingBoard } from '@/components/building-board';
import { ProjectPage } from '@/components/project-page';
import { useCurrentProject } from '@/lib/current-project';
import { useSpaceBoard } from '../api/get-space-board';
import { OccupancyTable } from '../components/occupancy-table';
import { UtilisationHeatmap } from '../components/utilisation-heatmap';
import { useLiveSpaceBoard } from '../hooks/use-live-space-board';

/**
 * /board/space (Spaceboard, a hidden route): occupancy per zone from its PIR sensors, occupied or vacant now
 * (live from the socket), and utilisation by day and hour over the last 7 days as a heatmap.
 */
export default function SpaceBoardPage() {
  const { t } = useTranslation();
  const projectId = useCurrentProject();
  const [buildingId, setBuildingId] = useState<number | null>(null);
  const board = useSpaceBoard(projectId, buildingId);
  useLiveSpaceBoard(board.data);

  return (
    <ProjectPage title={t('routes.space')} projectId={projectId}>
      {(projectId) => (
        <BuildingBoard
          projectId={projectId}
          whereLabel={t('space.where')}
          selectId="sb-space-building"
          buildingId={buildingId}
          onBuildingChange={setBuildingId}
          board={board}
          loadingLabel={t('space.loading')}
        >
          {(data) => {
            if (data.zones.length === 0) return <Empty description={t('boards.noData')} />;
            return (
              <>
                <Card>
                  <Flex wrap gap="large">
                    <Statistic
                      title={t('space.occupied')}
                      value={data.occupied}
                      suffix={`/ ${data.zones.length}`}
                    />
                    <Statistic
                      title={t('space.vacant')}
                      value={data.vacant}
                      suffix={`/ ${data.zones.length}`}
                    />
                  </Flex>
                </Card>
                <Card title={t('space.zones')}>
                  <OccupancyTable zones={data.zones} />
                  <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
                    {t('space.window', { minutes: data.presenceMinutes, zone: data.timeZone })}
                  </Typography.Paragraph>
                </Card>
                <UtilisationHeatmap board={data} />
              </>
            );
          }}
        </BuildingBoard>
      )}
    </ProjectPage>
  );
}
