import { Card, Flex, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { ALERT_LEVELS, type AlertCounts } from '@sbuilding/shared';
import { LevelTag } from './alarm-labels';

/** How many open alerts of the filter there are by level, the resolved ones apart, and all of them. */
export function AlarmCounts({ counts }: { counts: AlertCounts | undefined }) {
  const { t } = useTranslation();
  return (
    <Flex gap="middle" wrap role="group" aria-label={t('alarm.countsLabel')}>
      {ALERT_LEVELS.map((level) => (
        <Card key={level} size="small" style={{ minWidth: 140 }}>
          <Statistic title={<LevelTag level={level} />} value={counts?.[level] ?? 0} />
        </Card>
      ))}
      <Card size="small" style={{ minWidth: 140 }}>
        <Statistic title={t('alarm.resolvedCount')} value={counts?.resolved ?? 0} />
      </Card>
      <Card size="small" style={{ minWidth: 140 }}>
        <Statistic title={t('alarm.total')} value={counts?.total ?? 0} />
      </Card>
    </Flex>
  );
}
