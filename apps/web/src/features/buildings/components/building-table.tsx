import { App, Button, Empty, Image, Space, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Building } from '@sbuilding/shared';
import { useDeleteBuilding } from '../api/delete-building';

export interface BuildingTableProps {
  rows: Building[];
  loading: boolean;
  selectedId: number | null;
  onSelect: (building: Building) => void;
  onEdit: (building: Building) => void;
  onQrCode: (building: Building) => void;
}

/** Coordinates as "121.600000° E, 31.200000° N". */
export function formatCoordinates(longitude: number, latitude: number): string {
  const lon = `${Math.abs(longitude).toFixed(6)}° ${longitude < 0 ? 'W' : 'E'}`;
  const lat = `${Math.abs(latitude).toFixed(6)}° ${latitude < 0 ? 'S' : 'N'}`;
  return `${lon}, ${lat}`;
}

/** The project's buildings; deleting asks first, and the server refuses a building that has floors. */
export function BuildingTable({ rows, loading, selectedId, onSelect, onEdit, onQrCode }: BuildingTableProps) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const remove = useDeleteBuilding();

  const confirmDelete = (building: Building) => {
    modal.confirm({
      title: t('buildings.deleteTitle'),
      content: t('buildings.deleteConfirm', { name: building.name }),
      okText: t('buildings.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      // A refusal (409: it still has floors) is shown by the request client; the dialog just closes.
      onOk: () => remove.mutateAsync(building.id).catch(() => undefined),
    });
  };

  const columns: TableColumnsType<Building> = [
    {
      title: t('fields.imageId'),
      dataIndex: 'imageUrl',
      width: 96,
      render: (url: string | null, row) =>
        url ? (
          <Image src={url} width={64} alt={t('buildings.imageAlt', { name: row.name })} />
        ) : (
          <span>{t('buildings.noImage')}</span>
        ),
    },
    { title: t('fields.name'), dataIndex: 'name' },
    { title: t('fields.address'), dataIndex: 'address' },
    {
      title: t('buildings.coordinates'),
      key: 'coordinates',
      render: (_, row) => formatCoordinates(row.longitude, row.latitude),
    },
    {
      title: t('buildings.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, row) => (
        <Space wrap size="small">
          <Button
            size="small"
            type={row.id === selectedId ? 'primary' : 'default'}
            aria-pressed={row.id === selectedId}
            aria-label={t('buildings.floorsOf', { name: row.name })}
            onClick={() => onSelect(row)}
          >
            {t('buildings.floors')}
          </Button>
          <Button
            size="small"
            aria-label={t('buildings.editNamed', { name: row.name })}
            onClick={() => onEdit(row)}
          >
            {t('buildings.edit')}
          </Button>
          <Button
            size="small"
            aria-label={t('buildings.qr.open', { name: row.name })}
            onClick={() => onQrCode(row)}
          >
            {t('buildings.qr.button')}
          </Button>
          <Button
            size="small"
            danger
            aria-label={t('buildings.deleteNamed', { name: row.name })}
            onClick={() => confirmDelete(row)}
          >
            {t('buildings.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Table<Building>
      rowKey="id"
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={false}
      scroll={{ x: 'max-content' }}
      caption={<span className="sb-visually-hidden">{t('buildings.tableCaption')}</span>}
      locale={{ emptyText: <Empty description={t('buildings.empty')} /> }}
    />
  );
}
