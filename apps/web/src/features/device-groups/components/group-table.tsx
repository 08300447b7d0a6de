import { Button, Empty, Space, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useProjectTime } from '@/lib/time';
import type { DeviceGroup } from '@sbuilding/shared';
import { DeviceCategoryLabel } from '@/components/device-category';
import { GroupStatus } from './group-status';

export interface GroupTableProps {
  rows: DeviceGroup[];
  loading: boolean;
  selectedId: number | null;
  onSelect: (group: DeviceGroup) => void;
  onEdit: (group: DeviceGroup) => void;
  onDelete: (group: DeviceGroup) => void;
}

/** The project's device groups with their row actions; one row can be selected for the toolbar. */
export function GroupTable({ rows, loading, selectedId, onSelect, onEdit, onDelete }: GroupTableProps) {
  const { t } = useTranslation();
  const times = useProjectTime();
  const columns: TableColumnsType<DeviceGroup> = [
    { title: t('deviceGroups.name'), dataIndex: 'name' },
    { title: t('fields.status'), dataIndex: 'status', render: (_, g) => <GroupStatus status={g.status} /> },
    {
      title: t('fields.category'),
      dataIndex: 'category',
      render: (_, g) => <DeviceCategoryLabel category={g.category} />,
    },
    { title: t('deviceGroups.deviceCount'), dataIndex: 'deviceCount' },
    {
      title: times.titled(t('fields.createTime')),
      dataIndex: 'createTime',
      render: (_, g) => times.format(g.createTime),
    },
    {
      title: t('deviceGroups.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, g) => (
        <Space size={0}>
          <Button
            type="link"
            onClick={() => onEdit(g)}
            aria-label={t('deviceGroups.editOf', { name: g.name })}
          >
            {t('deviceGroups.edit')}
          </Button>
          <Button
            type="link"
            danger
            onClick={() => onDelete(g)}
            aria-label={t('deviceGroups.deleteOf', { name: g.name })}
          >
            {t('deviceGroups.delete')}
          </Button>
        </Space>
      ),
    },
  ];
  return (
    <Table<DeviceGroup>
      rowKey="id"
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={false}
      scroll={{ x: 'max-content' }}
      caption={<span className="sb-visually-hidden">{t('deviceGroups.tableCaption')}</span>}
      locale={{ emptyText: <Empty description={t('deviceGroups.empty')} /> }}
      rowSelection={{
        type: 'radio',
        selectedRowKeys: selectedId === null ? [] : [selectedId],
        getCheckboxProps: (g) => ({ 'aria-label': t('deviceGroups.selectOf', { name: g.name }) }),
        onSelect: (g) => onSelect(g),
      }}
    />
  );
}
