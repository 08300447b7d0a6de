import { FAN_SPEEDS, HVAC_MODES, type WxAc, type WxHallDetail, type WxLight } from '@sbuilding/shared';

/*
 * Live values over the cached building: a device's reading (socket) or a command it accepted lays its new
 * values over the rooms' lights and ACs. Pure, so the page and the tests share it.
 */

type Values = Readonly<Record<string, unknown>>;

/** On/off as devices send it: a boolean, or 1/0. */
function bool(v: unknown): boolean | undefined {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v !== 0;
  return undefined;
}

function num(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

function oneOf<T extends string>(values: readonly T[], v: unknown): T | undefined {
  return values.find((value) => value === v);
}

function light(l: WxLight, v: Values): WxLight {
  return {
    ...l,
    state: {
      onOff: bool(v.onOff) ?? l.state.onOff,
      lightnessLevel: num(v.lightnessLevel) ?? l.state.lightnessLevel,
      colorTemp: num(v.colorTemp) ?? l.state.colorTemp,
    },
  };
}

function ac(a: WxAc, v: Values): WxAc {
  return {
    ...a,
    state: {
      onOff: bool(v.onOff) ?? a.state.onOff,
      workMode: oneOf(HVAC_MODES, v.workMode) ?? a.state.workMode,
      fanSpeed: oneOf(FAN_SPEEDS, v.fanSpeed) ?? a.state.fanSpeed,
      targetTemp: num(v.targetTemp) ?? a.state.targetTemp,
      roomTemp: num(v.roomTemp) ?? a.state.roomTemp,
    },
  };
}

/** The building with `values` laid over device `deviceId`, and the on counts recomputed. */
export function applyReading(detail: WxHallDetail, deviceId: number, values: Values): WxHallDetail {
  const floors = detail.floors.map((f) => ({
    ...f,
    rooms: f.rooms.map((r) => ({
      ...r,
      lights: r.lights.map((l) => (l.id === deviceId ? light(l, values) : l)),
      acs: r.acs.map((a) => (a.id === deviceId ? ac(a, values) : a)),
    })),
  }));
  const rooms = floors.flatMap((f) => f.rooms);
  return {
    ...detail,
    floors,
    lightsOn: rooms.flatMap((r) => r.lights).filter((l) => l.state.onOff === true).length,
    acsOn: rooms.flatMap((r) => r.acs).filter((a) => a.state.onOff === true).length,
  };
}

/** Every light and AC of the building: what the page follows over the socket. */
export function deviceIdsOf(detail: WxHallDetail | undefined): number[] {
  return (detail?.floors ?? []).flatMap((f) =>
    f.rooms.flatMap((r) => [...r.lights, ...r.acs].map((d) => d.id)),
  );
}
