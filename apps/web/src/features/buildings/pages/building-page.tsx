import { useState } from 'react';
import { Button, Card, Input, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PAGINATION, type Building } from '@sbuilding/shared';
import { ListPagination } from '@/components/list-pagination';
import { useCurrentProject } from '@/lib/current-project';
import { useBuildings } from '../api/list-buildings';
import { BuildingFormModal } from '../components/building-form-modal';
import { BuildingTable } from '../components/building-table';
import { FloorsPanel } from '../components/floors-panel';
import { QrCodeModal } from '../components/qr-code-modal';
import '../components/buildings.css';
import { NoProject } from '@/components/no-project';

type BuildingForm = { building: Building | null } | null;

/** /building: the current project's buildings, their QR codes, floors, plans and zones. */
export function BuildingPage() {
  const { t } = useTranslation();
  const projectId = useCurrentProject();
  const [paging, setPaging] = useState<{ pageNum: number; pageSize: number }>({
    pageNum: PAGINATION.page,
    pageSize: PAGINATION.limit,
  });
  const [name, setName] = useState('');
  const [formState, setFormState] = useState<BuildingForm>(null);
  const [qrFor, setQrFor] = useState<Building | null>(null);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const buildings = useBuildings({ projectId: projectId ?? 0, name, ...paging }, projectId !== null);
  const rows = buildings.data?.rows ?? [];
  const selected = rows.find((b) => b.id === selectedId) ?? null;

  return (
    <section className="sb-page" aria-labelledby="sb-buildings-title">
      <Typography.Title level={1} id="sb-buildings-title" className="sb-page-title">
        {t('routes.buildings')}
      </Typography.Title>
      {projectId === null ? (
        <NoProject />
      ) : (
        <Space orientation="vertical" size="large" style={{ width: '100%' }}>
          <Card>
            <Space wrap className="sb-toolbar">
              <Input.Search
                allowClear
                aria-label={t('buildings.searchLabel')}
                placeholder={t('buildings.searchLabel')}
                enterButton={t('buildings.search')}
                onSearch={(value) => {
                  setName(value.trim());
                  setPaging((p) => ({ ...p, pageNum: 1 }));
                }}
              />
              <Button type="primary" onClick={() => setFormState({ building: null })}>
                {t('buildings.addBuilding')}
              </Button>
            </Space>
            <BuildingTable
              rows={rows}
              loading={buildings.isFetching}
              selectedId={selected?.id ?? null}
              onSelect={(b) => setSelectedId(b.id)}
              onEdit={(b) => setFormState({ building: b })}
              onQrCode={setQrFor}
            />
            <ListPagination
              total={buildings.data?.total ?? 0}
              pageNum={paging.pageNum}
              pageSize={paging.pageSize}
              onChange={(pageNum, pageSize) => setPaging({ pageNum, pageSize })}
            />
          </Card>
          {selected ? (
            <Card>
              <FloorsPanel key={selected.id} building={selected} />
            </Card>
          ) : rows.length > 0 ? (
            <Typography.Paragraph>{t('buildings.pickBuilding')}</Typography.Paragraph>
          ) : null}
        </Space>
      )}
      {projectId !== null ? (
        <BuildingFormModal
          open={formState !== null}
          projectId={projectId}
          building={formState?.building ?? null}
          onClose={() => setFormState(null)}
        />
      ) : null}
      <QrCodeModal building={qrFor} onClose={() => setQrFor(null)} />
    </section>
  );
}

export default BuildingPage;
