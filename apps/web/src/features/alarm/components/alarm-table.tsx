import { Button, Empty, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useProjectTime } from '@/lib/time';
import type { Alert } from '@sbuilding/shared';
import { LevelTag, StatusTag, useAlarmTime, useReadingText } from './alarm-labels';

export interface AlarmTableProps {
  rows: Alert[];
  loading: boolean;
  /** Whether the user may handle alerts (process, ignore). */
  canHandle: boolean;
  onDetail: (alert: Alert) => void;
  onProcess: (alert: Alert) => void;
  onIgnore: (alert: Alert) => void;
}

/** The alerts of the filter, newest first as the server sends them. */
export function AlarmTable({ rows, loading, canHandle, onDetail, onProcess, onIgnore }: AlarmTableProps) {
  const { t } = useTranslation();
  const times = useProjectTime();
  const formatTime = useAlarmTime();
  const reading = useReadingText();
  const columns: ColumnsType<Alert> = [
    { title: t('alarm.columns.level'), dataIndex: 'level', render: (_, a) => <LevelTag level={a.level} /> },
    {
      title: t('alarm.columns.status'),
      dataIndex: 'status',
      render: (_, a) => <StatusTag status={a.status} />,
    },
    { title: t('alarm.columns.type'), dataIndex: 'type', render: (_, a) => t(`alarm.types.${a.type}`) },
    { title: t('alarm.columns.object'), dataIndex: 'object' },
    {
      title: t('alarm.columns.rule'),
      key: 'rule',
      render: (_, a) => a.threshold?.ruleName ?? '-',
    },
    { title: t('alarm.columns.reading'), key: 'reading', render: (_, a) => reading(a) },
    { title: t('alarm.columns.positionName'), dataIndex: 'positionName' },
    { title: t('alarm.columns.address'), dataIndex: 'address' },
    {
      title: times.titled(t('alarm.columns.alertTime')),
      dataIndex: 'alertTime',
      render: (_, a) => formatTime(a.alertTime),
    },
    {
      title: times.titled(t('alarm.columns.lastTelemetryAt')),
      dataIndex: 'lastTelemetryAt',
      render: (_, a) => formatTime(a.lastTelemetryAt),
    },
    {
      title: t('alarm.columns.solution'),
      dataIndex: 'solution',
      render: (_, a) => (a.solution ? t(`alarm.solutions.${a.solution}`) : '-'),
    },
    {
      title: t('alarm.columns.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, a) => (
        <Space size={0} wrap>
          <Button
            type="link"
            onClick={() => onDetail(a)}
            aria-label={t('alarm.detailOf', { name: a.object })}
          >
            {t('alarm.detail')}
          </Button>
          {canHandle && a.status === 'alerting' && (
            <>
              <Button
                type="link"
                onClick={() => onProcess(a)}
                aria-label={t('alarm.processOf', { name: a.object })}
              >
                {t('alarm.process')}
              </Button>
              <Button
                type="link"
                onClick={() => onIgnore(a)}
                aria-label={t('alarm.ignoreOf', { name: a.object })}
              >
                {t('alarm.ignore')}
              </Button>
            </>
          )}
        </Space>
      ),
    },
  ];
  return (
    <Table<Alert>
      rowKey="id"
      aria-label={t('alarm.tableCaption')}
      caption={<span className="sb-visually-hidden">{t('alarm.tableCaption')}</span>}
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: <Empty description={t('alarm.empty')} /> }}
    />
  );
}
