import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { badRequest } from '../../platform/errors.js';
import { ownedOr404, type Scope } from '../../platform/tenancy.js';
import { deviceMarks, devices } from '../devices/tables.js';

/** Where a mark is (or is going to be): what a device bound to it must match. */
export interface MarkPlace {
  /** Undefined for a mark not created yet. */
  id?: number;
  buildingId: number;
  floorId: number;
}

/**
 * Checks that a device may be bound to a mark and places it on the mark's floor when it has none yet.
 * The device must be the caller's (404 otherwise, like an id that does not exist), in the mark's building,
 * on no floor or the mark's, and bound to no other mark (one mark per device). Runs inside the binding's
 * transaction, after lockBuilding: two binds of one device in one building cannot both pass.
 */
export async function prepareBinding(
  tx: Db,
  scope: Scope,
  place: MarkPlace,
  deviceId: number,
): Promise<void> {
  const [found] = await tx.select().from(devices).where(eq(devices.id, deviceId));
  const device = ownedOr404(scope, found);
  if (device.buildingId !== place.buildingId) throw badRequest('mark.otherBuilding', { device: device.name });
  if (device.floorId !== null && device.floorId !== place.floorId) {
    throw badRequest('mark.otherFloor', { device: device.name });
  }
  const others = [eq(deviceMarks.deviceId, deviceId)];
  if (place.id !== undefined) others.push(ne(deviceMarks.id, place.id));
  const [other] = await tx
    .select({ markName: deviceMarks.markName })
    .from(deviceMarks)
    .where(and(...others));
  if (other) throw badRequest('mark.deviceBound', { device: device.name, mark: other.markName });
  if (device.floorId === null) {
    // A device registered for the building only gets its floor from the mark it is placed with.
    await tx
      .update(devices)
      .set({ floorId: place.floorId, version: device.version + 1, updatedAt: new Date() })
      .where(eq(devices.id, deviceId));
  }
}
