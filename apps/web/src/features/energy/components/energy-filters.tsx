import { DatePicker, Flex, Segmented, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ENERGY_PERIODS, type EnergyPeriod } from '@sbuilding/shared';

const PICKERS: Record<EnergyPeriod, 'date' | 'week' | 'month' | 'year'> = {
  DAY: 'date',
  WEEK: 'week',
  MONTH: 'month',
  YEAR: 'year',
};

export interface EnergyFilterValues {
  period: EnergyPeriod;
  /** Null until the user picks one: the project's today. */
  date: Dayjs | null;
  buildingId?: number;
}

/** Period switch, the date picker of that period and the building filter. */
export function EnergyFilters({
  value,
  buildings,
  onChange,
}: {
  value: EnergyFilterValues;
  buildings: readonly { id: number; name: string }[];
  onChange: (value: EnergyFilterValues) => void;
}) {
  const { t } = useTranslation();
  return (
    <Flex gap="middle" wrap align="center">
      <Segmented<EnergyPeriod>
        aria-label={t('energy.period')}
        value={value.period}
        options={ENERGY_PERIODS.map((p) => ({ value: p, label: t(`energy.periods.${p}`) }))}
        onChange={(period) => onChange({ ...value, period })}
      />
      <DatePicker
        aria-label={t('energy.date')}
        picker={PICKERS[value.period]}
        value={value.date}
        allowClear={false}
        onChange={(date: Dayjs | null) => date && onChange({ ...value, date })}
      />
      <Select<number>
        aria-label={t('energy.building')}
        style={{ minWidth: 200 }}
        allowClear
        placeholder={t('energy.allBuildings')}
        value={value.buildingId}
        options={buildings.map((b) => ({ value: b.id, label: b.name }))}
        onChange={(buildingId) => onChange({ ...value, buildingId })}
      />
    </Flex>
  );
}
