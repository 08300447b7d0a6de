import type { ReactNode } from 'react';
import { Tag } from 'antd';
import { CheckCircleOutlined, CloseCircleOutlined, SyncOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DeliveryStatus } from '@sbuilding/shared';

/* Solid dark shades with white text (WCAG AA, as the alarm board's tags), each with its icon and word. */
const LOOK: Record<DeliveryStatus, { color: string; icon: ReactNode }> = {
  pending: { color: '#0958d9', icon: <SyncOutlined aria-hidden /> },
  sent: { color: '#237804', icon: <CheckCircleOutlined aria-hidden /> },
  failed: { color: '#a8071a', icon: <CloseCircleOutlined aria-hidden /> },
};

export function DeliveryStatusTag({ status }: { status: DeliveryStatus }) {
  const { t } = useTranslation();
  const look = LOOK[status];
  return (
    <Tag color={look.color} variant="solid" icon={look.icon}>
      {t(`notifications.statuses.${status}`)}
    </Tag>
  );
}
