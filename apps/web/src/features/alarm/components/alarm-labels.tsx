import { Tag } from 'antd';
import {
  ExclamationCircleOutlined,
  InfoCircleOutlined,
  WarningOutlined,
  CheckCircleOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useProjectTime } from '@/lib/time';
import type { Alert, AlertLevel, AlertStatus, ThresholdDetail } from '@sbuilding/shared';
import { useKeyLabel } from '@/lib/key-label';

/*
 * Solid tags in the dark shades of antd's palette (red-8, orange-8, blue-7, green-8): white text on them
 * keeps WCAG AA contrast, which the light status presets (green text on pale green) do not.
 */
const RED = '#a8071a';
const ORANGE = '#ad4e00';
const BLUE = '#0958d9';
const GREEN = '#237804';

/** Each level has its icon and word next to its colour: never colour alone. */
const LEVEL_LOOK: Record<AlertLevel, { color: string; icon: ReactNode }> = {
  urgent: { color: RED, icon: <ExclamationCircleOutlined aria-hidden /> },
  secondary: { color: ORANGE, icon: <WarningOutlined aria-hidden /> },
  general: { color: BLUE, icon: <InfoCircleOutlined aria-hidden /> },
  complete: { color: GREEN, icon: <CheckCircleOutlined aria-hidden /> },
};

/** Null: the plain grey tag (dark text). */
const STATUS_COLOR: Record<AlertStatus, string | null> = {
  alerting: RED,
  processed: GREEN,
  ignored: null,
};

export function LevelTag({ level }: { level: AlertLevel }) {
  const { t } = useTranslation();
  const look = LEVEL_LOOK[level];
  return (
    <Tag color={look.color} variant="solid" icon={look.icon}>
      {t(`alarm.levels.${level}`)}
    </Tag>
  );
}

export function StatusTag({ status }: { status: AlertStatus }) {
  const { t } = useTranslation();
  const color = STATUS_COLOR[status];
  const label = t(`alarm.statuses.${status}`);
  return color ? (
    <Tag color={color} variant="solid">
      {label}
    </Tag>
  ) : (
    <Tag>{label}</Tag>
  );
}

/** An alert's time by the project's time rule (lib/time); '-' when there is none. */
export function useAlarmTime(): (iso: string | null) => string {
  const times = useProjectTime();
  return (iso) => (iso ? times.format(iso) : '-');
}

/** A threshold as people read it: '> 1500 ppm', 'outside 16–30 °C'. */
export function useConditionText() {
  const { t } = useTranslation();
  return (rule: Pick<ThresholdDetail, 'operator' | 'threshold' | 'thresholdHigh' | 'unit'>): string =>
    t(`alarm.rules.conditions.${rule.operator}`, {
      threshold: rule.threshold,
      low: rule.threshold,
      high: rule.thresholdHigh ?? rule.threshold,
      unit: rule.unit ? ` ${rule.unit}` : '',
    });
}

/**
 * A threshold alert's reading, named, and the threshold it broke: 'CO2: 1620 ppm (> 1500 ppm)'; '-' for
 * other alerts.
 */
export function useReadingText() {
  const { t } = useTranslation();
  const condition = useConditionText();
  const keyLabel = useKeyLabel();
  return (alert: Pick<Alert, 'value' | 'threshold'>): string => {
    if (!alert.threshold || alert.value === null) return '-';
    const unit = alert.threshold.unit ? ` ${alert.threshold.unit}` : '';
    return t('alarm.readingOf', {
      name: keyLabel(alert.threshold.telemetryKey),
      value: `${alert.value}${unit} (${condition(alert.threshold)})`,
    });
  };
}
