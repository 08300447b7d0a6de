import { AcUnit } from './kinds/ac.js';
import type { SimDevice } from './kinds/device.js';
import { Light } from './kinds/light.js';
import { Panel } from './kinds/panel.js';
import { createDevice } from './kinds/registry.js';
import { DEFAULT_SCHEDULE, isWorkingTime, occupancyAt, type WorkSchedule } from './occupancy.js';
import { localTime, outdoorTemperature } from './time.js';
import type { DeviceInfo, LocalTime, StepContext, WorldView } from './types.js';

export interface ProjectInfo {
  id: number;
  timeZone: string;
  schedule: WorkSchedule;
}

/** Hours a device's first step covers (its readings settle from the state the server last saw). */
const FIRST_STEP_HOURS = 0.05;
/**
 * A device whose last reading is at most this old carries on from it: its first step covers the time since,
 * so a meter counts the minutes between the first start's history and the live simulator (or a quick
 * restart) once, in the hour they passed. Older: the building was not simulated meanwhile, and a day's
 * energy in one hour would be a spike no meter saw.
 */
export const CATCH_UP_MS = 30 * 60_000;

/** How long people leave a device as a command set it (simulated ms): someone chose that state on purpose. */
export const LEFT_ALONE_MS = 30 * 60_000;

/**
 * The simulated building: every device, the projects' clocks and schedules, and what devices read from
 * each other (a floor's loads for its ammeter, a zone's AC for its sensors, a panel press for its lights).
 */
export class World implements WorldView {
  readonly devices = new Map<number, SimDevice>();
  private readonly projects = new Map<number, ProjectInfo>();
  private readonly lastStep = new Map<number, number>();
  /** Indexes of what devices read from each other, built once: the fleet does not change while it runs. */
  private readonly lightsByZone = new Map<number | null, Light[]>();
  private readonly acsByZone = new Map<number | null, AcUnit[]>();
  private readonly loadsByFloor = new Map<string, SimDevice[]>();

  constructor(
    projects: readonly ProjectInfo[],
    infos: readonly DeviceInfo[],
    private readonly random: () => number = Math.random,
  ) {
    for (const p of projects) this.projects.set(p.id, p);
    for (const info of infos) {
      const device = createDevice(info);
      this.devices.set(info.id, device);
      if (device instanceof Light) push(this.lightsByZone, info.zoneId, device);
      if (device instanceof AcUnit) push(this.acsByZone, info.zoneId, device);
      if (device instanceof Light || device instanceof AcUnit) {
        const kind = device instanceof Light ? 'light' : 'hvac';
        // A meter without a floor measures its whole building.
        push(this.loadsByFloor, `${kind}:${info.buildingId}:null`, device);
        if (info.floorId !== null)
          push(this.loadsByFloor, `${kind}:${info.buildingId}:${info.floorId}`, device);
      }
    }
  }

  /** Advances one device to simulated time `ts`; the panel presses it makes switch its zone's lights. */
  step(device: SimDevice, ts: number): SimDevice[] {
    const last = this.lastStep.get(device.info.id);
    const dtHours = last === undefined ? firstStepHours(device, ts) : Math.max(0, (ts - last) / 3_600_000);
    this.lastStep.set(device.info.id, ts);
    if (device.commanded) {
      device.commanded = false;
      device.leftAloneUntil = ts + LEFT_ALONE_MS;
    }
    device.step(this.context(device.info, ts, dtHours));
    return device instanceof Panel ? this.followPanel(device, ts) : [];
  }

  context(info: DeviceInfo, ts: number, dtHours: number): StepContext {
    const project = this.projects.get(info.projectId);
    const local = this.localTime(ts, project?.timeZone ?? 'UTC');
    const schedule = project?.schedule ?? DEFAULT_SCHEDULE;
    return {
      ts,
      dtHours,
      local,
      occupancy: occupancyAt(local, schedule),
      working: isWorkingTime(local, schedule),
      outdoor: outdoorTemperature(local),
      world: this,
      random: this.random,
    };
  }

  /** Reading a zone's clock is costly (Intl); a backfill steps every device at the same instant. */
  private readonly clocks = new Map<string, { ts: number; local: LocalTime }>();
  private localTime(ts: number, timeZone: string): LocalTime {
    const cached = this.clocks.get(timeZone);
    if (cached?.ts === ts) return cached.local;
    const local = localTime(ts, timeZone);
    this.clocks.set(timeZone, { ts, local });
    return local;
  }

  /** The lights of the panel's zone take the state of the button a person pressed (not those just commanded). */
  private followPanel(panel: Panel, ts: number): SimDevice[] {
    const press = panel.press;
    panel.press = null;
    if (!press || panel.info.zoneId === null) return [];
    const switched: SimDevice[] = [];
    for (const device of this.lightsByZone.get(panel.info.zoneId) ?? []) {
      if (device.onOff !== press.on && device.mayBeSwitchedByHand(ts)) {
        device.switchTo(press.on);
        device.touched('lsPanel');
        switched.push(device);
      }
    }
    return switched;
  }

  load(kind: 'light' | 'hvac', buildingId: number, floorId: number | null): number {
    let watts = 0;
    for (const device of this.loadsByFloor.get(`${kind}:${buildingId}:${floorId}`) ?? [])
      watts += device.power();
    return watts;
  }

  zoneTemperature(zoneId: number | null): number | null {
    if (zoneId === null) return null;
    return this.acsByZone.get(zoneId)?.[0]?.state.roomTemp ?? null;
  }

  zoneLight(zoneId: number | null): number {
    const lights = zoneId === null ? [] : (this.lightsByZone.get(zoneId) ?? []);
    if (lights.length === 0) return 0;
    let lit = 0;
    for (const light of lights) if (light.onOff) lit += light.lightnessLevel / 255;
    return lit / lights.length;
  }
}

/** A device's first step: from its last reading when that is recent (CATCH_UP_MS), else a short settle. */
function firstStepHours(device: SimDevice, ts: number): number {
  const since = device.info.reportedAt;
  const gap = since === undefined ? 0 : ts - since;
  return gap > 0 && gap <= CATCH_UP_MS ? gap / 3_600_000 : FIRST_STEP_HOURS;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
