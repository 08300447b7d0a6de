import { Select, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { FIELD_BRIDGE_CATEGORY, type Device, type DeviceCategory } from '@sbuilding/shared';
import { useDevices } from '../api/list-devices';

export interface DeviceRefSelectProps {
  id?: string;
  projectId: number;
  category: DeviceCategory;
  value?: number | null;
  onChange?: (value: number | null) => void;
}

const option = (d: Device) => ({ value: d.id, label: d.position ? `${d.name} (${d.position})` : d.name });

/**
 * The gateway a device sits behind: the project's devices of the reference's category and, in a group of their
 * own, its field bridges, behind which a Modbus or BACnet device of any model sits (`mayBeGatewayOf`).
 */
export function DeviceRefSelect({ id, projectId, category, value, onChange }: DeviceRefSelectProps) {
  const { t } = useTranslation();
  const devices = useDevices({ projectId, category, pageNum: 1, pageSize: 500 });
  const bridges = useDevices(
    { projectId, category: FIELD_BRIDGE_CATEGORY, pageNum: 1, pageSize: 500 },
    category !== FIELD_BRIDGE_CATEGORY,
  );
  const own = (devices.data?.rows ?? []).map(option);
  const viaBridge = category === FIELD_BRIDGE_CATEGORY ? [] : (bridges.data?.rows ?? []).map(option);
  const options: SelectProps['options'] =
    viaBridge.length === 0
      ? own
      : [
          { label: t(`catalogue.categories.${category}`), title: category, options: own },
          {
            label: t(`catalogue.categories.${FIELD_BRIDGE_CATEGORY}`),
            title: FIELD_BRIDGE_CATEGORY,
            options: viaBridge,
          },
        ].filter((group) => group.options.length > 0);
  return (
    <Select
      id={id}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={devices.isFetching || bridges.isFetching}
      value={value ?? undefined}
      onChange={(v: number | undefined) => onChange?.(v ?? null)}
      placeholder={t('devices.form.choose')}
      notFoundContent={t('devices.form.noDeviceOfCategory', {
        category: t(`catalogue.categories.${category}`),
      })}
      options={options}
    />
  );
}
