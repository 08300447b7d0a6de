import { Empty, Table, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { SceneWeek, SceneWeekRun } from '@sbuilding/shared';
import { runKey } from './week-layout';

interface WeekRunsTableProps {
  week: SceneWeek;
  runs: readonly SceneWeekRun[];
  loading: boolean;
}

/** The week's runs as a table, in time order: what the grid draws, for every reader. */
export function WeekRunsTable({ week, runs, loading }: WeekRunsTableProps) {
  const { t } = useTranslation();
  const dayOf = new Map(week.days.map((d) => [d.date, d]));
  const columns: TableColumnsType<SceneWeekRun> = [
    {
      title: t('timeMgmt.columns.day'),
      key: 'day',
      render: (_, run) => {
        const day = dayOf.get(run.localDate);
        const kind = day ? day.holidayName || t(`timeMgmt.dayReasons.${day.reason}`) : '';
        return `${dayjs(run.localDate).format(t('timeMgmt.dayFormat'))}${kind ? ` (${kind})` : ''}`;
      },
    },
    {
      title: t('timeMgmt.columns.time'),
      key: 'time',
      render: (_, run) => (run.until ? `${run.localTime}–${run.until}` : run.localTime),
    },
    {
      title: t('timeMgmt.columns.scene'),
      key: 'name',
      render: (_, run) =>
        run.source === 'noonNap' ? t('timeMgmt.noonNapName', { name: run.name }) : run.name,
    },
    {
      title: t('timeMgmt.columns.verdict'),
      key: 'verdict',
      render: (_, run) =>
        run.wouldRun ? (
          <span>
            {t('timeMgmt.wouldRun')}
            {run.conditional && (
              <Typography.Text type="secondary"> – {t('timeMgmt.conditional')}</Typography.Text>
            )}
          </span>
        ) : (
          <span>
            {t('timeMgmt.skipped')} – {t(`jobLog.reasons.${run.reason ?? 'executionTime'}`)}
          </span>
        ),
    },
  ];
  return (
    <Table<SceneWeekRun>
      rowKey={runKey}
      size="small"
      aria-label={t('timeMgmt.tableCaption')}
      caption={<span className="sb-visually-hidden">{t('timeMgmt.tableCaption')}</span>}
      columns={columns}
      dataSource={[...runs]}
      loading={loading}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: <Empty description={t('timeMgmt.noRuns')} /> }}
    />
  );
}
