import { useState } from 'react';
import { Alert, App, Descriptions, Switch, Typography, type DescriptionsProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { COLOR_TEMP_RANGE, DEVICE_MODELS, type BoardLight, type CommandMethod } from '@sbuilding/shared';
import { RangeSlider } from '@/components/control-inputs';
import { useBoardCommand } from '@/components/board-commands';
import '@/components/board-switch.css';
import { panelButtons } from '../hooks/light-state';

function hasCommand(d: BoardLight, method: CommandMethod): boolean {
  return DEVICE_MODELS[d.model].commands.some((c) => c.method === method);
}

interface LightControlProps {
  device: BoardLight;
  canControl: boolean;
  /** The device took the command: lay the new values over the board now. */
  onApplied: (deviceId: number, values: Record<string, number | boolean>) => void;
}

/**
 * One light's or panel's state and controls: on/off, brightness 0-255 (sent on release), colour
 * temperature where the model has it, a panel's buttons. Without the control right the state is shown
 * read-only with 'No operation permission !'.
 */
export function LightControl({ device, canControl, onApplied }: LightControlProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const command = useBoardCommand();
  const [pending, setPending] = useState<string | null>(null);
  const s = device.state;

  const run = async (key: string, method: CommandMethod, params: Record<string, number | boolean>) => {
    setPending(key);
    try {
      await command.mutateAsync({ deviceId: device.id, method, params });
      message.success(t('devices.control.success'));
      onApplied(device.id, params);
    } catch {
      // Shown by the request client (section 8: 'Setting Failed !', 'Unable to access device', ...).
    } finally {
      setPending(null);
    }
  };
  const busy = !canControl || pending !== null;
  const label = (name: string) => t('devices.control.of', { name, device: device.name });
  const onOffText = (v: boolean | null) =>
    v === null ? t('lighting.unknown') : v ? t('devices.on') : t('devices.off');

  const items: NonNullable<DescriptionsProps['items']> = [
    {
      key: 'online',
      label: t('lighting.online'),
      children: device.online ? t('lighting.onlineYes') : t('lighting.onlineNo'),
    },
  ];
  if (device.category === 'lightPanel') {
    for (const button of panelButtons(device)) {
      items.push({
        key: button,
        label: t(`fields.${button}`),
        children: (
          <Switch
            className="sb-board-switch"
            aria-label={label(t(`fields.${button}`))}
            checked={s[button] === true}
            disabled={busy}
            loading={pending === button}
            checkedChildren={t('devices.on')}
            unCheckedChildren={t('devices.off')}
            onChange={(v) => void run(button, 'setButtons', { [button]: v })}
          />
        ),
      });
    }
  } else {
    items.push({
      key: 'onOff',
      label: t('fields.onOff'),
      children: (
        <Switch
          className="sb-board-switch"
          aria-label={label(t('fields.onOff'))}
          checked={s.onOff === true}
          disabled={busy}
          loading={pending === 'onOff'}
          checkedChildren={t('devices.on')}
          unCheckedChildren={t('devices.off')}
          onChange={(v) => void run('onOff', 'setOnOff', { onOff: v })}
        />
      ),
    });
    if (hasCommand(device, 'setBrightness'))
      items.push({
        key: 'lightnessLevel',
        label: t('fields.lightnessLevel'),
        children: (
          <RangeSlider
            label={label(t('fields.lightnessLevel'))}
            min={0}
            max={255}
            value={s.lightnessLevel}
            disabled={busy}
            onSet={(v) => void run('lightnessLevel', 'setBrightness', { lightnessLevel: v })}
          />
        ),
      });
    if (hasCommand(device, 'setColorTemp'))
      items.push({
        key: 'colorTemp',
        label: t('fields.colorTemp'),
        children: (
          <RangeSlider
            label={label(t('fields.colorTemp'))}
            min={COLOR_TEMP_RANGE.min}
            max={COLOR_TEMP_RANGE.max}
            unit="K"
            value={s.colorTemp}
            disabled={busy}
            onSet={(v) => void run('colorTemp', 'setColorTemp', { colorTemp: v })}
          />
        ),
      });
  }
  return (
    <>
      <Typography.Paragraph>
        {device.category === 'lightPanel'
          ? t('lighting.panelSummary', { name: device.name })
          : t('lighting.lightSummary', {
              name: device.name,
              state: onOffText(s.onOff),
              level: s.lightnessLevel ?? '-',
            })}
      </Typography.Paragraph>
      {canControl ? null : <Alert type="warning" showIcon title={t('lighting.noPermission')} />}
      <Descriptions column={1} size="small" bordered items={items} />
    </>
  );
}
