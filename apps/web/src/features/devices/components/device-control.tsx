import { useState } from 'react';
import { App, Button, Descriptions, Empty, Select, Switch } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  DEVICE_MODELS,
  type CommandMethod,
  type DeviceField,
  type DeviceInfo,
  type FieldKey,
} from '@sbuilding/shared';
import { useRebootBleGateway } from '../api/reboot-ble-gateway';
import { useSendCommand } from '../api/send-command';
import { usePatchDeviceInfo } from '../hooks/use-live-devices';
import { NumberSetter, RangeSlider } from '@/components/control-inputs';

/** The buttons a wall panel has, by its panel type; a panel of unknown type shows all three. */
const PANEL_BUTTONS: Readonly<Record<string, readonly FieldKey[]>> = {
  single: ['left'],
  double: ['left', 'right'],
  three: ['left', 'mid', 'right'],
};

/** Setpoints are typed exactly and sent with a button; other numbers are sliders sent on release. */
const TYPED_METHODS: ReadonlySet<CommandMethod> = new Set(['setTargetTemp']);

type Params = Record<string, string | number | boolean>;

/** The command parameters this device shows: a panel only the buttons its type has. */
function paramsShown(device: DeviceInfo, params: readonly DeviceField[]): readonly DeviceField[] {
  const panelType = device.props.panelType;
  const buttons = typeof panelType === 'string' ? PANEL_BUTTONS[panelType] : undefined;
  return buttons ? params.filter((p) => p.kind !== 'boolean' || buttons.includes(p.name)) : params;
}

/**
 * The device's commands, generated from its model's catalogue entry: each control shows the latest value
 * (kept live by the drawer) and sends its command at once, with the section 8 message.
 */
export function DeviceControl({ device }: { device: DeviceInfo }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const send = useSendCommand();
  const reboot = useRebootBleGateway();
  const patch = usePatchDeviceInfo();
  const [pending, setPending] = useState<string | null>(null);
  const commands = DEVICE_MODELS[device.model].commands;
  if (commands.length === 0) return <Empty description={t('devices.control.none')} />;

  const labelOf = (name: FieldKey) =>
    t('devices.control.of', { name: t(`fields.${name}`), device: device.name });
  const current = (name: string) => device.telemetry[name]?.value ?? null;

  const run = async (key: string, method: CommandMethod, params: Params) => {
    setPending(key);
    try {
      if (method === 'reboot' && device.category === 'bleGateway') await reboot.mutateAsync(device.id);
      else await send.mutateAsync({ deviceId: device.id, method, params, terminal: 'admin' });
      message.success(t('devices.control.success'));
      // The device took it: show the new state now rather than waiting for its next report.
      if (Object.keys(params).length > 0) patch(device.id, params, new Date().toISOString());
    } catch {
      // Shown by the request client (section 8: 'Setting Failed !', 'Unable to access device', ...).
    } finally {
      setPending(null);
    }
  };

  const controlOf = (method: CommandMethod, field: DeviceField) => {
    const key = `${method}.${field.name}`;
    const label = labelOf(field.name);
    const busy = pending !== null;
    const value = current(field.name);
    const sendValue = (v: string | number | boolean) => void run(key, method, { [field.name]: v });
    if (field.kind === 'boolean') {
      return (
        <Switch
          aria-label={label}
          checked={value === true}
          loading={pending === key}
          disabled={busy}
          checkedChildren={t('devices.on')}
          unCheckedChildren={t('devices.off')}
          onChange={sendValue}
        />
      );
    }
    if (field.kind === 'enum') {
      const refused = new Map((field.refused ?? []).map((r) => [r.value, r.message]));
      return (
        <Select
          aria-label={label}
          className="sb-control-select"
          value={typeof value === 'string' ? value : undefined}
          placeholder={t('devices.form.choose')}
          loading={pending === key}
          disabled={busy}
          onChange={sendValue}
          options={field.values.map((v) => {
            const reason = refused.get(v);
            const text = t(`devices.options.${field.name}.${v}`);
            return {
              value: v,
              disabled: reason !== undefined,
              label: reason ? `${text} (${t(`validation.${reason}`)})` : text,
            };
          })}
        />
      );
    }
    if (field.kind === 'int' || field.kind === 'decimal') {
      const Input = TYPED_METHODS.has(method) ? NumberSetter : RangeSlider;
      return (
        <Input
          label={label}
          min={field.min}
          max={field.max}
          unit={field.unit}
          value={typeof value === 'number' ? value : null}
          disabled={busy}
          onSet={sendValue}
        />
      );
    }
    return null;
  };

  const items = commands.flatMap(({ method, params }) => {
    if (params.length === 0) {
      const label = t(`devices.control.methods.${method}`);
      return [
        {
          key: method,
          label,
          children: (
            <Button
              icon={<ReloadOutlined />}
              loading={pending === method}
              aria-label={t('devices.control.of', { name: label, device: device.name })}
              onClick={() =>
                modal.confirm({
                  title: t('devices.control.rebootTitle', { name: device.name }),
                  content: t('devices.control.rebootConfirm'),
                  okText: label,
                  cancelText: t('common.cancel'),
                  onOk: () => run(method, method, {}),
                })
              }
            >
              {label}
            </Button>
          ),
        },
      ];
    }
    return paramsShown(device, params).map((field) => ({
      key: `${method}.${field.name}`,
      label: t(`fields.${field.name}`),
      children: controlOf(method, field),
    }));
  });
  return <Descriptions size="small" column={1} bordered items={items} />;
}
