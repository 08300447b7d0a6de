import { useState } from 'react';
import { Alert, Card, Empty, Flex, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { BuildingBoard } from '@/components/building-board';
import { ProjectPage } from '@/components/project-page';
import { useCan } from '@/lib/permissions';
import { useCurrentProject } from '@/lib/current-project';
import { useAcBoard } from '../api/get-ac-board';
import { AcGroupControl } from '../components/ac-group-control';
import { AcTable } from '../components/ac-table';
import { useLiveAcBoard, usePatchAcBoards } from '../hooks/use-live-ac-board';

/**
 * /board/ac (Acboard): every AC unit of the project (or of one building) with room temperature, setpoint,
 * mode and fan speed, switched one by one or by group; live from the socket, commands through sendCmd.
 */
export default function AcBoardPage() {
  const { t } = useTranslation();
  const projectId = useCurrentProject();
  const canControl = useCan('devices:control');
  const [buildingId, setBuildingId] = useState<number | null>(null);
  const board = useAcBoard(projectId, buildingId);
  useLiveAcBoard(board.data);
  const patch = usePatchAcBoards();

  return (
    <ProjectPage title={t('routes.hvac')} projectId={projectId}>
      {(projectId) => (
        <BuildingBoard
          projectId={projectId}
          whereLabel={t('hvac.where')}
          selectId="sb-ac-building"
          buildingId={buildingId}
          onBuildingChange={setBuildingId}
          board={board}
          loadingLabel={t('hvac.loading')}
        >
          {(data) => {
            if (data.total === 0) return <Empty description={t('boards.noDevice')} />;
            return (
              <>
                <Card>
                  <Flex wrap gap="large">
                    <Statistic title={t('hvac.running')} value={data.running} suffix={`/ ${data.total}`} />
                    <Statistic
                      title={t('hvac.online')}
                      value={data.units.filter((u) => u.online).length}
                      suffix={`/ ${data.total}`}
                    />
                  </Flex>
                </Card>
                {canControl ? null : <Alert type="warning" showIcon title={t('hvac.noPermission')} />}
                <Card title={t('hvac.units')}>
                  <AcTable units={data.units} canControl={canControl} onApplied={patch} />
                </Card>
                <Card title={t('hvac.groups')}>
                  <AcGroupControl
                    groups={data.groups}
                    canControl={canControl}
                    supportsAuto={data.units.every((u) => u.supportsAuto)}
                  />
                </Card>
              </>
            );
          }}
        </BuildingBoard>
      )}
    </ProjectPage>
  );
}
