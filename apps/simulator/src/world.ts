import { AcUnit } from './kinds/ac.js';
import type { SimDevice } from './kinds/device.js';
import { Light } from './kinds/light.js';
import { Panel } from './kinds/panel.js';
import { createDevice } from './kinds/registry.js';
import { DEFAULT_SCHEDULE, isWorkingTime, occupancyAt, type WorkSchedule } from './occupancy.js';
import { localTime, outdoorTemperature } from './time.js';
import type { DeviceInfo, StepContext, WorldView } from './types.js';

export interface ProjectInfo {
  id: number;
  timeZone: string;
  schedule: WorkSchedule;
}

/** Hours a device's first step covers (its readings settle from the state the server last saw). */
const FIRST_STEP_HOURS = 0.05;

/**
 * The simulated building: every device, the projects' clocks and schedules, and what devices read from
 * each other (a floor's loads for its ammeter, a zone's AC for its sensors, a panel press for its lights).
 */
export class World implements WorldView {
  readonly devices = new Map<number, SimDevice>();
  private readonly projects = new Map<number, ProjectInfo>();
  private readonly lastStep = new Map<number, number>();

  constructor(
    projects: readonly ProjectInfo[],
    infos: readonly DeviceInfo[],
    private readonly random: () => number = Math.random,
  ) {
    for (const p of projects) this.projects.set(p.id, p);
    for (const info of infos) this.devices.set(info.id, createDevice(info));
  }

  /** Advances one device to simulated time `ts`; the panel presses it makes switch its zone's lights. */
  step(device: SimDevice, ts: number): SimDevice[] {
    const last = this.lastStep.get(device.info.id);
    const dtHours = last === undefined ? FIRST_STEP_HOURS : Math.max(0, (ts - last) / 3_600_000);
    this.lastStep.set(device.info.id, ts);
    device.step(this.context(device.info, ts, dtHours));
    return device instanceof Panel ? this.followPanel(device) : [];
  }

  context(info: DeviceInfo, ts: number, dtHours: number): StepContext {
    const project = this.projects.get(info.projectId);
    const local = localTime(ts, project?.timeZone ?? 'UTC');
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

  /** The lights of the panel's zone take the state of the button a person pressed. */
  private followPanel(panel: Panel): SimDevice[] {
    const press = panel.press;
    panel.press = null;
    if (!press || panel.info.zoneId === null) return [];
    const switched: SimDevice[] = [];
    for (const device of this.devices.values()) {
      if (device instanceof Light && device.info.zoneId === panel.info.zoneId && device.onOff !== press.on) {
        device.switchTo(press.on);
        device.touched('lsPanel');
        switched.push(device);
      }
    }
    return switched;
  }

  load(kind: 'light' | 'hvac', buildingId: number, floorId: number | null): number {
    let watts = 0;
    for (const device of this.devices.values()) {
      const isKind = kind === 'light' ? device instanceof Light : device instanceof AcUnit;
      if (!isKind || device.info.buildingId !== buildingId) continue;
      if (floorId === null || device.info.floorId === floorId) watts += device.power();
    }
    return watts;
  }

  zoneTemperature(zoneId: number | null): number | null {
    if (zoneId === null) return null;
    for (const device of this.devices.values()) {
      if (device instanceof AcUnit && device.info.zoneId === zoneId) return device.state.roomTemp;
    }
    return null;
  }

  zoneLight(zoneId: number | null): number {
    if (zoneId === null) return 0;
    let count = 0;
    let lit = 0;
    for (const device of this.devices.values()) {
      if (device instanceof Light && device.info.zoneId === zoneId) {
        count += 1;
        if (device.onOff) lit += device.lightnessLevel / 255;
      }
    }
    return count === 0 ? 0 : lit / count;
  }
}
