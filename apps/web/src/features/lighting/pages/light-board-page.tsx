import { useState } from 'react';
import { Card, Drawer, Empty, Flex, Form, Radio, Segmented, Spin, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BoardLight } from '@sbuilding/shared';
import { BuildingSelect, useBuildingFloors, useProjectBuildings } from '@/components/location-select';
import { ProjectPage } from '@/components/project-page';
import { useCan } from '@/lib/permissions';
import { useCurrentProject } from '@/lib/current-project';
import { useLightBoard } from '../api/get-light-board';
import { LightGroupControl } from '../components/group-control';
import { LightControl } from '../components/light-control';
import { LightPlan } from '../components/light-plan';
import { LightTable } from '../components/light-table';
import { useLiveLightBoard, usePatchLightBoard } from '../hooks/use-live-light-board';
import '../components/lighting.css';

function Loading() {
  const { t } = useTranslation();
  return (
    <div role="status">
      <Spin />
      <span className="sb-visually-hidden">{t('lighting.loading')}</span>
    </div>
  );
}

/** One building's board: floors with their counts, the chosen floor's plan or list, the drawer. */
function BuildingLights({ buildingId }: { buildingId: number }) {
  const { t } = useTranslation();
  const canControl = useCan('devices:control');
  const board = useLightBoard(buildingId);
  const floors = useBuildingFloors(buildingId);
  const [floorId, setFloorId] = useState<number | null>(null);
  const [view, setView] = useState<'plan' | 'list'>('plan');
  const [openId, setOpenId] = useState<number | null>(null);
  useLiveLightBoard(buildingId, board.data);
  const patch = usePatchLightBoard(buildingId);

  if (board.isLoading || floors.isLoading) return <Loading />;
  const data = board.data;
  if (!data) return <Empty description={t('boards.noData')} />;
  const floorId0 = floorId ?? data.floors[0]?.floorId ?? null;
  const floor = (floors.data?.rows ?? []).find((f) => f.id === floorId0) ?? null;
  const floorCount = data.floors.find((f) => f.floorId === floorId0) ?? null;
  const onFloor = data.devices.filter((d) => d.floorId === floorId0);
  const open: BoardLight | null = data.devices.find((d) => d.id === openId) ?? null;
  const openDevice = (d: BoardLight) => setOpenId(d.id);

  const body = () => {
    if (floorId0 === null) return <Empty description={t('lighting.noFloors')} />;
    if (onFloor.length === 0) return <Empty description={t('boards.noDevice')} />;
    if (view === 'list' || !floor?.planUrl)
      return (
        <Flex vertical gap="small">
          {view === 'plan' ? (
            <Typography.Text type="secondary">{t('lighting.noPlan')}</Typography.Text>
          ) : null}
          <LightTable devices={onFloor} onOpen={openDevice} />
        </Flex>
      );
    const unplaced = onFloor.filter((d) => d.mark === null).length;
    return (
      <Flex vertical gap="small">
        <LightPlan
          planUrl={floor.planUrl}
          planViewBox={floor.planViewBox}
          floorName={floor.name}
          devices={onFloor}
          onOpen={openDevice}
        />
        {unplaced > 0 ? (
          <Typography.Text type="secondary">{t('lighting.unplaced', { count: unplaced })}</Typography.Text>
        ) : null}
      </Flex>
    );
  };

  return (
    <>
      <Card>
        <Flex wrap gap="large" align="center">
          <Statistic
            title={t('lighting.lightsOnBuilding')}
            value={data.lightsOn}
            suffix={`/ ${data.lightsTotal}`}
          />
          {floorCount ? (
            <Statistic
              title={t('lighting.lightsOnFloor', { floor: floorCount.name })}
              value={floorCount.lightsOn}
              suffix={`/ ${floorCount.lightsTotal}`}
            />
          ) : null}
        </Flex>
      </Card>
      <Card>
        <Flex vertical gap="middle">
          {data.floors.length > 0 ? (
            <Radio.Group
              aria-label={t('fields.floor')}
              optionType="button"
              value={floorId0}
              onChange={(e) => setFloorId(Number(e.target.value))}
              options={data.floors.map((f) => ({
                value: f.floorId,
                label: t('lighting.floorOption', { floor: f.name, on: f.lightsOn, total: f.lightsTotal }),
              }))}
            />
          ) : null}
          <Segmented<'plan' | 'list'>
            aria-label={t('lighting.view')}
            value={view}
            onChange={setView}
            options={[
              { value: 'plan', label: t('lighting.viewPlan') },
              { value: 'list', label: t('lighting.viewList') },
            ]}
          />
          {body()}
        </Flex>
      </Card>
      <Card title={t('lighting.groups')}>
        <LightGroupControl groups={data.groups} canControl={canControl} />
      </Card>
      <Drawer open={open !== null} title={open?.name} onClose={() => setOpenId(null)} destroyOnHidden>
        {open ? (
          <LightControl
            device={open}
            canControl={canControl}
            onApplied={(id, values) => patch([id], values)}
          />
        ) : null}
      </Drawer>
    </>
  );
}

/**
 * /board/light (Lightboard): a building's floors with the lights on per floor, the floor's plan with every
 * light and panel at its mark in its live state (or the same as a table), a drawer to switch one, and
 * group control. Live from the socket; commands through sendCmd with the section 8 messages.
 */
export default function LightBoardPage() {
  const { t } = useTranslation();
  const projectId = useCurrentProject();
  const buildings = useProjectBuildings(projectId);
  const [chosen, setChosen] = useState<number | null>(null);
  const buildingId = chosen ?? buildings.data?.rows[0]?.id ?? null;

  const body = () => {
    if (buildings.isLoading) return <Loading />;
    if (buildingId === null) return <Empty description={t('boards.noBuilding')} />;
    return <BuildingLights key={buildingId} buildingId={buildingId} />;
  };
  return (
    <ProjectPage title={t('routes.lighting')} projectId={projectId}>
      {(projectId) => (
        <>
          <Card>
            <Form layout="inline" aria-label={t('lighting.where')}>
              <Form.Item label={t('fields.building')} htmlFor="sb-light-building">
                <BuildingSelect
                  id="sb-light-building"
                  projectId={projectId}
                  label={t('fields.building')}
                  value={buildingId}
                  onChange={setChosen}
                />
              </Form.Item>
            </Form>
          </Card>
          {body()}
        </>
      )}
    </ProjectPage>
  );
}
