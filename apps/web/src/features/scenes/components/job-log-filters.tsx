import { DatePicker, Form, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useProjectTime } from '@/lib/time';
import {
  SCENE_RUN_OUTCOMES,
  SCENE_RUN_TRIGGERS,
  type SceneRunOutcome,
  type SceneRunTrigger,
} from '@sbuilding/shared';
import { FilterBar, rangeToIso } from '@/components/filter-bar';

/** What the filters send: the list body's filter fields. */
export interface JobLogFilterValues {
  outcome?: SceneRunOutcome;
  trigger?: SceneRunTrigger;
  from?: string;
  to?: string;
}

interface FormValues {
  outcome?: SceneRunOutcome;
  trigger?: SceneRunTrigger;
  range?: [Dayjs | null, Dayjs | null] | null;
}

function toFilter(
  { outcome, trigger, range }: FormValues,
  fromPicker: (value: Dayjs) => string,
): JobLogFilterValues {
  return { outcome, trigger, ...rangeToIso(range, fromPicker) };
}

/** Outcome, trigger and time range; Reset clears them and searches. */
export function JobLogFilters({ onSearch }: { onSearch: (values: JobLogFilterValues) => void }) {
  const { t } = useTranslation();
  const times = useProjectTime();
  return (
    <FilterBar<FormValues>
      name="job-log-filters"
      label={t('jobLog.filters')}
      searchText={t('jobLog.search')}
      resetText={t('jobLog.reset')}
      onFinish={(values) => onSearch(toFilter(values, times.fromPicker))}
      onReset={() => onSearch({})}
    >
      <Form.Item label={t('jobLog.outcome')} name="outcome">
        <Select
          allowClear
          placeholder={t('jobLog.any')}
          style={{ width: 160 }}
          options={SCENE_RUN_OUTCOMES.map((o) => ({ value: o, label: t(`jobLog.outcomes.${o}`) }))}
        />
      </Form.Item>
      <Form.Item label={t('jobLog.trigger')} name="trigger">
        <Select
          allowClear
          placeholder={t('jobLog.any')}
          style={{ width: 160 }}
          options={SCENE_RUN_TRIGGERS.map((o) => ({ value: o, label: t(`jobLog.triggers.${o}`) }))}
        />
      </Form.Item>
      <Form.Item label={times.titled(t('jobLog.time'))} name="range">
        <DatePicker.RangePicker showTime />
      </Form.Item>
    </FilterBar>
  );
}
