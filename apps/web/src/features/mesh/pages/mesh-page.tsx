import { useState } from 'react';
import { Card, Empty, Flex, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { FIRST_PAGE, ListPagination, type PageState } from '@/components/list-pagination';
import { BuildingSelect } from '@/components/location-select';
import { useMeshVersions } from '../api/list-versions';
import { VersionDrawer } from '../components/version-drawer';
import { VersionTable } from '../components/version-table';
import '../components/mesh.css';
import { useCurrentProject } from '@/lib/current-project';
import { ProjectPage } from '@/components/project-page';

/** /meshConfig: a building's mesh network versions, each recorded when its marks or bindings changed. */
export function MeshPage() {
  const { t } = useTranslation();
  const projectId = useCurrentProject();
  const [buildingId, setBuildingId] = useState<number | null>(null);
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const [openId, setOpenId] = useState<number | null>(null);
  const versions = useMeshVersions({ buildingId: buildingId ?? 0, ...paging }, buildingId !== null);

  return (
    <ProjectPage title={t('routes.meshManagement')} projectId={projectId}>
      {(projectId) => (
        <>
          <Card>
            <Flex vertical gap="middle">
              <Form layout="inline" aria-label={t('mesh.where')}>
                <Form.Item label={t('fields.building')} htmlFor="sb-mesh-building">
                  <BuildingSelect
                    id="sb-mesh-building"
                    projectId={projectId}
                    label={t('fields.building')}
                    value={buildingId}
                    onChange={(id) => {
                      setBuildingId(id);
                      setPaging(FIRST_PAGE);
                    }}
                  />
                </Form.Item>
              </Form>
              {buildingId === null ? (
                <Empty description={t('mesh.pickBuilding')} />
              ) : (
                <>
                  <VersionTable
                    rows={versions.data?.rows ?? []}
                    loading={versions.isFetching}
                    onOpen={(v) => setOpenId(v.id)}
                  />
                  <ListPagination total={versions.data?.total ?? 0} page={paging} onChange={setPaging} />
                </>
              )}
            </Flex>
          </Card>
          {/* Closed, the drawer renders nothing: it needs no place without a project. */}
          <VersionDrawer id={openId} onClose={() => setOpenId(null)} />
        </>
      )}
    </ProjectPage>
  );
}

export default MeshPage;
