import { useState } from 'react';
import { Card, Empty, Flex, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { AIR_BANDS } from '@sbuilding/shared';
import { BuildingBoard } from '@/components/building-board';
import { ProjectPage } from '@/components/project-page';
import { useCurrentProject } from '@/lib/current-project';
import { useAirBoard } from '../api/get-air-board';
import { AirTrendCard } from '../components/air-trend';
import { SensorTable } from '../components/sensor-table';
import { ThresholdTable } from '../components/threshold-table';
import { ZoneTable } from '../components/zone-table';
import { useLiveAirBoard } from '../hooks/use-live-air-board';
import '../components/air.css';

/**
 * /board/air (Airboard): CO2, CH2O, temperature and humidity per sensor and zone, banded Good / Moderate /
 * Unhealthy by the thresholds of the system configuration (shown), with 24-hour and 7-day trends; live from
 * the socket.
 */
export default function AirBoardPage() {
  const { t } = useTranslation();
  const projectId = useCurrentProject();
  const [buildingId, setBuildingId] = useState<number | null>(null);
  const board = useAirBoard(projectId, buildingId);
  useLiveAirBoard(board.data);

  return (
    <ProjectPage title={t('routes.airQuality')} projectId={projectId}>
      {(projectId) => (
        <BuildingBoard
          projectId={projectId}
          whereLabel={t('air.where')}
          selectId="sb-air-building"
          buildingId={buildingId}
          onBuildingChange={setBuildingId}
          board={board}
          loadingLabel={t('air.loading')}
        >
          {(data) => {
            const zonesIn = (band: (typeof AIR_BANDS)[number]) =>
              data.zones.filter((z) => z.band === band).length;
            return (
              <>
                <Card>
                  <Flex wrap gap="large">
                    <Statistic title={t('air.online')} value={data.online} suffix={`/ ${data.total}`} />
                    {AIR_BANDS.map((band) => (
                      <Statistic key={band} title={t(`air.zonesIn.${band}`)} value={zonesIn(band)} />
                    ))}
                  </Flex>
                </Card>
                <Card title={t('air.thresholds')}>
                  <ThresholdTable thresholds={data.thresholds} />
                </Card>
                <Card title={t('air.zones')}>
                  {data.zones.length === 0 ? (
                    <Empty description={t('boards.noData')} />
                  ) : (
                    <ZoneTable zones={data.zones} />
                  )}
                </Card>
                <Card title={t('air.sensorsTitle')}>
                  {data.total === 0 ? (
                    <Empty description={t('air.notFound')} />
                  ) : (
                    <SensorTable sensors={data.sensors} />
                  )}
                </Card>
                {data.total === 0 ? null : <AirTrendCard board={data} />}
              </>
            );
          }}
        </BuildingBoard>
      )}
    </ProjectPage>
  );
}
