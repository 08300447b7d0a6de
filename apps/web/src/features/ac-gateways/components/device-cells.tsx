import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Device } from '@sbuilding/shared';

/** A model field as saved, or a dash. */
export function propText(device: Device, key: string): string {
  const value = device.props[key];
  return value === null || value === undefined || value === '' ? '-' : String(value);
}

/** Online state as a dot and a word, never colour alone. */
export function OnlineText({ online }: { online: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge
      status={online ? 'success' : 'default'}
      text={t(online ? 'acGateways.online' : 'acGateways.offline')}
    />
  );
}
