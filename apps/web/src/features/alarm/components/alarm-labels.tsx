import { Tag } from 'antd';
import {
  ExclamationCircleOutlined,
  InfoCircleOutlined,
  WarningOutlined,
  CheckCircleOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { AlertLevel, AlertStatus } from '@sbuilding/shared';

/** Each level has its icon and word next to its colour: never colour alone. */
const LEVEL_LOOK: Record<AlertLevel, { color: string; icon: ReactNode }> = {
  urgent: { color: 'error', icon: <ExclamationCircleOutlined aria-hidden /> },
  secondary: { color: 'warning', icon: <WarningOutlined aria-hidden /> },
  general: { color: 'processing', icon: <InfoCircleOutlined aria-hidden /> },
  complete: { color: 'success', icon: <CheckCircleOutlined aria-hidden /> },
};

const STATUS_COLOR: Record<AlertStatus, string> = {
  alerting: 'error',
  processed: 'success',
  ignored: 'default',
};

export function LevelTag({ level }: { level: AlertLevel }) {
  const { t } = useTranslation();
  const look = LEVEL_LOOK[level];
  return (
    <Tag color={look.color} icon={look.icon}>
      {t(`alarm.levels.${level}`)}
    </Tag>
  );
}

export function StatusTag({ status }: { status: AlertStatus }) {
  const { t } = useTranslation();
  return <Tag color={STATUS_COLOR[status]}>{t(`alarm.statuses.${status}`)}</Tag>;
}

export function formatTime(iso: string | null): string {
  return iso ? dayjs(iso).format('YYYY-MM-DD HH:mm:ss') : '-';
}
