import { Alert, Progress, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BleGatewayInit } from '@sbuilding/shared';
import { useBleInitStatus } from '../api/get-ble-init-status';

const STATUS: Record<BleGatewayInit['status'], 'active' | 'success' | 'exception' | 'normal'> = {
  pending: 'active',
  initialising: 'active',
  ready: 'success',
  failed: 'exception',
};

/** The Bluetooth gateway's initialisation job, polled every second until it is ready or failed. */
export function BleInitProgress({ deviceId, initial }: { deviceId: number; initial: BleGatewayInit }) {
  const { t } = useTranslation();
  const status = useBleInitStatus(deviceId);
  const init = status.data ?? initial;
  const step = t(`devices.init.steps.${init.step}`, { defaultValue: init.step });
  return (
    <Space orientation="vertical" style={{ width: '100%' }} aria-live="polite">
      <Typography.Text strong>{t(`devices.init.status.${init.status}`)}</Typography.Text>
      <Progress percent={init.progress} status={STATUS[init.status]} aria-label={t('devices.init.label')} />
      <Typography.Text>{t('devices.init.step', { step })}</Typography.Text>
      {init.status === 'failed' ? (
        <Alert type="error" showIcon title={init.message || t('devices.init.failed')} />
      ) : null}
    </Space>
  );
}
