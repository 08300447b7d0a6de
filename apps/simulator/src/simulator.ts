import type { SimFaultKind, SimFaultOutcome } from '@sbuilding/shared';
import type { SimDevice } from './kinds/device.js';
import { connectFleet } from './fleet.js';
import type { DeviceLink, Log } from './link.js';
import { SimClock } from './time.js';

export interface SimulatorOptions {
  /** Base URL of the HTTP API, e.g. http://localhost:8080. */
  apiUrl: string;
  /** Bearer token of a user who sees the projects to simulate. */
  token: string;
  /** The device broker, e.g. mqtt://localhost:1883. */
  mqttUrl: string;
  /** Simulated seconds per real second (SIM_SPEED); 1 by default. */
  speed?: number;
  /** Real milliseconds between two reports of a device (±10% jitter); 15 s by default. */
  reportIntervalMs?: number;
  log?: Log;
  /** Source of randomness of the models (tests pass a seeded one). */
  random?: () => number;
  /** The simulated time, ms since the epoch (tests move it); the SimClock at `speed` by default. */
  now?: () => number;
  /**
   * The demo's faults (issue 38), so a new campus shows what the fault rules find on its first day: the first
   * e90 light of a room left on (`stuckOn`) and the first AC of a room set far too cold or warm
   * (`wrongSetpoint`), by device id.
   */
  demoFaults?: boolean;
}

/** The devices the demo's faults go to: the first e90 light and the first AC that are in a room. */
export function demoFaultsOf(devices: Iterable<SimDevice>): Array<{ deviceId: number; kind: SimFaultKind }> {
  const inRooms = [...devices].filter((d) => d.info.zoneId !== null).sort((a, b) => a.info.id - b.info.id);
  const light = inRooms.find((d) => d.info.model === 'e90');
  const ac = inRooms.find((d) => d.info.category === 'ac');
  return [
    ...(light ? [{ deviceId: light.info.id, kind: 'stuckOn' as const }] : []),
    ...(ac ? [{ deviceId: ac.info.id, kind: 'wrongSetpoint' as const }] : []),
  ];
}

export interface SimulatorStats {
  /** Devices online through the simulator: connected links plus the devices behind them. */
  devicesConnected: number;
  /** Devices read from the API. */
  devicesSimulated: number;
  /** Devices that could not be connected (no credentials, token refused). */
  devicesFailed: number;
  messagesSent: number;
  commandsAnswered: number;
}

export interface Simulator {
  stats(): SimulatorStats;
  /** Reports every device at once (after a console change, in tests). */
  reportAll(): Promise<void>;
  /**
   * Pulls the plug of a device (by id): a device with its own connection drops it without a word, taking
   * the devices behind it along if it is a gateway; a device behind a gateway falls silent. Answers false
   * for a device the simulator does not run.
   */
  unplug(deviceId: number): Promise<boolean>;
  /** Powers a device up again: it reconnects (or its gateway announces it) and reports at once. */
  plug(deviceId: number): Promise<boolean>;
  /** Ids of the devices whose plug is pulled. */
  unplugged(): number[];
  /**
   * Gives a device a fault, or takes it away (`kind` null); it reports at once. Answers what happened: `ok`,
   * `notSimulated` (a device it does not run) or `notSupported` (a fault its kind cannot have).
   */
  setFault(deviceId: number, kind: SimFaultKind | null): Promise<SimFaultOutcome>;
  /** The devices with a fault, and which. */
  faults(): Record<number, SimFaultKind>;
  stop(): Promise<void>;
}

export const DEFAULT_REPORT_INTERVAL_MS = 15_000;

const noLog: Log = () => undefined;

/**
 * Starts the building simulator: reads the user's projects and devices through the API, connects them over
 * MQTT and reports their readings every ~15 s (each device on its own jittered timer), answering commands
 * at once with the new state.
 */
