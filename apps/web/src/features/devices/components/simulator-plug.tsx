import { App, Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSimulatorPlug, useSimulatorState } from '../api/simulator-plug';

/**
 * For a device of the built-in building simulator (`npm start`): pull its plug to watch the platform notice
 * (offline state, the alert, unreachable commands), and plug it back in. Renders nothing when no simulator runs.
 */
export function SimulatorPlug({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const state = useSimulatorState(true);
  const plug = useSimulatorPlug();
  if (!state.data?.running) return null;
  const unplugged = state.data.unplugged.includes(deviceId);
  const toggle = async () => {
    try {
      await plug.mutateAsync({ deviceId, unplug: !unplugged });
      message.success(t(unplugged ? 'devices.simulator.plugged' : 'devices.simulator.unplugged'));
    } catch {
      // Shown by the request client.
    }
  };
  return (
    <section aria-labelledby="sb-device-simulator">
      <Typography.Title level={3} id="sb-device-simulator">
        {t('devices.simulator.title')}
      </Typography.Title>
      <Space orientation="vertical">
        <Typography.Text>
          {t(unplugged ? 'devices.simulator.stateUnplugged' : 'devices.simulator.statePlugged')}
        </Typography.Text>
        <Typography.Text type="secondary">{t('devices.simulator.hint')}</Typography.Text>
        <Button danger={!unplugged} loading={plug.isPending} onClick={() => void toggle()}>
          {t(unplugged ? 'devices.simulator.plug' : 'devices.simulator.unplug')}
        </Button>
      </Space>
    </section>
  );
}
