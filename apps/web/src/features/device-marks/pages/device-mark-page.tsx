import { useState } from 'react';
import { Card, Empty, Form, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  BuildingSelect,
  FloorSelect,
  useBuildingFloors,
  useProjectBuildings,
} from '@/components/location-select';
import { FloorMarks } from '../components/floor-marks';
import { useCurrentProject } from '@/lib/current-project';
import { ProjectPage } from '@/components/project-page';

/** /devPosition: a floor's plan with its device marks, placed, moved, edited and bound here. */
export function DeviceMarkPage() {
  const { t } = useTranslation();
  const projectId = useCurrentProject();
  const [chosen, setChosen] = useState<number | null>(null);
  const [floorId, setFloorId] = useState<number | null>(null);
  const buildings = useProjectBuildings(projectId);
  // Until one is chosen, the project's first building is shown (as on the lighting board).
  const buildingId = chosen ?? buildings.data?.rows[0]?.id ?? null;
  const floors = useBuildingFloors(buildingId);
  const sorted = [...(floors.data?.rows ?? [])].sort((a, b) => a.sort - b.sort);
  // Until one is chosen, the building's first floor is shown.
  const floor = sorted.find((f) => f.id === floorId) ?? sorted[0] ?? null;

  const body = () => {
    if (buildings.isLoading || floors.isLoading)
      return (
        <div role="status">
          <Spin />
          <span className="sb-visually-hidden">{t('deviceMarks.loading')}</span>
        </div>
      );
    if (buildingId === null) return <Empty description={t('deviceMarks.noBuilding')} />;
    if (!floor || projectId === null) return <Empty description={t('deviceMarks.noFloors')} />;
    return <FloorMarks key={floor.id} floor={floor} projectId={projectId} />;
  };

  return (
    <ProjectPage title={t('routes.deviceMark')} projectId={projectId}>
      {(projectId) => (
        <>
          <Card>
            <Form layout="inline" aria-label={t('deviceMarks.where')}>
              <Form.Item label={t('fields.building')} htmlFor="sb-marks-building">
                <BuildingSelect
                  id="sb-marks-building"
                  projectId={projectId}
                  label={t('fields.building')}
                  value={buildingId}
                  onChange={(id) => {
                    setChosen(id);
                    setFloorId(null);
                  }}
                />
              </Form.Item>
              <Form.Item label={t('fields.floor')} htmlFor="sb-marks-floor">
                <FloorSelect
                  id="sb-marks-floor"
                  buildingId={buildingId}
                  label={t('fields.floor')}
                  value={floor?.id ?? null}
                  onChange={setFloorId}
                />
              </Form.Item>
            </Form>
          </Card>
          <Card>{body()}</Card>
        </>
      )}
    </ProjectPage>
  );
}

export default DeviceMarkPage;
