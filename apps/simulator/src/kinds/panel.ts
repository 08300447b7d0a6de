import type { CommandMethod } from '@sbuilding/shared';
import { chance } from '../time.js';
import type { CommandReply, DeviceInfo, StepContext, Value } from '../types.js';
import { boolParam, SimDevice, type Params } from './device.js';

export const PANEL_BUTTONS = ['left', 'mid', 'right'] as const;
export type PanelButton = (typeof PANEL_BUTTONS)[number];

/** A single panel has only a left button, a double no middle one (catalogue README). */
const BUTTONS_OF: Record<string, readonly PanelButton[]> = {
  single: ['left'],
  double: ['left', 'right'],
  three: ['left', 'mid', 'right'],
};

/** A press by a person: which button and its new state, for the lights of the zone to follow. */
export interface PanelPress {
  button: PanelButton;
  on: boolean;
}

/**
 * A wall switch panel (kxx) with 1-3 buttons (props.panelType). Obeys setButtons; a button the panel does
 * not have is refused. Now and then a person presses a button (more often when the office is full): the
 * change is reported at once with `terminal: 'lsPanel'` and the lights of the zone follow.
 */
export class Panel extends SimDevice {
  readonly buttons: readonly PanelButton[];
  readonly state: Record<PanelButton, boolean> = { left: false, mid: false, right: false };
  /** The last press by a person, taken by the world to switch the zone's lights. */
  press: PanelPress | null = null;

  constructor(info: DeviceInfo) {
    super(info);
    const type = info.props.panelType;
    this.buttons = (typeof type === 'string' ? BUTTONS_OF[type] : undefined) ?? PANEL_BUTTONS;
    for (const button of this.buttons) {
      const latest = info.latest[button];
      if (typeof latest === 'boolean') this.state[button] = latest;
    }
  }

  step(ctx: StepContext): void {
    if (ctx.random() >= chance(0.5 * ctx.occupancy, ctx.dtHours)) return;
    const button = this.buttons[Math.floor(ctx.random() * this.buttons.length)] ?? 'left';
    this.state[button] = !this.state[button];
    this.press = { button, on: this.state[button] };
    this.touched('lsPanel');
  }

  protected override apply(method: CommandMethod, params: Params): CommandReply {
    if (method !== 'setButtons') return super.apply(method, params);
    for (const button of PANEL_BUTTONS) {
      if (boolParam(params, button) !== undefined && !this.buttons.includes(button)) {
        return { success: false, error: `${button}: this panel has no ${button} button` };
      }
    }
    for (const button of this.buttons) this.state[button] = boolParam(params, button) ?? this.state[button];
    return { success: true };
  }

  protected readings(): Record<string, Value> {
    const out: Record<string, Value> = {};
    for (const button of this.buttons) out[button] = this.state[button];
    return out;
  }
}
