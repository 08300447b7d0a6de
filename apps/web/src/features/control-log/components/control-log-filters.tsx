import { DatePicker, Form, InputNumber, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useProjectTime } from '@/lib/time';
import {
  COMMAND_RESULTS,
  TERMINAL_SOURCES,
  type CommandResult,
  type TerminalSource,
} from '@sbuilding/shared';
import { FilterBar, rangeToIso } from '@/components/filter-bar';

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

function toFilter(
  { terminal, result, range, deviceId }: FormValues,
  fromPicker: (value: Dayjs) => string,
): ControlLogFilterValues {
  return {
    terminal,
    result,
    ...rangeToIso(range, fromPicker),
    deviceId: deviceId ?? undefined,
  };
}

/** Terminal source, result, time range and (optionally) one device's id; Reset clears them and searches. */
export function ControlLogFilters({ onSearch }: { onSearch: (values: ControlLogFilterValues) => void }) {
  const { t } = useTranslation();
  const times = useProjectTime();
  return (
    <FilterBar<FormValues>
      name="control-log-filters"
      label={t('controlLog.filters')}
      searchText={t('controlLog.search')}
      resetText={t('controlLog.reset')}
      onFinish={(values) => onSearch(toFilter(values, times.fromPicker))}
      onReset={() => onSearch({})}
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
      <Form.Item label={times.titled(t('controlLog.timeRange'))} name="range">
        <DatePicker.RangePicker
          showTime
          allowEmpty={[true, true]}
          placeholder={[t('controlLog.from'), t('controlLog.to')]}
        />
      </Form.Item>
      <Form.Item label={t('controlLog.deviceId')} name="deviceId">
        <InputNumber min={1} precision={0} style={{ width: 120 }} />
      </Form.Item>
    </FilterBar>
  );
}
