import { Descriptions, Empty, Flex, Spin, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { deviceWithTelemetrySchema, pageSchema, type DeviceWithTelemetry } from '@sbuilding/shared';
import { useKeyLabel } from '@/lib/key-label';
import { post } from '@/lib/request';
import { useProjectTime } from '@/lib/time';
import { devicesKey } from '../api/list-devices';

const childrenSchema = pageSchema(deviceWithTelemetrySchema);

/** How often the field devices' readings are read again while the drawer is open (a bridge polls every few s). */
const REFRESH_MS = 10_000;

function latest(device: DeviceWithTelemetry): string | null {
  const times = Object.values(device.telemetry).map((r) => r.ts);
  return times.length === 0 ? null : times.reduce((a, b) => (a > b ? a : b));
}

function FieldDevice({ device }: { device: DeviceWithTelemetry }) {
  const { t } = useTranslation();
  const keyLabel = useKeyLabel();
  const times = useProjectTime();
  const last = latest(device);
  const points = Object.entries(device.telemetry).sort(([a], [b]) => a.localeCompare(b));
  return (
    <li className="sb-bridge-device">
      <Flex justify="space-between" align="baseline" gap="small" wrap>
        <Typography.Text strong>{device.name}</Typography.Text>
        <Tag color={device.online ? 'green' : 'red'}>
          {device.online ? t('devices.bridge.answering') : t('devices.bridge.notAnswering')}
        </Tag>
      </Flex>
      <Typography.Text type="secondary">
        {`${t(`catalogue.models.${device.model}`)} · ${
          last ? t('devices.bridge.lastReading', { time: times.stamp(last) }) : t('devices.bridge.noReading')
        }`}
      </Typography.Text>
      {points.length > 0 && (
        <Descriptions
          size="small"
          column={2}
          bordered
          items={points.map(([key, reading]) => ({
            key,
            label: keyLabel(key),
            children: (
              <span title={times.stamp(reading.ts)}>
                {typeof reading.value === 'boolean'
                  ? t(reading.value ? 'devices.on' : 'devices.off')
                  : String(reading.value ?? '-')}
              </span>
            ),
          }))}
        />
      )}
    </li>
  );
}

/**
 * A field bridge's devices (issue 39): each Modbus or BACnet device registered behind it, whether it answers
 * the bridge (the bridge reports a device that stops answering as offline), when it last sent a reading, and
 * every point's latest value under the key the bridge's file gives it. Read again every few seconds.
 */
export function BridgeFieldDevices({ bridgeId, projectId }: { bridgeId: number; projectId: number }) {
  const { t } = useTranslation();
  const filter = { projectId, parentId: bridgeId, pageNum: 1, pageSize: 500 };
  const children = useQuery({
    queryKey: [...devicesKey, 'bridge', filter],
    queryFn: () => post('/sbuilding/device/getList/v2', filter, { schema: childrenSchema }),
    refetchInterval: REFRESH_MS,
  });
  if (!children.data) return <Spin />;
  const rows = children.data.rows;
  if (rows.length === 0) return <Empty description={t('devices.bridge.none')} />;
  const answering = rows.filter((d) => d.online).length;
  return (
    <>
      <Typography.Paragraph>
        {t('devices.bridge.counts', { answering, count: rows.length })}
      </Typography.Paragraph>
      <ul className="sb-bridge-devices" aria-label={t('devices.sections.fieldDevices')}>
        {rows.map((device) => (
          <FieldDevice key={device.id} device={device} />
        ))}
      </ul>
    </>
  );
}
