import { useState } from 'react';
import { Button, Flex, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { COLOR_TEMP_RANGE, type WxLight, type WxMethod } from '@sbuilding/shared';
import { RangeSlider } from '@/components/control-inputs';

interface Props {
  light: WxLight;
  busy: boolean;
  onSend: (method: WxMethod, params: Record<string, unknown>) => void;
}

/** A light: a big on/off switch, and brightness and colour temperature behind "Adjust" (no hover, no pop-up). */
export function LightRow({ light, busy, onSend }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { state } = light;
  const adjustable = light.dimmable || light.tunable;
  const panelId = `wx-light-${light.id}`;
  return (
    <li className="wx-device">
      <Flex align="center" justify="space-between" gap="small">
        <div className="wx-device-name">
          <Typography.Text strong>{light.name}</Typography.Text>
          <Typography.Text type="secondary" className="wx-device-state">
            {!light.online
              ? t('wxProgram.offline')
              : state.onOff === null
                ? t('wxProgram.unknown')
                : state.onOff
                  ? t('wxProgram.lightOn', {
                      level:
                        state.lightnessLevel === null ? '-' : Math.round((state.lightnessLevel / 255) * 100),
                    })
                  : t('wxProgram.off')}
          </Typography.Text>
        </div>
        <Switch
          className="wx-switch"
          checked={state.onOff === true}
          loading={busy}
          aria-label={t('wxProgram.switchLight', { name: light.name })}
          onChange={(on) => onSend('setOnOff', { onOff: on })}
        />
      </Flex>
      {adjustable && (
        <Button
          type="link"
          className="wx-adjust"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen(!open)}
        >
          {open ? t('wxProgram.hideAdjust') : t('wxProgram.adjust')}
        </Button>
      )}
      {adjustable && open && (
        <div id={panelId} className="wx-adjust-panel">
          {light.dimmable && (
            <div className="wx-field">
              <span>{t('wxProgram.brightness')}</span>
              <RangeSlider
                label={t('wxProgram.brightnessOf', { name: light.name })}
                min={0}
                max={255}
                value={state.lightnessLevel}
                disabled={busy}
                onSet={(v) => onSend('setBrightness', { lightnessLevel: v })}
              />
            </div>
          )}
          {light.tunable && (
            <div className="wx-field">
              <span>{t('wxProgram.colorTemp')}</span>
              <RangeSlider
                label={t('wxProgram.colorTempOf', { name: light.name })}
                min={COLOR_TEMP_RANGE.min}
                max={COLOR_TEMP_RANGE.max}
                unit="K"
                value={state.colorTemp}
                disabled={busy}
                onSet={(v) => onSend('setColorTemp', { colorTemp: v })}
              />
            </div>
          )}
        </div>
      )}
    </li>
  );
}
