import { useId } from 'react';
import { App, Button, Empty, Input, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDeviceCredentials, useReplaceDeviceCredentials } from '../api/device-credentials';

/** The access token the device connects with: shown on demand, copyable, replaceable after a warning. */
export function DeviceCredentials({ deviceId, deviceName }: { deviceId: number; deviceName: string }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const inputId = useId();
  const credentials = useDeviceCredentials(deviceId, true);
  const replace = useReplaceDeviceCredentials();

  const onReplace = () => {
    modal.confirm({
      title: t('devices.credentials.replaceTitle', { name: deviceName }),
      content: t('devices.credentials.replaceConfirm'),
      okText: t('devices.credentials.replace'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await replace.mutateAsync(deviceId);
          message.success(t('devices.credentials.replaced'));
        } catch {
          // Shown by the request client.
        }
      },
    });
  };

  if (!credentials.data) {
    return credentials.isError ? <Empty description={t('devices.loadFailed')} /> : <Spin />;
  }
  const token = credentials.data.accessToken;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <label htmlFor={inputId}>{t('devices.credentials.accessToken')}</label>
      <Space.Compact style={{ width: '100%' }}>
        <Input.Password id={inputId} readOnly value={token} autoComplete="off" />
        <Button
          aria-label={t('devices.credentials.copy')}
          onClick={() => {
            void navigator.clipboard
              ?.writeText(token)
              .then(() => message.success(t('devices.credentials.copied')))
              .catch(() => undefined);
          }}
        >
          {t('devices.credentials.copy')}
        </Button>
      </Space.Compact>
      <Typography.Text type="secondary">{t('devices.credentials.hint')}</Typography.Text>
      <Button danger onClick={onReplace} loading={replace.isPending}>
        {t('devices.credentials.replace')}
      </Button>
    </Space>
  );
}
