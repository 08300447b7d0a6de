import { Button, Empty, Popconfirm, Space, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useProjectTime } from '@/lib/time';
import { DICT_TYPES, type Project } from '@sbuilding/shared';
import { DictTag } from '@/components/dict-tag';
import { useDeleteProject } from '../api/delete-project';

interface ProjectsTableProps {
  rows: Project[];
  loading: boolean;
  canEdit: boolean;
  onEdit: (project: Project) => void;
  onCalendar: (project: Project) => void;
}

export function ProjectsTable({ rows, loading, canEdit, onEdit, onCalendar }: ProjectsTableProps) {
  const { t } = useTranslation();
  const times = useProjectTime();
  const remove = useDeleteProject();

  const columns: TableColumnsType<Project> = [
    { title: t('fields.projectName'), dataIndex: 'projectName', width: 160 },
    {
      title: t('fields.status'),
      dataIndex: 'status',
      width: 110,
      render: (value: string) => <DictTag type={DICT_TYPES.projectStatus} value={value} />,
    },
    { title: t('fields.address'), dataIndex: 'address', width: 260 },
    {
      title: t('fields.description'),
      dataIndex: 'description',
      width: 240,
      ellipsis: { showTitle: true },
      render: (v: string) => v || '—',
    },
    { title: t('fields.timeZone'), dataIndex: 'timeZone', width: 140 },
    {
      title: times.titled(t('projects.createTime')),
      dataIndex: 'createTime',
      width: 170,
      render: (value: string) => times.format(value, 'dateTimeMinutes'),
    },
    {
      title: t('projects.actions'),
      key: 'actions',
      fixed: 'right',
      width: 300,
      render: (_, row) => (
        <Space size={0} wrap>
          <Button type="link" onClick={() => onCalendar(row)}>
            {t('projects.calendarAction')}
          </Button>
          {canEdit && (
            <>
              <Button type="link" onClick={() => onEdit(row)}>
                {t('projects.edit')}
              </Button>
              <Popconfirm
                title={t('projects.deleteConfirm', { name: row.projectName })}
                okText={t('common.ok')}
                cancelText={t('common.cancel')}
                onConfirm={() => remove.mutateAsync(row.id).catch(() => undefined)}
              >
                <Button type="link" danger>
                  {t('projects.delete')}
                </Button>
              </Popconfirm>
            </>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Table<Project>
      rowKey="id"
      aria-label={t('projects.tableLabel')}
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={false}
      scroll={{ x: 1380 }}
      locale={{ emptyText: <Empty description={t('projects.empty')} /> }}
    />
  );
}
