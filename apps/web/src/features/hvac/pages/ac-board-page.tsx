import { useState } from 'react';
import { Alert, Card, Empty, Flex, Form, Spin, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEVICE_CONTROL_PERMISSION } from '@sbuilding/shared';
import { BuildingSelect, useProjectBuildings } from '@/components/location-select';
import { NoProject } from '@/components/no-project';
import { useHasPermission } from '@/lib/permissions';
import { currentProjectId } from '@/lib/storage';
import { useAcBoard } from '../api/get-ac-board';
import { AcGroupControl } from '../components/ac-group-control';
import { AcTable } from '../components/ac-table';
import { useLiveAcBoard, usePatchAcBoards } from '../hooks/use-live-ac-board';

const CONTROL = [DEVICE_CONTROL_PERMISSION];

/**
 * /board/ac (Acboard): every AC unit of the project (or of one building) with room temperature, setpoint,
 * mode and fan speed, switched one by one or by group; live from the socket, commands through sendCmd.
 */
export default function AcBoardPage() {
  const { t } = useTranslation();
  const projectId = currentProjectId();
  const canControl = useHasPermission(CONTROL);
  const buildings = useProjectBuildings(projectId);
  const [buildingId, setBuildingId] = useState<number | null>(null);
  const board = useAcBoard(projectId, buildingId);
  useLiveAcBoard(board.data);
  const patch = usePatchAcBoards();

  const title = (
    <Typography.Title level={1} className="sb-page-title">
      {t('routes.hvac')}
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
          <span className="sb-visually-hidden">{t('hvac.loading')}</span>
        </div>
      );
    if ((buildings.data?.rows.length ?? 0) === 0) return <Empty description={t('boards.noBuilding')} />;
    const data = board.data;
    if (!data) return <Empty description={t('boards.noData')} />;
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
  };

  return (
    <Flex vertical gap="middle">
      {title}
      <Card>
        <Form layout="inline" aria-label={t('hvac.where')}>
          <Form.Item label={t('fields.building')} htmlFor="sb-ac-building">
            <BuildingSelect
              id="sb-ac-building"
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
