import { App, Button, Descriptions, Drawer, Flex, Skeleton, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useWorkOrderFromAlert } from '@/features/work-orders';
import { useCan } from '@/lib/permissions';
import { useProjectTime } from '@/lib/time';
import type { AlertDetail, AlertHistoryEntry } from '@sbuilding/shared';
import { LevelTag, StatusTag, useAlarmTime, useReadingText } from './alarm-labels';

export interface AlertDetailDrawerProps {
  alert: AlertDetail | undefined;
  open: boolean;
  canHandle: boolean;
  onClose: () => void;
  onProcess: (alert: AlertDetail) => void;
  onIgnore: (alert: AlertDetail) => void;
}

function useEntryText() {
  const { t } = useTranslation();
  const formatTime = useAlarmTime();
  return (entry: AlertHistoryEntry): string => {
    const who = entry.userId === null ? t('alarm.system') : entry.userName;
    const what = t(`alarm.events.${entry.event}`);
    const solution = entry.solution ? ` (${t(`alarm.solutions.${entry.solution}`)})` : '';
    return `${formatTime(entry.at)} · ${who} · ${what}${solution}`;
  };
}

/**
 * The alert's work order (issue 37): a link to the work orders when it has one, otherwise one click makes
 * it (place, device and priority from the alert) for whoever may write work orders.
 */
function AlertWorkOrder({ alert }: { alert: AlertDetail }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const canWrite = useCan('workOrders:write');
  const make = useWorkOrderFromAlert();
  if (alert.workOrderId !== null)
    return <Link to="/workorder">{t('alarm.workOrder', { id: alert.workOrderId })}</Link>;
  if (!canWrite) return null;
  return (
    <Button
      loading={make.isPending}
      onClick={() =>
        make.mutate(alert.id, {
          onSuccess: (order) => message.success(t('alarm.workOrderMade', { id: order.id })),
        })
      }
    >
      {t('alarm.makeWorkOrder')}
    </Button>
  );
}

/** One alert: its fields, its history as a timeline (oldest first), and the handling buttons. */
export function AlertDetailDrawer({
  alert,
  open,
  canHandle,
  onClose,
  onProcess,
  onIgnore,
}: AlertDetailDrawerProps) {
  const { t } = useTranslation();
  const times = useProjectTime();
  const formatTime = useAlarmTime();
  const entryText = useEntryText();
  const reading = useReadingText();
  return (
    <Drawer open={open} onClose={onClose} title={alert?.object ?? t('alarm.detail')} size="large">
      {!alert ? (
        <Skeleton active />
      ) : (
        <Flex vertical gap="middle">
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('alarm.columns.level')}>
              <LevelTag level={alert.level} />
            </Descriptions.Item>
            <Descriptions.Item label={t('alarm.columns.status')}>
              <StatusTag status={alert.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('alarm.columns.type')}>
              {t(`alarm.types.${alert.type}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t('alarm.columns.object')}>{alert.object}</Descriptions.Item>
            {alert.threshold && (
              <>
                <Descriptions.Item label={t('alarm.columns.rule')}>
                  {alert.threshold.ruleName}
                </Descriptions.Item>
                <Descriptions.Item label={t('alarm.columns.reading')}>{reading(alert)}</Descriptions.Item>
              </>
            )}
            <Descriptions.Item label={t('alarm.columns.positionName')}>
              {alert.positionName || '-'}
            </Descriptions.Item>
            <Descriptions.Item label={t('alarm.columns.address')}>{alert.address || '-'}</Descriptions.Item>
            <Descriptions.Item label={times.titled(t('alarm.columns.alertTime'))}>
              {formatTime(alert.alertTime)}
            </Descriptions.Item>
            <Descriptions.Item label={times.titled(t('alarm.columns.lastTelemetryAt'))}>
              {formatTime(alert.lastTelemetryAt)}
            </Descriptions.Item>
            <Descriptions.Item label={t('alarm.columns.solution')}>
              {alert.solution ? t(`alarm.solutions.${alert.solution}`) : '-'}
            </Descriptions.Item>
            <Descriptions.Item label={times.titled(t('alarm.columns.resolvedAt'))}>
              {formatTime(alert.resolvedAt)}
            </Descriptions.Item>
          </Descriptions>
          <Flex gap="small" wrap align="center">
            {canHandle && alert.status === 'alerting' && (
              <>
                <Button type="primary" onClick={() => onProcess(alert)}>
                  {t('alarm.process')}
                </Button>
                <Button onClick={() => onIgnore(alert)}>{t('alarm.ignore')}</Button>
              </>
            )}
            <AlertWorkOrder alert={alert} />
          </Flex>
          <Typography.Title level={2} style={{ fontSize: 16 }}>
            {t('alarm.history')}
          </Typography.Title>
          <Timeline items={alert.history.map((entry) => ({ key: entry.id, content: entryText(entry) }))} />
        </Flex>
      )}
    </Drawer>
  );
}
