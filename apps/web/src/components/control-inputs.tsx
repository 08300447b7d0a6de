/*
 * Controls that send a device command: a slider sent on release and a typed setpoint with its Set button.
 * Used by the device drawer (features/devices) and the boards (features/lighting, features/hvac).
 */
import { useState } from 'react';
import { Button, Flex, InputNumber, Slider, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import './control-inputs.css';

interface Edit {
  value: number;
  base: number | null;
}

interface RangeProps {
  label: string;
  min: number;
  max: number;
  unit?: string;
  /** The device's current value; null before its first report. */
  value: number | null;
  disabled: boolean;
  onSet: (value: number) => void;
}

/**
 * A slider sent on release only (one command per drag, not one per pixel); the number follows the handle
 * while dragging and the device's value otherwise.
 */
export function RangeSlider({ label, min, max, unit, value, disabled, onSet }: RangeProps) {
  // The handle's position while dragging, with the device value it started from: a new value of the
  // device (its reply, another user's change) wins over a stale drag.
  const [drag, setDrag] = useState<Edit | null>(null);
  const dragged = drag && drag.base === value ? drag.value : null;
  const shown = dragged ?? value ?? min;
  return (
    <Flex align="center" gap="middle" className="sb-control-range">
      <Slider
        className="sb-control-slider"
        min={min}
        max={max}
        value={shown}
        disabled={disabled}
        ariaLabelForHandle={label}
        onChange={(v) => setDrag({ value: v, base: value })}
        onChangeComplete={onSet}
      />
      {/* A no-break space: '4000 K' never breaks between the number and its unit. */}
      <Typography.Text
        aria-hidden
      >{`${value === null && dragged === null ? '-' : shown}${unit ? `\u00a0${unit}` : ''}`}</Typography.Text>
    </Flex>
  );
}

/** A number typed exactly (a setpoint) and sent with its Set button; out of range it is not sent. */
export function NumberSetter({ label, min, max, unit, value, disabled, onSet }: RangeProps) {
  const { t } = useTranslation();
  // What the user typed over the device's value; a new value of the device replaces it.
  const [edit, setEdit] = useState<{ value: number | null; base: number | null } | null>(null);
  const typed = edit && edit.base === value ? edit.value : value;
  const valid = typed !== null && typed >= min && typed <= max;
  return (
    <Flex align="center" gap="small">
      <InputNumber
        aria-label={label}
        min={min}
        max={max}
        value={typed}
        suffix={unit}
        placeholder={`${min}-${max}`}
        disabled={disabled}
        onChange={(v) => setEdit({ value: typeof v === 'number' ? v : null, base: value })}
      />
      <Button
        disabled={disabled || !valid}
        aria-label={t('devices.control.setOf', { name: label })}
        onClick={() => {
          if (typed !== null) onSet(typed);
        }}
      >
        {t('devices.control.set')}
      </Button>
    </Flex>
  );
}
