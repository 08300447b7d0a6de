import { App, Button, Empty, Space, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { DICT_TYPES, type Zone } from '@sbuilding/shared';
import { DictTag } from '@/components/dict-tag';
import { useDeleteZone } from '../api/delete-zone';

export interface ZoneListProps {
  zones: Zone[];
  loading: boolean;
  selectedId: number | null;
  onSelect: (id: number) => void;
  onEdit: (zone: Zone) => void;
}

/** The floor's zones: the keyboard's way to select, edit (shape included) and delete them. */
export function ZoneList({ zones, loading, selectedId, onSelect, onEdit }: ZoneListProps) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const remove = useDeleteZone();

  const confirmDelete = (zone: Zone) => {
    modal.confirm({
      title: t('buildings.zone.deleteTitle'),
      content: t('buildings.zone.deleteConfirm', { name: zone.name }),
      okText: t('buildings.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () => remove.mutateAsync(zone.id).catch(() => undefined),
    });
  };

  const columns: TableColumnsType<Zone> = [
    { title: t('fields.name'), dataIndex: 'name' },
    {
      title: t('fields.zoneType'),
      dataIndex: 'type',
      render: (type: string) => <DictTag type={DICT_TYPES.zoneType} value={type} />,
    },
    { title: t('fields.mark'), dataIndex: 'mark' },
    {
      title: t('fields.shape'),
      dataIndex: 'shape',
      render: (shape: Zone['shape']) =>
        shape
          ? shape.kind === 'rect'
            ? t('buildings.zone.rect')
            : t('buildings.zone.polygonOf', { count: shape.points.length })
          : t('buildings.zone.notDrawn'),
    },
    {
      title: t('buildings.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, zone) => (
        <Space wrap size="small">
          <Button
            size="small"
            type={zone.id === selectedId ? 'primary' : 'default'}
            aria-pressed={zone.id === selectedId}
            aria-label={t('buildings.zone.showNamed', { name: zone.name })}
            onClick={() => onSelect(zone.id)}
          >
            {t('buildings.zone.show')}
          </Button>
          <Button
            size="small"
            aria-label={t('buildings.editNamed', { name: zone.name })}
            onClick={() => onEdit(zone)}
          >
            {t('buildings.edit')}
          </Button>
          <Button
            size="small"
            danger
            aria-label={t('buildings.deleteNamed', { name: zone.name })}
            onClick={() => confirmDelete(zone)}
          >
            {t('buildings.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Table<Zone>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={zones}
      loading={loading}
      pagination={false}
      scroll={{ x: 'max-content' }}
      rowClassName={(zone) => (zone.id === selectedId ? 'sb-zone-row-selected' : '')}
      caption={<span className="sb-visually-hidden">{t('buildings.zone.tableCaption')}</span>}
      locale={{ emptyText: <Empty description={t('buildings.zone.empty')} /> }}
    />
  );
}
