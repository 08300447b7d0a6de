import { ApiClient, fetchAccessToken, loadDevices, loadProjects } from './api.js';
import type { SimDevice } from './kinds/device.js';
import { DeviceLink, type Counters, type Log } from './link.js';
import { mapLimit } from './pool.js';
import type { DeviceInfo } from './types.js';
import { World, type ProjectInfo } from './world.js';

/** Credential fetches and MQTT connects at a time: the demo campus has ~200 devices. */
export const CONNECT_CONCURRENCY = 16;

export interface FleetOptions {
  apiUrl: string;
  token: string;
  mqttUrl: string;
  log: Log;
  counters: Counters;
  answerCommands: boolean;
  clientIdPrefix?: string;
  random?: () => number;
}

export interface Fleet {
  world: World;
  projects: ProjectInfo[];
  links: DeviceLink[];
  /** Devices that could not be connected (no credentials, refused token), by id. */
  failed: number[];
}

/**
 * Reads every project and device of the signed-in user, and connects one MQTT client per device that
 * connects itself (no parentId: gateways, 4G sensors); the devices behind a gateway ride on its link.
 * A child whose gateway is not in the list cannot be reached and is left out.
 */
export async function connectFleet(options: FleetOptions): Promise<Fleet> {
  const { log } = options;
  const api = new ApiClient(options.apiUrl, options.token);
  const projects = await loadProjects(api);
  const infos: DeviceInfo[] = [];
  for (const project of projects) infos.push(...(await loadDevices(api, project.id)));
  const world = new World(projects, infos, options.random);
  const childrenOf = new Map<number, SimDevice[]>();
  for (const device of world.devices.values()) {
    const parent = device.info.parentId;
    if (parent === null) continue;
    if (!world.devices.has(parent)) {
      log('warn', 'device behind an unknown gateway is not simulated', { deviceId: device.info.id });
      continue;
    }
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), device]);
  }
  const roots = [...world.devices.values()].filter((d) => d.info.parentId === null);
  const failed: number[] = [];
  const links = await mapLimit(roots, CONNECT_CONCURRENCY, async (self) => {
    try {
      const accessToken = await fetchAccessToken(api, self.info.id);
      const link = new DeviceLink({
        mqttUrl: options.mqttUrl,
        accessToken,
        self,
        children: childrenOf.get(self.info.id) ?? [],
        counters: options.counters,
        log,
        answerCommands: options.answerCommands,
        clientIdPrefix: options.clientIdPrefix,
      });
      await link.connect();
      return link;
    } catch (error) {
      failed.push(self.info.id);
      log('warn', 'device not connected', { deviceId: self.info.id, error: String(error) });
      return null;
    }
  });
  const connected = links.filter((l): l is DeviceLink => l !== null);
  log('info', 'simulated devices connected', {
    projects: projects.length,
    devices: world.devices.size,
    links: connected.length,
    failed: failed.length,
  });
  return { world, projects, links: connected, failed };
}
