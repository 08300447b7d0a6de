import { Empty, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { CheckCircleOutlined, CloseCircleOutlined, MinusCircleOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useProjectTime } from '@/lib/time';
import type { SceneRun, SceneRunOutcome } from '@sbuilding/shared';
import { ResultIcon } from '@/components/result-icon';

/** Each outcome has its own icon next to its word: never colour alone. */
const OUTCOME_ICONS: Record<SceneRunOutcome, ReactNode> = {
  ran: <ResultIcon icon={CheckCircleOutlined} />,
  skipped: <MinusCircleOutlined aria-hidden />,
  failed: <ResultIcon icon={CloseCircleOutlined} failed />,
};

/** The commands of a run, one line per device with the time it was sent and its result. */
function Commands({ run }: { run: SceneRun }) {
  const { t } = useTranslation();
  const times = useProjectTime();
  if (run.commands.length === 0) return <span>-</span>;
  return (
    <Space orientation="vertical" size={0}>
      {run.commands.map((c, i) => (
        <span key={`${c.deviceId}-${c.method}-${i}`}>
          {c.time ? <time dateTime={c.time}>{times.format(c.time, 'timeMillis')} </time> : null}
          {c.deviceName || `#${c.deviceId}`}:{' '}
          {t(`controlLog.methods.${c.method}`, { defaultValue: c.method })} –{' '}
          {t(`controlLog.results.${c.result}`)}
        </span>
      ))}
    </Space>
  );
}

export interface JobLogTableProps {
  rows: SceneRun[];
  loading: boolean;
}

/** Every run and skip, newest first as the server sends them, with its reason and the commands sent. */
export function JobLogTable({ rows, loading }: JobLogTableProps) {
  const { t } = useTranslation();
  const times = useProjectTime();
  const columns: ColumnsType<SceneRun> = [
    {
      title: times.titled(t('jobLog.columns.time')),
      dataIndex: 'time',
      render: (_, r) => times.format(r.time),
    },
    {
      title: t('jobLog.columns.scene'),
      dataIndex: 'sceneName',
      // A noon nap logs its start and its end under its name.
      render: (_, r) =>
        r.detail.noonNap === 'start' || r.detail.noonNap === 'end'
          ? `${r.sceneName} (${t(`jobLog.noonNap.${r.detail.noonNap}`)})`
          : r.sceneName,
    },
    {
      title: t('jobLog.columns.trigger'),
      dataIndex: 'trigger',
      render: (_, r) => t(`jobLog.triggers.${r.trigger}`),
    },
    {
      title: t('jobLog.columns.outcome'),
      dataIndex: 'outcome',
      render: (_, r) => (
        <Space size={4}>
          {OUTCOME_ICONS[r.outcome]}
          <span>{t(`jobLog.outcomes.${r.outcome}`)}</span>
        </Space>
      ),
    },
    {
      title: t('jobLog.columns.reason'),
      dataIndex: 'reason',
      render: (_, r) =>
        r.reason ? t(`jobLog.reasons.${r.reason}`) : <Typography.Text type="secondary">-</Typography.Text>,
    },
    {
      title: t('jobLog.columns.duration'),
      dataIndex: 'durationMs',
      align: 'right',
      render: (_, r) => `${r.durationMs} ms`,
    },
    { title: t('jobLog.columns.commands'), dataIndex: 'commands', render: (_, r) => <Commands run={r} /> },
  ];
  return (
    <Table<SceneRun>
      rowKey="id"
      aria-label={t('jobLog.tableCaption')}
      caption={<span className="sb-visually-hidden">{t('jobLog.tableCaption')}</span>}
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: <Empty description={t('jobLog.empty')} /> }}
    />
  );
}
