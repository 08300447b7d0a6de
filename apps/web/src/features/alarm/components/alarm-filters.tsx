import { useState } from 'react';
import { Button, DatePicker, Form, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { rangeToIso } from '@/components/filter-bar';
import { useProjectTime } from '@/lib/time';
import {
  ALERT_LEVELS,
  ALERT_STATUSES,
  ALERT_TYPES,
  type AlertLevel,
  type AlertStatus,
  type AlertType,
} from '@sbuilding/shared';
import { BuildingSelect, FloorSelect } from '@/components/location-select';

/** What the filters send: the filter fields of the alert calls (besides the project). */
export interface AlarmFilterValues {
  level?: AlertLevel;
  status?: AlertStatus;
  type?: AlertType;
  buildingId?: number;
  floorId?: number;
  from?: string;
  to?: string;
}

interface FormValues {
  level?: AlertLevel;
  status?: AlertStatus;
  type?: AlertType;
  range?: [Dayjs | null, Dayjs | null] | null;
}

function toFilter(
  { level, status, type, range }: FormValues,
  buildingId: number | null,
  floorId: number | null,
  fromPicker: (value: Dayjs) => string,
): AlarmFilterValues {
  return {
    level,
    status,
    type,
    buildingId: buildingId ?? undefined,
    floorId: floorId ?? undefined,
    ...rangeToIso(range, fromPicker),
  };
}

/** Level, status, type, building, floor and alert-time range; Reset clears them and searches. */
export function AlarmFilters({
  projectId,
  onSearch,
}: {
  projectId: number;
  onSearch: (values: AlarmFilterValues) => void;
}) {
  const { t } = useTranslation();
  const times = useProjectTime();
  const [form] = Form.useForm<FormValues>();
  // The place choosers are controlled here (a floor belongs to the chosen building), not form fields.
  const [buildingId, setBuildingId] = useState<number | null>(null);
  const [floorId, setFloorId] = useState<number | null>(null);
  return (
    <Form<FormValues>
      form={form}
      layout="inline"
      name="alarm-filters"
      role="search"
      aria-label={t('alarm.filters')}
      onFinish={(values) => onSearch(toFilter(values, buildingId, floorId, times.fromPicker))}
      className="sb-filters"
    >
      <Form.Item label={t('alarm.level')} name="level">
        <Select
          allowClear
          placeholder={t('alarm.any')}
          style={{ width: 140 }}
          options={ALERT_LEVELS.map((l) => ({ value: l, label: t(`alarm.levels.${l}`) }))}
        />
      </Form.Item>
      <Form.Item label={t('alarm.status')} name="status">
        <Select
          allowClear
          placeholder={t('alarm.any')}
          style={{ width: 140 }}
          options={ALERT_STATUSES.map((s) => ({ value: s, label: t(`alarm.statuses.${s}`) }))}
        />
      </Form.Item>
      <Form.Item label={t('alarm.type')} name="type">
        <Select
          allowClear
          placeholder={t('alarm.any')}
          style={{ width: 160 }}
          options={ALERT_TYPES.map((s) => ({ value: s, label: t(`alarm.types.${s}`) }))}
        />
      </Form.Item>
      <Form.Item label={t('alarm.building')} htmlFor="sb-alarm-building">
        <BuildingSelect
          id="sb-alarm-building"
          projectId={projectId}
          label={t('alarm.building')}
          allowClear
          value={buildingId}
          onChange={(id) => {
            setBuildingId(id);
            setFloorId(null);
          }}
        />
      </Form.Item>
      <Form.Item label={t('alarm.floor')} htmlFor="sb-alarm-floor">
        <FloorSelect
          id="sb-alarm-floor"
          buildingId={buildingId}
          label={t('alarm.floor')}
          allowClear
          value={floorId}
          onChange={setFloorId}
        />
      </Form.Item>
      <Form.Item label={times.titled(t('alarm.timeRange'))} name="range">
        <DatePicker.RangePicker
          showTime
          allowEmpty={[true, true]}
          placeholder={[t('alarm.from'), t('alarm.to')]}
        />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('alarm.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              setBuildingId(null);
              setFloorId(null);
              onSearch({});
            }}
          >
            {t('alarm.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
