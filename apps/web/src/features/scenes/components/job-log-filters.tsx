import { Button, DatePicker, Form, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  SCENE_RUN_OUTCOMES,
  SCENE_RUN_TRIGGERS,
  type SceneRunOutcome,
  type SceneRunTrigger,
} from '@sbuilding/shared';

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

function toFilter({ outcome, trigger, range }: FormValues): JobLogFilterValues {
  return { outcome, trigger, from: range?.[0]?.toISOString(), to: range?.[1]?.toISOString() };
}

/** Outcome, trigger and time range; Reset clears them and searches. */
export function JobLogFilters({ onSearch }: { onSearch: (values: JobLogFilterValues) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  return (
    <Form<FormValues>
      form={form}
      layout="inline"
      name="job-log-filters"
      role="search"
      aria-label={t('jobLog.filters')}
      onFinish={(values) => onSearch(toFilter(values))}
      className="sb-filters"
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
      <Form.Item label={t('jobLog.time')} name="range">
        <DatePicker.RangePicker showTime />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('jobLog.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              onSearch({});
            }}
          >
            {t('jobLog.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
