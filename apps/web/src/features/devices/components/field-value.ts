import type { TFunction } from 'i18next';
import type { DeviceField, DeviceFieldValue } from '@sbuilding/shared';

/** A saved value of a catalogue field as text: enums and booleans translated, units appended. */
export function fieldValueText(
  t: TFunction,
  field: Pick<DeviceField, 'name' | 'kind' | 'unit'> | undefined,
  value: DeviceFieldValue | undefined,
): string {
  if (value === null || value === undefined || value === '') return '-';
  if (typeof value === 'boolean') return t(value ? 'devices.yes' : 'devices.no');
  if (field?.kind === 'enum')
    return t(`devices.options.${field.name}.${value}`, { defaultValue: String(value) });
  return field?.unit ? `${value} ${field.unit}` : String(value);
}
