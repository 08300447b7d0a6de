import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeviceGroup } from '@sbuilding/shared';

/** A group's status as a dot and its word (the dictionary-tag look; the word carries the meaning). */
export function GroupStatus({ status }: { status: DeviceGroup['status'] }) {
  const { t } = useTranslation();
  return <Badge color={status === '0' ? '#52c41a' : '#8c8c8c'} text={t(`deviceGroups.status.${status}`)} />;
}
