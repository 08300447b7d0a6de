import { useState } from 'react';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Empty, Flex, Select, Skeleton, Space, Switch, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useProjectTime } from '@/lib/time';
import { Link } from 'react-router';
import { DICT_TYPES, WORK_TIME_TYPES } from '@sbuilding/shared';
import { labelOf, useDict } from '@/lib/dict';
import { useSceneWeek } from '../api/get-scene-week';
import { WeekGrid } from './week-grid';
import { addDays, mondayOf } from './week-layout';
import { WeekRunsTable } from './week-runs-table';

/** The week view of /timeMgmt: previous, this and next week; the grid and the table of runs. */
export function WeekView({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const times = useProjectTime();
  // This week is the project's week (its today may not be the browser's).
  const thisMonday = () => mondayOf(times.today());
  const [from, setFrom] = useState(thisMonday);
  const [showSkipped, setShowSkipped] = useState(false);
  // Work times are per zone type: with several, one can be shaded alone.
  const [zoneType, setZoneType] = useState<string>('');
  const zoneTypeLabels = useDict(DICT_TYPES.zoneType);
  const week = useSceneWeek({ projectId, from });
  const data = week.data;
  const runs = (data?.runs ?? []).filter((r) => showSkipped || r.wouldRun);
  const marked = (data?.days ?? []).filter((d) => d.reason === 'holiday' || d.reason === 'extraWorkday');
  const format = t('timeMgmt.dayFormat');
  const zoneTypes = [...new Set((data?.days ?? []).flatMap((d) => d.windows.map((w) => w.zoneType)))].sort();

  return (
    <section aria-labelledby="sb-week-title">
      <Flex vertical gap="middle">
        <Flex wrap gap="small" align="center" justify="space-between">
          <Typography.Title level={2} id="sb-week-title" className="sb-week-section-title">
            {t('timeMgmt.weekTitle')}
          </Typography.Title>
          <Space wrap>
            <Button icon={<LeftOutlined aria-hidden />} onClick={() => setFrom(addDays(from, -7))}>
              {t('timeMgmt.previousWeek')}
            </Button>
            <Button onClick={() => setFrom(thisMonday())} disabled={from === thisMonday()}>
              {t('timeMgmt.thisWeek')}
            </Button>
            <Button onClick={() => setFrom(addDays(from, 7))}>
              {t('timeMgmt.nextWeek')} <RightOutlined aria-hidden />
            </Button>
          </Space>
        </Flex>
        <Flex wrap gap="middle" align="center" justify="space-between">
          <Typography.Text strong aria-live="polite">
            {t('timeMgmt.weekRange', {
              // Whole dates, as every date of the console is written (issue 34).
              from,
              to: addDays(from, 6),
            })}
            {data ? ` · ${t('timeMgmt.timeZone', { zone: data.timeZone })}` : ''}
          </Typography.Text>
          <Space wrap>
            {zoneTypes.length > 1 && (
              <Select
                aria-label={t('timeMgmt.zoneType')}
                className="sb-week-zone-type"
                value={zoneType}
                onChange={setZoneType}
                options={[
                  { value: '', label: t('timeMgmt.allZoneTypes') },
                  ...zoneTypes.map((z) => ({ value: z, label: labelOf(zoneTypeLabels, z) })),
                ]}
              />
            )}
            <Switch id="sb-week-skipped" checked={showSkipped} onChange={setShowSkipped} />
            <label htmlFor="sb-week-skipped">{t('timeMgmt.showSkipped')}</label>
          </Space>
        </Flex>
        <ul className="sb-week-legend" aria-label={t('timeMgmt.legend')}>
          {WORK_TIME_TYPES.map((type) => (
            <li key={type}>
              <span className={`sb-week-swatch sb-week-window-${type.toLowerCase()}`} />
              {t(`timeMgmt.windowTypes.${type}`)}
            </li>
          ))}
          <li>
            <span className="sb-week-swatch sb-week-rest-swatch" />
            {t('timeMgmt.restDay')}
          </li>
          <li>
            <span className="sb-week-swatch sb-week-run-swatch" />
            {t('timeMgmt.sceneRun')}
          </li>
          <li>
            <span className="sb-week-swatch sb-week-nap-swatch" />
            {t('timeMgmt.napRun')}
          </li>
        </ul>
        {marked.length > 0 && (
          <ul className="sb-week-marked" aria-label={t('timeMgmt.calendarDays')}>
            {marked.map((d) => (
              <li key={d.date}>
                {dayjs(d.date).format(format)}: {t(`timeMgmt.dayReasons.${d.reason}`)}
                {d.holidayName ? ` – ${d.holidayName}` : ''}
              </li>
            ))}
          </ul>
        )}
        {!data ? (
          week.isError ? (
            <Empty description={t('timeMgmt.loadFailed')} />
          ) : (
            <Skeleton active />
          )
        ) : (
          <>
            <WeekGrid week={data} runs={runs} zoneType={zoneType || undefined} />
            {data.timedScenes === 0 ? (
              <Empty description={t('timeMgmt.noTimedScene')}>
                <Link to="/schedule/add">{t('timeMgmt.addSchedule')}</Link>
              </Empty>
            ) : (
              <WeekRunsTable week={data} runs={runs} loading={week.isFetching} />
            )}
          </>
        )}
      </Flex>
    </section>
  );
}
