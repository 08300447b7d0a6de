import { Descriptions, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { useProjectTime } from '@/lib/time';
import { DEVICE_MODELS, type DeviceInfo, type TelemetrySpec } from '@sbuilding/shared';
import { useKeyLabel } from '@/lib/key-label';

const CHANNELS = [1, 2, 3, 4] as const;

/** The wire keys of one reading: energy1..energy4 for an ammeter's per-channel readings. */
function keysOf(spec: TelemetrySpec): string[] {
  return spec.perChannel ? CHANNELS.map((c) => `${spec.key}${c}`) : [spec.key];
}

/** The latest reading of each telemetry key of the model, with the catalogue's units. */
export function DeviceTelemetry({ device }: { device: Pick<DeviceInfo, 'model' | 'telemetry'> }) {
  const { t } = useTranslation();
  const keyLabel = useKeyLabel();
  const times = useProjectTime();
  const items = DEVICE_MODELS[device.model].telemetry.flatMap((spec) =>
    keysOf(spec).flatMap((key) => {
      const reading = device.telemetry[key];
      if (!reading) return [];
      const value =
        typeof reading.value === 'boolean'
          ? t(reading.value ? 'devices.on' : 'devices.off')
          : `${reading.value ?? '-'}${spec.unit ? ` ${spec.unit}` : ''}`;
      return [
        {
          key,
          label: keyLabel(key),
          children: <span title={times.stamp(reading.ts)}>{value}</span>,
        },
      ];
    }),
  );
  if (items.length === 0) return <Empty description={t('devices.noTelemetry')} />;
  return <Descriptions size="small" column={2} bordered items={items} />;
}
