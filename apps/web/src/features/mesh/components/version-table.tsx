import { Button, Empty, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useProjectTime } from '@/lib/time';
import type { MeshVersion } from '@sbuilding/shared';
import { firstLines } from './log-lines';

export interface VersionTableProps {
  rows: MeshVersion[];
  loading: boolean;
  onOpen: (version: MeshVersion) => void;
}

/** A building's mesh network versions, newest first. */
export function VersionTable({ rows, loading, onOpen }: VersionTableProps) {
  const { t } = useTranslation();
  const times = useProjectTime();
  const columns: TableColumnsType<MeshVersion> = [
    { title: t('mesh.version'), dataIndex: 'version', render: (_, v) => `v${v.version}` },
    {
      title: times.titled(t('fields.createTime')),
      dataIndex: 'createTime',
      render: (_, v) => times.format(v.createTime),
    },
    { title: t('fields.description'), dataIndex: 'description', render: (_, v) => v.description || '-' },
    {
      title: t('mesh.log'),
      dataIndex: 'log',
      render: (_, v) => {
        const { text, more } = firstLines(v.log);
        return <span className="sb-mesh-log">{more ? `${text}\n…` : text}</span>;
      },
    },
    { title: t('mesh.createdBy'), dataIndex: 'createdBy' },
    { title: t('mesh.change.added'), dataIndex: 'added' },
    { title: t('mesh.change.removed'), dataIndex: 'removed' },
    { title: t('mesh.change.changed'), dataIndex: 'changed' },
    {
      title: t('mesh.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, v) => (
        <Button type="link" onClick={() => onOpen(v)} aria-label={t('mesh.openOf', { version: v.version })}>
          {t('mesh.details')}
        </Button>
      ),
    },
  ];
  return (
    <Table<MeshVersion>
      rowKey="id"
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={false}
      scroll={{ x: 'max-content' }}
      caption={<span className="sb-visually-hidden">{t('mesh.tableCaption')}</span>}
      locale={{ emptyText: <Empty description={t('mesh.empty')} /> }}
    />
  );
}
