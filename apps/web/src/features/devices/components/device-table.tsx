import { Button, Empty, Space, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useProjectTime } from '@/lib/time';
import type { Device } from '@sbuilding/shared';
import { DeviceCategoryLabel } from '@/components/device-category';
import { OnlineBadge } from './online-badge';

export interface DeviceTableProps {
  rows: Device[];
  loading: boolean;
  canEdit: boolean;
  selectedIds: number[];
  onSelect: (ids: number[]) => void;
  onDetail: (device: Device) => void;
  onEdit: (device: Device) => void;
  onDelete: (device: Device) => void;
}

/** Where a device is: floor / zone, or a dash. */
export function placeOf(device: Pick<Device, 'floorName' | 'zoneName'>): string {
  return [device.floorName, device.zoneName].filter(Boolean).join(' / ') || '-';
}

/** The project's devices; only AC controllers can be selected, for the batch parameters. */
export function DeviceTable(props: DeviceTableProps) {
  const { rows, loading, canEdit, selectedIds, onSelect, onDetail, onEdit, onDelete } = props;
  const { t } = useTranslation();
  const times = useProjectTime();
  const columns: TableColumnsType<Device> = [
    {
      title: t('fields.category'),
      dataIndex: 'category',
      render: (_, d) => <DeviceCategoryLabel category={d.category} />,
    },
    { title: t('fields.model'), dataIndex: 'model', render: (_, d) => t(`catalogue.models.${d.model}`) },
    { title: t('fields.name'), dataIndex: 'name' },
    { title: t('fields.position'), dataIndex: 'position', render: (_, d) => d.position || '-' },
    { title: t('devices.place'), key: 'place', render: (_, d) => placeOf(d) },
    { title: t('fields.online'), dataIndex: 'online', render: (_, d) => <OnlineBadge online={d.online} /> },
    {
      title: times.titled(t('fields.createTime')),
      dataIndex: 'createTime',
      render: (_, d) => times.format(d.createTime),
    },
    {
      title: t('devices.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, d) => (
        <Space size={0} wrap>
          <Button
            type="link"
            onClick={() => onDetail(d)}
            aria-label={t('devices.detailOf', { name: d.name })}
          >
            {t('devices.detail')}
          </Button>
          {canEdit ? (
            <>
              <Button
                type="link"
                onClick={() => onEdit(d)}
                aria-label={t('devices.editOf', { name: d.name })}
              >
                {t('devices.edit')}
              </Button>
              <Button
                type="link"
                danger
                onClick={() => onDelete(d)}
                aria-label={t('devices.deleteOf', { name: d.name })}
              >
                {t('devices.delete')}
              </Button>
            </>
          ) : null}
        </Space>
      ),
    },
  ];
  return (
    <Table<Device>
      rowKey="id"
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={false}
      scroll={{ x: 'max-content' }}
      aria-label={t('devices.tableCaption')}
      caption={<span className="sb-visually-hidden">{t('devices.tableCaption')}</span>}
      locale={{ emptyText: <Empty description={t('devices.empty')} /> }}
      rowSelection={
        canEdit
          ? {
              selectedRowKeys: selectedIds,
              onChange: (keys) => onSelect(keys.filter((k) => typeof k === 'number')),
              getCheckboxProps: (d) => ({
                disabled: d.model !== 'ac20',
                'aria-label': t('devices.selectRow', { name: d.name }),
              }),
            }
          : undefined
      }
    />
  );
}
