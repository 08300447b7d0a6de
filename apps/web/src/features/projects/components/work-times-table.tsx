import { useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Empty, Popconfirm, Space, Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { DICT_TYPES, type WorkTime } from '@sbuilding/shared';
import { DictTag } from '@/components/dict-tag';
import { labelOf, useDict } from '@/lib/dict';
import { useDeleteWorkTime } from '../api/delete-work-time';
import { useWorkTimes } from '../api/list-work-times';
import { WorkTimeForm } from './work-time-form';
import './calendar-panel.css';

/** A project's work times (name, start, end, type, zone type) with create, edit and delete. */
export function WorkTimesTable({ projectId, canEdit }: { projectId: number; canEdit: boolean }) {
  const { t } = useTranslation();
  const workTimes = useWorkTimes(projectId);
  const remove = useDeleteWorkTime(projectId);
  const zoneTypes = useDict(DICT_TYPES.zoneType);
  const [form, setForm] = useState<{ open: boolean; editing?: WorkTime }>({ open: false });

  const columns: TableColumnsType<WorkTime> = [
    { title: t('fields.name'), dataIndex: 'name', render: (name: string) => name || '—' },
    { title: t('fields.startTime'), dataIndex: 'startTime' },
    { title: t('fields.endTime'), dataIndex: 'endTime' },
    {
      title: t('fields.timeType'),
      dataIndex: 'timeType',
      render: (value: string) => <DictTag type={DICT_TYPES.workTimeType} value={value} />,
    },
    {
      title: t('fields.zoneType'),
      dataIndex: 'zoneType',
      render: (value: string) => labelOf(zoneTypes, value),
    },
  ];
  if (canEdit) {
    columns.push({
      title: t('projects.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, row) => (
        <Space>
          <Button type="link" onClick={() => setForm({ open: true, editing: row })}>
            {t('projects.edit')}
          </Button>
          <Popconfirm
            title={t('projects.workTimes.deleteConfirm', {
              name: row.name || `${row.startTime}-${row.endTime}`,
            })}
            okText={t('common.ok')}
            cancelText={t('common.cancel')}
            onConfirm={() => remove.mutateAsync(row.id).catch(() => undefined)}
          >
            <Button type="link" danger>
              {t('projects.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    });
  }

  return (
    <section aria-labelledby="sb-work-times-title">
      <Space className="sb-calendar-toolbar" wrap>
        <Typography.Title level={2} id="sb-work-times-title" className="sb-section-title">
          {t('projects.workTimes.title')}
        </Typography.Title>
        {canEdit && (
          <Button icon={<PlusOutlined />} onClick={() => setForm({ open: true })}>
            {t('projects.workTimes.add')}
          </Button>
        )}
      </Space>
      <Table<WorkTime>
        rowKey="id"
        size="small"
        aria-label={t('projects.workTimes.title')}
        columns={columns}
        dataSource={workTimes.data?.rows ?? []}
        loading={workTimes.isLoading}
        pagination={false}
        locale={{ emptyText: <Empty description={t('projects.workTimes.empty')} /> }}
      />
      {canEdit && (
        <WorkTimeForm
          projectId={projectId}
          open={form.open}
          editing={form.editing}
          onClose={() => setForm({ open: false })}
        />
      )}
    </section>
  );
}
