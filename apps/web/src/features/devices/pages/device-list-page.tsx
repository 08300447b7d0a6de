import { useState } from 'react';
import { App, Button, Card, Flex, Space, Typography } from 'antd';
import { ImportOutlined, PlusOutlined, SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Device } from '@sbuilding/shared';
import { FIRST_PAGE, ListPagination, type PageState } from '@/components/list-pagination';
import { useCan } from '@/lib/permissions';
import { useDeleteDevice } from '../api/delete-device';
import { useDevices } from '../api/list-devices';
import { Ac20BatchModal } from '../components/ac20-batch-modal';
import { DeviceDetailDrawer } from '../components/device-detail-drawer';
import { DeviceEditModal } from '../components/device-edit-modal';
import { DeviceFilters, type DeviceFilterValues } from '../components/device-filters';
import { DeviceTable } from '../components/device-table';
import { ImportDialog } from '../components/import-dialog';
import { useLiveDeviceRows } from '../hooks/use-live-devices';
import '../components/devices.css';
import { useCurrentProject } from '@/lib/current-project';
import { ProjectPage } from '@/components/project-page';

type Dialog = { kind: 'edit'; device: Device } | { kind: 'import' } | { kind: 'batch' };

/** /device: the current project's devices, filtered and paged, with detail, edit, delete, import and batch. */
export function DeviceListPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const projectId = useCurrentProject();
  const canEdit = useCan('devices:write');
  const [filters, setFilters] = useState<DeviceFilterValues>({});
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const [selectedIds, setSelectedIds] = useState<number[]>([]);
  const [detailId, setDetailId] = useState<number | null>(null);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const devices = useDevices({ projectId, ...filters, ...paging }, projectId !== null);
  const remove = useDeleteDevice();
  const rows = devices.data?.rows ?? [];
  // The rows on the page follow the socket: a reading marks its device online.
  useLiveDeviceRows(rows);

  const onDelete = (device: Device) => {
    modal.confirm({
      title: t('devices.deleteTitle', { name: device.name }),
      content: t('devices.deleteConfirm'),
      okText: t('devices.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await remove.mutateAsync(device.id);
          message.success(t('devices.deleted', { name: device.name }));
          setSelectedIds((ids) => ids.filter((id) => id !== device.id));
          // The last row of a page went: show the page before it instead of an empty one.
          if (rows.length === 1 && paging.pageNum > 1) setPaging((p) => ({ ...p, pageNum: p.pageNum - 1 }));
        } catch {
          // Shown by the request client.
        }
      },
    });
  };

  return (
    <ProjectPage title={t('routes.deviceList')} projectId={projectId}>
      {(projectId) => (
        <>
          <Card>
            <DeviceFilters
              projectId={projectId}
              onSearch={(values) => {
                setFilters(values);
                setPaging((p) => ({ ...p, pageNum: FIRST_PAGE.pageNum }));
              }}
            />
          </Card>
          <Card>
            <Flex vertical gap="middle">
              {canEdit ? (
                <Space wrap>
                  <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('/device/add')}>
                    {t('devices.add.button')}
                  </Button>
                  <Button icon={<ImportOutlined />} onClick={() => setDialog({ kind: 'import' })}>
                    {t('devices.import.button')}
                  </Button>
                  <Button
                    icon={<SettingOutlined />}
                    disabled={selectedIds.length === 0}
                    onClick={() => setDialog({ kind: 'batch' })}
                  >
                    {t('devices.batch.button', { count: selectedIds.length })}
                  </Button>
                  <Typography.Text type="secondary">{t('devices.batch.selectHint')}</Typography.Text>
                </Space>
              ) : null}
              <DeviceTable
                rows={rows}
                loading={devices.isFetching}
                canEdit={canEdit}
                selectedIds={selectedIds}
                onSelect={setSelectedIds}
                onDetail={(d) => setDetailId(d.id)}
                onEdit={(device) => setDialog({ kind: 'edit', device })}
                onDelete={onDelete}
              />
              <ListPagination
                total={devices.data?.total ?? 0}
                {...paging}
                onChange={(pageNum, pageSize) => setPaging({ pageNum, pageSize })}
              />
            </Flex>
          </Card>
          <DeviceDetailDrawer
            deviceId={detailId}
            projectId={projectId}
            canEdit={canEdit}
            onClose={() => setDetailId(null)}
          />
          {dialog?.kind === 'edit' ? (
            <DeviceEditModal device={dialog.device} projectId={projectId} onClose={() => setDialog(null)} />
          ) : null}
          {dialog?.kind === 'import' ? (
            <ImportDialog projectId={projectId} onClose={() => setDialog(null)} />
          ) : null}
          {dialog?.kind === 'batch' ? (
            <Ac20BatchModal
              ids={selectedIds}
              projectId={projectId}
              onClose={(saved) => {
                setDialog(null);
                if (saved) setSelectedIds([]);
              }}
            />
          ) : null}
        </>
      )}
    </ProjectPage>
  );
}

export default DeviceListPage;
