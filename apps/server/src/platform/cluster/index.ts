/**
 * The cluster seam (README.md): one Bus per process, in-process by default, NATS when NATS_URL is set.
 * Platform code: it knows no module; modules reach the bus of the database handle they are given.
 */
import type { Db } from '../db/client.js';
import type { Bus, BusLog } from './bus.js';
import { LocalBus } from './local-bus.js';
import { connectNatsBus } from './nats-bus.js';

export {
  BusError,
  CACHE_NAMES,
  INVALIDATE,
  newNodeId,
  topic,
  type Bus,
  type BusLog,
  type BusStatus,
  type CacheName,
  type Endpoint,
  type Invalidation,
  type Topic,
} from './bus.js';
export { LocalBus } from './local-bus.js';
export { connectNatsBus, natsServers, NatsBus, NatsUnreachableError } from './nats-bus.js';

/** The bus of the configuration: NATS when `natsUrl` is set (rejects naming NATS_URL), else in-process. */
export async function startBus(natsUrl: string | undefined, log: BusLog): Promise<Bus> {
  if (!natsUrl) return new LocalBus(log);
  return connectNatsBus({ url: natsUrl, log });
}

const buses = new WeakMap<object, Bus>();

/**
 * Ties a bus to a database handle (databasePlugin does it when it opens the database), so that service
 * code holding only `db` can tell the other nodes (a session ended, a cache entry changed).
 */
export function attachBus(db: Db, bus: Bus): void {
  buses.set(db, bus);
}

/** The bus tied to this database handle; none for a handle no server opened (a script, a unit test). */
export function busOf(db: Db): Bus | undefined {
  return buses.get(db);
}
