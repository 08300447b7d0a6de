import { Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** A reported value as text: scalars as they are, anything structured as compact JSON. */
function asText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/**
 * What the device reported about itself over MQTT (its client attributes: firmware, serial number and the
 * like), key by key as the device names them.
 */
export function ReportedAttributes({ reported }: { reported: Record<string, unknown> }) {
  const { t } = useTranslation();
  const keys = Object.keys(reported).sort();
  if (keys.length === 0) return <Typography.Text type="secondary">{t('devices.noReported')}</Typography.Text>;
  return (
    <Descriptions
      size="small"
      bordered
      column={1}
      items={keys.map((key) => ({ key, label: key, children: asText(reported[key]) }))}
    />
  );
}
