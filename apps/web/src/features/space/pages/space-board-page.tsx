import { useState } from 'react';
import { Card, Empty, Flex, Form, Spin, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { BuildingSelect, useProjectBuildings } from '@/components/location-select';
import { NoProject } from '@/components/no-project';
import { currentProjectId } from '@/lib/storage';
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
  const projectId = currentProjectId();
  const buildings = useProjectBuildings(projectId);
  const [buildingId, setBuildingId] = useState<number | null>(null);
  const board = useSpaceBoard(projectId, buildingId);
  useLiveSpaceBoard(board.data);

  const title = (
    <Typography.Title level={1} className="sb-page-title">
      {t('routes.space')}
    </Typography.Title>
  );
  if (projectId === null)
    return (
      <Flex vertical gap="middle">
        {title}
        <NoProject />
      </Flex>
    );

  const body = () => {
    if (buildings.isLoading || board.isLoading)
      return (
        <div role="status">
          <Spin />
          <span className="sb-visually-hidden">{t('space.loading')}</span>
        </div>
      );
    if ((buildings.data?.rows.length ?? 0) === 0) return <Empty description={t('boards.noBuilding')} />;
    const data = board.data;
    if (!data || data.zones.length === 0) return <Empty description={t('boards.noData')} />;
    return (
      <>
        <Card>
          <Flex wrap gap="large">
            <Statistic title={t('space.occupied')} value={data.occupied} suffix={`/ ${data.zones.length}`} />
            <Statistic title={t('space.vacant')} value={data.vacant} suffix={`/ ${data.zones.length}`} />
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
  };

  return (
    <Flex vertical gap="middle">
      {title}
      <Card>
        <Form layout="inline" aria-label={t('space.where')}>
          <Form.Item label={t('fields.building')} htmlFor="sb-space-building">
            <BuildingSelect
              id="sb-space-building"
              projectId={projectId}
              label={t('fields.building')}
              allowClear
              value={buildingId}
              onChange={setBuildingId}
            />
          </Form.Item>
        </Form>
      </Card>
      {body()}
    </Flex>
  );
}
