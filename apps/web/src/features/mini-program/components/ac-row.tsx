import { useState } from 'react';
import { Button, Flex, Segmented, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FAN_SPEEDS, HVAC_MODES, type WxAc, type WxMethod } from '@sbuilding/shared';

/** The setpoint range of the catalogue's AC (spec section 9, ac20): 16-30 °C. */
const SETPOINT = { min: 16, max: 30 } as const;

interface Props {
  ac: WxAc;
  busy: boolean;
  onSend: (method: WxMethod, params: Record<string, unknown>) => void;
}

/**
 * An AC: a big on/off switch with the room's temperature; mode, setpoint (one degree a tap) and fan speed
 * behind "Adjust". Every control is a plain button or radio group: nothing needs hover or a pop-up.
 */
export function AcRow({ ac, busy, onSend }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { state } = ac;
  const panelId = `wx-ac-${ac.id}`;
  const target = state.targetTemp;
  const modes = HVAC_MODES.filter((m) => ac.supportsAuto || m !== 'auto');
  const setpoint = (delta: number) => {
    const next = Math.min(SETPOINT.max, Math.max(SETPOINT.min, Math.round((target ?? 24) + delta)));
    onSend('setTargetTemp', { targetTemp: next });
  };
  return (
    <li className="wx-device">
      <Flex align="center" justify="space-between" gap="small">
        <div className="wx-device-name">
          <Typography.Text strong>{ac.name}</Typography.Text>
          <Typography.Text type="secondary" className="wx-device-state">
            {!ac.online
              ? t('wxProgram.offline')
              : state.onOff
                ? t('wxProgram.acOn', {
                    mode: state.workMode ? t(`wxProgram.modes.${state.workMode}`) : '-',
                    target: target ?? '-',
                  })
                : state.onOff === false
                  ? t('wxProgram.off')
                  : t('wxProgram.unknown')}
            {state.roomTemp !== null && ` · ${t('wxProgram.roomTemp', { value: state.roomTemp })}`}
          </Typography.Text>
        </div>
        <Switch
          className="wx-switch"
          checked={state.onOff === true}
          loading={busy}
          aria-label={t('wxProgram.switchAc', { name: ac.name })}
          onChange={(on) => onSend('setOnOff', { onOff: on })}
        />
      </Flex>
      <Button
        type="link"
        className="wx-adjust"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        {open ? t('wxProgram.hideAdjust') : t('wxProgram.adjust')}
      </Button>
      {open && (
        <div id={panelId} className="wx-adjust-panel">
          <div className="wx-field" role="group" aria-label={t('wxProgram.setpointOf', { name: ac.name })}>
            <span>{t('wxProgram.setpoint')}</span>
            <Flex align="center" gap="middle">
              <Button
                size="large"
                className="wx-step"
                disabled={busy || (target !== null && target <= SETPOINT.min)}
                aria-label={t('wxProgram.cooler')}
                onClick={() => setpoint(-1)}
              >
                −
              </Button>
              <Typography.Text className="wx-setpoint" aria-live="polite">
                {target === null ? '-' : `${target} °C`}
              </Typography.Text>
              <Button
                size="large"
                className="wx-step"
                disabled={busy || (target !== null && target >= SETPOINT.max)}
                aria-label={t('wxProgram.warmer')}
                onClick={() => setpoint(1)}
              >
                +
              </Button>
            </Flex>
          </div>
          <div className="wx-field">
            <span id={`${panelId}-mode`}>{t('wxProgram.mode')}</span>
            <Segmented
              block
              aria-labelledby={`${panelId}-mode`}
              value={state.workMode ?? undefined}
              disabled={busy}
              options={modes.map((m) => ({ value: m, label: t(`wxProgram.modes.${m}`) }))}
              onChange={(v) => onSend('setWorkMode', { workMode: v })}
            />
          </div>
          <div className="wx-field">
            <span id={`${panelId}-fan`}>{t('wxProgram.fan')}</span>
            <Segmented
              block
              aria-labelledby={`${panelId}-fan`}
              value={state.fanSpeed ?? undefined}
              disabled={busy}
              options={FAN_SPEEDS.map((f) => ({ value: f, label: t(`wxProgram.fans.${f}`) }))}
              onChange={(v) => onSend('setFanSpeed', { fanSpeed: v })}
            />
          </div>
        </div>
      )}
    </li>
  );
}
