import type { DeviceCategory, ModelId } from '@sbuilding/shared';

/** A telemetry value as sent on the wire. */
export type Value = number | string | boolean;

/** What the simulator knows of a registered device (a row of POST /sbuilding/device/getList). */
export interface DeviceInfo {
  id: number;
  name: string;
  model: ModelId;
  category: DeviceCategory;
  projectId: number;
  buildingId: number;
  floorId: number | null;
  zoneId: number | null;
  parentId: number | null;
  props: Record<string, string | number | boolean | null>;
  /** Latest readings when the API answers them (getList/v2), so a restart continues (energy never goes back). */
  latest: Record<string, Value>;
  /** When the newest of them was taken, ms since the epoch (unknown: undefined). */
  reportedAt?: number;
}

/** The answer to a command, as the server's command path reads it. */
export type CommandReply = { success: true } | { success: false; error: string };

/** Local time of the building: what people and the sun follow. */
export interface LocalTime {
  /** 0 = Sunday ... 6 = Saturday. */
  weekday: number;
  /** Minutes since local midnight, fractional. */
  minute: number;
  /** 1-12. */
  month: number;
}

/** The parts of the building a device reads at a step (loads of the floor, the air of its zone). */
export interface WorldView {
  /** Electrical load in W of the floor's lights or ACs (the whole building when floorId is null). */
  load(kind: 'light' | 'hvac', buildingId: number, floorId: number | null): number;
  /** Room temperature measured by an AC in the zone, if any. */
  zoneTemperature(zoneId: number | null): number | null;
  /** 0-1: how much of the zone's lighting is on. */
  zoneLight(zoneId: number | null): number;
}

export interface StepContext {
  /** Simulated time of this step, ms since the epoch. */
  ts: number;
  /** Simulated hours since the device's previous step. */
  dtHours: number;
  local: LocalTime;
  /** 0-1 share of the building's people present. */
  occupancy: number;
  /** Whether it is inside the project's working hours (ventilation runs). */
  working: boolean;
  /** Outdoor air temperature, °C. */
  outdoor: number;
  world: WorldView;
  random: () => number;
}
