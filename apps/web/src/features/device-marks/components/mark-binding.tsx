import { App, Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Mark } from '@sbuilding/shared';
import { DevicePicker } from '@/components/device-picker';
import { useBindMark } from '../api/bind-mark';
import { markState } from './mark-state';

/** A mark's device: what it is bound to, a picker of the building's devices, and unbinding. */
export function MarkBinding({ mark, projectId }: { mark: Mark; projectId: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const bind = useBindMark();
  const state = markState(mark);

  const bindTo = async (deviceId: number | null) => {
    try {
      await bind.mutateAsync({ id: mark.id, body: { deviceId, version: mark.version } });
      message.success(t(deviceId === null ? 'deviceMarks.bind.unbound' : 'deviceMarks.bind.bound'));
    } catch {
      // Shown by the request client; the marks reload with the current binding.
    }
  };

  return (
    <section aria-labelledby={`sb-mark-bind-${mark.id}`}>
      <Typography.Title level={3} id={`sb-mark-bind-${mark.id}`}>
        {t('deviceMarks.bind.heading')}
      </Typography.Title>
      <Flex vertical gap="small">
        <Flex gap="small" align="center" wrap>
          <Typography.Text>
            {state === 'unbound'
              ? t('deviceMarks.bind.none')
              : t(`deviceMarks.bind.current.${state}`, { device: mark.deviceName ?? '' })}
          </Typography.Text>
          {mark.bound ? (
            <Button onClick={() => void bindTo(null)} loading={bind.isPending}>
              {t('deviceMarks.bind.unbind')}
            </Button>
          ) : null}
        </Flex>
        <DevicePicker
          projectId={projectId}
          multiple={false}
          buildingId={mark.buildingId}
          caption={t('deviceMarks.bind.pickerCaption')}
          selectedIds={mark.deviceId === null ? [] : [mark.deviceId]}
          onChange={(rows, selected) => {
            const device = rows[0];
            if (selected && device && device.id !== mark.deviceId) void bindTo(device.id);
          }}
        />
      </Flex>
    </section>
  );
}
