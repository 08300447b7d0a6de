import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeviceCategory } from '@sbuilding/shared';
import { useDevices } from '../api/list-devices';

export interface DeviceRefSelectProps {
  id?: string;
  projectId: number;
  category: DeviceCategory;
  value?: number | null;
  onChange?: (value: number | null) => void;
}

/** The project's devices of one category (the gateway a device sits behind). */
export function DeviceRefSelect({ id, projectId, category, value, onChange }: DeviceRefSelectProps) {
  const { t } = useTranslation();
  const devices = useDevices({ projectId, category, pageNum: 1, pageSize: 500 });
  return (
    <Select
      id={id}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={devices.isFetching}
      value={value ?? undefined}
      onChange={(v: number | undefined) => onChange?.(v ?? null)}
      placeholder={t('devices.form.choose')}
      notFoundContent={t('devices.form.noDeviceOfCategory', {
        category: t(`catalogue.categories.${category}`),
      })}
      options={(devices.data?.rows ?? []).map((d) => ({
        value: d.id,
        label: d.position ? `${d.name} (${d.position})` : d.name,
      }))}
    />
  );
}
