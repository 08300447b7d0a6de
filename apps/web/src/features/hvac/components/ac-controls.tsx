import { useState } from 'react';
import { App, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  FAN_SPEEDS,
  HVAC_MODES,
  TARGET_TEMP_RANGE,
  type CommandMethod,
  type SendCmdBody,
} from '@sbuilding/shared';
import { NumberSetter } from '@/components/control-inputs';
import { useBoardCommand } from '@/components/board-commands';
import '@/components/board-switch.css';

type Params = Record<string, string | number | boolean>;
export type AcControlName = 'onOff' | 'workMode' | 'fanSpeed' | 'targetTemp';

interface AcControlProps {
  /** Whose control it is (a unit's or a group's name), for the accessible names. */
  name: string;
  target: Pick<SendCmdBody, 'deviceId' | 'groupId'>;
  value: {
    onOff: boolean | null;
    workMode: string | null;
    fanSpeed: string | null;
    targetTemp: number | null;
  };
  supportsAuto: boolean;
  canControl: boolean;
  /** The unit (or group) took the command. */
  onApplied?: (params: Params) => void;
}

/** Sends one AC command and says 'Setting Success !'; failures are shown by the request client. */
function useAcSender({ target, onApplied }: Pick<AcControlProps, 'target' | 'onApplied'>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const command = useBoardCommand();
  const [pending, setPending] = useState<AcControlName | null>(null);
  const send = async (key: AcControlName, method: CommandMethod, params: Params) => {
    setPending(key);
    try {
      await command.mutateAsync({ ...target, method, params });
      message.success(t('devices.control.success'));
      onApplied?.(params);
    } catch {
      // Shown by the request client (section 8).
    } finally {
      setPending(null);
    }
  };
  return { send, pending };
}

/** One control of a unit or group: on/off, mode (auto refused where the model lacks it), fan speed, setpoint. */
export function AcControl({ control, ...props }: AcControlProps & { control: AcControlName }) {
  const { t } = useTranslation();
  const { send, pending } = useAcSender(props);
  const busy = !props.canControl || pending !== null;
  const label = (field: string) =>
    t('devices.control.of', { name: t(`fields.${field}`), device: props.name });
  const v = props.value;
  if (control === 'onOff')
    return (
      <Switch
        className="sb-board-switch"
        aria-label={label('onOff')}
        checked={v.onOff === true}
        disabled={busy}
        loading={pending === 'onOff'}
        checkedChildren={t('devices.on')}
        unCheckedChildren={t('devices.off')}
        onChange={(on) => void send('onOff', 'setOnOff', { onOff: on })}
      />
    );
  if (control === 'workMode')
    return (
      <Select<string>
        aria-label={label('workMode')}
        style={{ minWidth: 150 }}
        value={v.workMode ?? undefined}
        placeholder={t('devices.form.choose')}
        disabled={busy}
        loading={pending === 'workMode'}
        onChange={(mode) => void send('workMode', 'setWorkMode', { workMode: mode })}
        options={HVAC_MODES.map((m) => {
          const refused = m === 'auto' && !props.supportsAuto;
          const text = t(`devices.options.workMode.${m}`);
          return {
            value: m,
            disabled: refused,
            label: refused ? `${text} (${t('validation.notSupportAuto')})` : text,
          };
        })}
      />
    );
  if (control === 'fanSpeed')
    return (
      <Select<string>
        aria-label={label('fanSpeed')}
        style={{ minWidth: 110 }}
        value={v.fanSpeed ?? undefined}
        placeholder={t('devices.form.choose')}
        disabled={busy}
        loading={pending === 'fanSpeed'}
        onChange={(fan) => void send('fanSpeed', 'setFanSpeed', { fanSpeed: fan })}
        options={FAN_SPEEDS.map((f) => ({ value: f, label: t(`devices.options.fanSpeed.${f}`) }))}
      />
    );
  return (
    <NumberSetter
      label={label('targetTemp')}
      min={TARGET_TEMP_RANGE.min}
      max={TARGET_TEMP_RANGE.max}
      unit="°C"
      value={v.targetTemp}
      disabled={busy}
      onSet={(temp) => void send('targetTemp', 'setTargetTemp', { targetTemp: temp })}
    />
  );
}
