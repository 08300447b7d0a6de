import { Button, Empty, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEVICE_MODELS, type Device, type DeviceCategory, type DeviceGroup } from '@sbuilding/shared';
import { DeviceCategoryLabel } from '@/components/device-category';
import { DevicePicker } from '@/components/device-picker';

/** A device chosen for a group, from the picker or from the group as loaded. */
export interface ChosenDevice {
  id: number;
  name: string;
  position: string;
  category: DeviceCategory;
}

export function chosenFromGroup(group: DeviceGroup): ChosenDevice[] {
  return group.devices.map((d) => ({
    id: d.id,
    name: d.name,
    position: d.position,
    category: DEVICE_MODELS[d.model].category,
  }));
}

function chosenFromDevice(device: Device): ChosenDevice {
  return { id: device.id, name: device.name, position: device.position, category: device.category };
}

/**
 * Spec section 5: a target must be chosen ('Select Target!') and devices chosen together must be of one
 * category ('Select the same category device'). Checked here before the server checks it again.
 */
export function chosenDevicesProblem(
  devices: readonly ChosenDevice[],
): 'selectTarget' | 'sameCategory' | null {
  if (devices.length === 0) return 'selectTarget';
  const categories = new Set(devices.map((d) => d.category));
  return categories.size > 1 ? 'sameCategory' : null;
}

export interface ChosenDevicesProps {
  projectId: number;
  /** The devices only, without Remove or the picker. */
  readOnly?: boolean;
  /** Injected by the Form.Item. */
  value?: ChosenDevice[];
  onChange?: (devices: ChosenDevice[]) => void;
}

/** The group's devices (name, position, removable) and the picker that adds more; read-only, the devices alone. */
export function ChosenDevices({ projectId, readOnly = false, value = [], onChange }: ChosenDevicesProps) {
  const { t } = useTranslation();
  const change = (next: ChosenDevice[]) => onChange?.(next);
  const remove: TableColumnsType<ChosenDevice>[number] = {
    title: t('deviceGroups.actions'),
    key: 'remove',
    render: (_, d) => (
      <Button
        type="link"
        onClick={() => change(value.filter((c) => c.id !== d.id))}
        aria-label={t('deviceGroups.removeOf', { name: d.name })}
      >
        {t('deviceGroups.remove')}
      </Button>
    ),
  };
  const columns: TableColumnsType<ChosenDevice> = [
    { title: t('fields.name'), dataIndex: 'name' },
    { title: t('fields.position'), dataIndex: 'position', render: (_, d) => d.position || '-' },
    {
      title: t('fields.category'),
      dataIndex: 'category',
      render: (_, d) => <DeviceCategoryLabel category={d.category} />,
    },
    ...(readOnly ? [] : [remove]),
  ];
  return (
    <div className="sb-chosen-devices">
      <Table<ChosenDevice>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={value}
        pagination={false}
        caption={<span className="sb-visually-hidden">{t('deviceGroups.chosenCaption')}</span>}
        locale={{ emptyText: <Empty description={t('deviceGroups.noneChosen')} /> }}
      />
      {readOnly ? null : (
        <DevicePicker
          projectId={projectId}
          multiple
          caption={t('deviceGroups.pickerCaption')}
          selectedIds={value.map((d) => d.id)}
          onChange={(rows, selected) => {
            const ids = new Set(rows.map((r) => r.id));
            const rest = value.filter((d) => !ids.has(d.id));
            change(selected ? [...rest, ...rows.map(chosenFromDevice)] : rest);
          }}
        />
      )}
    </div>
  );
}
