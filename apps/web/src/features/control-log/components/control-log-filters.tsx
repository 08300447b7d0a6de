import { Button, DatePicker, Form, InputNumber, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  COMMAND_RESULTS,
  TERMINAL_SOURCES,
  type CommandResult,
  type TerminalSource,
} from '@sbuilding/shared';

/** What the filters send: the list body's filter fields. */
export interface ControlLogFilterValues {
  terminal?: TerminalSource;
  result?: CommandResult;
  from?: string;
  to?: string;
  deviceId?: number;
}

interface FormValues {
  terminal?: TerminalSource;
  result?: CommandResult;
  range?: [Dayjs | null, Dayjs | null] | null;
  deviceId?: number | null;
}

function toFilter({ terminal, result, range, deviceId }: FormValues): ControlLogFilterValues {
  return {
    terminal,
    result,
    from: range?.[0]?.toISOString(),
    to: range?.[1]?.toISOString(),
    deviceId: deviceId ?? undefined,
  };
}

/** Terminal source, result, time range and (optionally) one device's id; Reset clears them and searches. */
export function ControlLogFilters({ onSearch }: { onSearch: (values: ControlLogFilterValues) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  return (
    <Form<FormValues>
      form={form}
      layout="inline"
      name="control-log-filters"
      role="search"
      aria-label={t('controlLog.filters')}
      onFinish={(values) => onSearch(toFilter(values))}
      className="sb-filters"
    >
      <Form.Item label={t('controlLog.terminal')} name="terminal">
        <Select
          allowClear
          placeholder={t('controlLog.any')}
          style={{ width: 180 }}
          options={TERMINAL_SOURCES.map((s) => ({ value: s, label: t(`controlLog.terminals.${s}`) }))}
        />
      </Form.Item>
      <Form.Item label={t('controlLog.result')} name="result">
        <Select
          allowClear
          placeholder={t('controlLog.any')}
          style={{ width: 160 }}
          options={COMMAND_RESULTS.map((r) => ({ value: r, label: t(`controlLog.results.${r}`) }))}
        />
      </Form.Item>
      <Form.Item label={t('controlLog.timeRange')} name="range">
        <DatePicker.RangePicker
          showTime
          allowEmpty={[true, true]}
          placeholder={[t('controlLog.from'), t('controlLog.to')]}
        />
      </Form.Item>
      <Form.Item label={t('controlLog.deviceId')} name="deviceId">
        <InputNumber min={1} precision={0} style={{ width: 120 }} />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('controlLog.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              onSearch({});
            }}
          >
            {t('controlLog.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