export async function startSimulator(options: SimulatorOptions): Promise<Simulator> {
  const log = options.log ?? noLog;
  const speed = options.speed && options.speed > 0 ? options.speed : 1;
  const interval = options.reportIntervalMs ?? DEFAULT_REPORT_INTERVAL_MS;
  const clock = options.now ? { now: options.now } : new SimClock(speed);
  const counters = { messagesSent: 0, commandsAnswered: 0 };
  const fleet = await connectFleet({ ...options, log, counters, answerCommands: true });
  const { world, links } = fleet;
  const linkOf = new Map<number, DeviceLink>();
  for (const link of links) {
    linkOf.set(link.options.self.info.id, link);
    for (const child of link.children) linkOf.set(child.info.id, link);
  }
  const timers = new Set<NodeJS.Timeout>();
  const pulled = new Set<number>();
  let stopped = false;

  /** Reports devices changed outside their link's turn (lights switched by a panel), grouped by link. */
  async function reportElsewhere(devices: readonly SimDevice[]): Promise<void> {
    const byLink = new Map<DeviceLink, SimDevice[]>();
    for (const device of devices) {
      const link = linkOf.get(device.info.id);
      if (link?.connected) byLink.set(link, [...(byLink.get(link) ?? []), device]);
    }
    await Promise.all([...byLink].map(([link, list]) => link.report(list)));
  }

  async function tick(link: DeviceLink): Promise<void> {
    const now = clock.now();
    const devices = [link.options.self, ...link.children];
    const followers: SimDevice[] = [];
    for (const device of devices) followers.push(...world.step(device, now));
    if (!link.connected) return;
    await link.report(devices);
    await reportElsewhere(followers.filter((d) => !devices.includes(d)));
  }

  function schedule(link: DeviceLink, delay: number): void {
    if (stopped) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      tick(link)
        .catch((error: unknown) =>
          log('warn', 'report failed', { deviceId: link.options.self.info.id, error: String(error) }),
        )
        .finally(() => schedule(link, interval * (0.9 + Math.random() * 0.2)));
    }, delay);
    timers.add(timer);
  }

  if (options.demoFaults)
    for (const { deviceId, kind } of demoFaultsOf(world.devices.values())) {
      world.devices.get(deviceId)?.setFault(kind);
      log('info', 'demo fault given', { deviceId, kind });
    }

  // The first reports are spread over one interval so ~200 devices do not hit the broker at once.
  for (const link of links) schedule(link, Math.random() * interval);

  return {
    stats() {
      let devicesConnected = 0;
      for (const link of links) if (link.connected) devicesConnected += 1 + link.reachableChildren.length;
      return {
        devicesConnected,
        devicesSimulated: world.devices.size,
        devicesFailed: fleet.failed.length,
        ...counters,
      };
    },
    async reportAll() {
      await Promise.all(links.map((link) => tick(link)));
    },
    async unplug(deviceId) {
      const link = linkOf.get(deviceId);
      if (!link || stopped) return false;
      pulled.add(deviceId);
      if (link.options.self.info.id === deviceId) await link.unplug();
      else await link.setChildPower(deviceId, false);
      log('info', 'device unplugged', { deviceId });
      return true;
    },
    async plug(deviceId) {
      const link = linkOf.get(deviceId);
      if (!link || stopped) return false;
      pulled.delete(deviceId);
      if (link.options.self.info.id === deviceId) {
        if (!link.connected) await link.connect();
      } else await link.setChildPower(deviceId, true);
      log('info', 'device plugged in', { deviceId });
      await tick(link);
      return true;
    },
    unplugged() {
      return [...pulled];
    },
    async setFault(deviceId, kind) {
      const device = world.devices.get(deviceId);
      const link = linkOf.get(deviceId);
      if (!device || !link || stopped) return 'notSimulated';
      if (!device.setFault(kind)) return 'notSupported';
      log('info', kind ? 'device fault given' : 'device fault taken away', { deviceId, kind });
      await tick(link);
      return 'ok';
    },
    faults() {
      const out: Record<number, SimFaultKind> = {};
      for (const [id, device] of world.devices) if (device.fault) out[id] = device.fault;
      return out;
    },
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.all(links.map((link) => link.close()));
      log('info', 'simulator stopped', { ...counters });
    },
  };
}
