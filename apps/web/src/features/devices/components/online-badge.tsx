import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';

/** Online state as a dot AND a word, never colour alone. */
export function OnlineBadge({ online }: { online: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge status={online ? 'success' : 'default'} text={t(online ? 'devices.online' : 'devices.offline')} />
  );
}
