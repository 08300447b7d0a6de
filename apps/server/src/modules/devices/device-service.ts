import crypto from 'node:crypto';
import { and, count, eq, ne } from 'drizzle-orm';
import {
  DEVICE_MODELS,
  deviceCreateBodySchemaFor,
  deviceSaveBodySchemaFor,
  mayBeGatewayOf,
  type Device,
  type DeviceCategory,
  type DeviceField,
  type DeviceFieldValue,
  type Lang,
  type ModelId,
} from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.js';
import type { Scope } from '../../platform/tenancy.js';
import { parseOr400 } from '../../platform/validate.js';
import { findFloor } from '../buildings/index.js';
import { findHall } from '../buildings/index.js';
import type { buildings } from '../buildings/tables.js';
import { findZone } from '../buildings/index.js';
import type { FileLinks } from '../files/index.js';
import { requireFile } from '../files/index.js';
import { telemetryRaw } from '../telemetry/tables.js';
import { deviceById, findDevice } from './device-rows.js';
import { bleGatewayInits, devices } from './tables.js';
import type { DeviceHooks } from './hooks.js';

export { findDevice, toDevice, type DeviceRow } from './device-rows.js';
export {
  getDevice,
  getDeviceInfo,
  listDevices,
  listDevicesByFloor,
  listDevicesOfZone,
  listDevicesWithTelemetry,
} from './device-list.js';

/*
 * Writing the registry. A body is read against its model's catalogue entry (the create fields); what
 * the model does not name is refused. Every function takes a Db that may be a transaction (the importer
 * creates many devices in one), and nests its own transactions as savepoints.
 */

const TOKEN_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const ACCESS_TOKEN_LENGTH = 20;

/** A device's MQTT username: 20 base62 characters from the CSPRNG (~119 bits), unguessable and URL-safe. */
export function newAccessToken(): string {
  let token = '';
  for (let i = 0; i < ACCESS_TOKEN_LENGTH; i++)
    token += TOKEN_ALPHABET[crypto.randomInt(TOKEN_ALPHABET.length)];
  return token;
}

/**
 * One spelling per value, so identities compare equal however they were typed: MACs lower-case with ':',
 * codes upper-case, server addresses lower-case (host names are case-insensitive).
 */
function normalise(field: DeviceField, value: unknown): DeviceFieldValue {
  if (typeof value === 'string') {
    if (field.kind === 'mac') return value.toLowerCase().replaceAll('-', ':');
    if (field.kind === 'code12') return value.toUpperCase();
    if (field.kind === 'serverAddr') return value.toLowerCase();
    return value;
  }
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  return null;
}

interface GatewayRef {
  field: string;
  category: DeviceCategory;
  id: number | null;
}

/**
 * The model's create fields split into props (stored as they are), the gateway reference (parentId) and
 * the identity (its fields joined with '/'): the one way a device row is made, the demo seed's included.
 */
export function splitFields(model: ModelId, values: Record<string, unknown>) {
  const props: Record<string, DeviceFieldValue> = {};
  let ref: GatewayRef | null = null;
  for (const field of DEVICE_MODELS[model].createFields) {
    if (field.name === 'name') continue;
    const value = normalise(field, values[field.name]);
    if (field.kind === 'deviceRef') {
      ref = { field: field.name, category: field.category, id: typeof value === 'number' ? value : null };
    } else {
      props[field.name] = value;
    }
  }
  const identity = DEVICE_MODELS[model].identity
    .map((name) => (name === ref?.field ? String(ref.id ?? '') : String(props[name] ?? '')))
    .join('/');
  return { props, ref, identity };
}

type BuildingRow = typeof buildings.$inferSelect;

interface Placement {
  buildingId: number;
  floorId: number | null;
  zoneId: number | null;
}

/** The building, floor and zone are the caller's (404) and consistent: zone on the floor, floor in the building. */
async function checkPlacement(db: Db, scope: Scope, place: Placement): Promise<BuildingRow> {
  const building = await findHall(db, scope, place.buildingId);
  if (place.floorId !== null) {
    const floor = await findFloor(db, scope, place.floorId);
    if (floor.buildingId !== building.id) throw badRequest('device.floorNotInBuilding');
  }
  if (place.zoneId !== null) {
    if (place.floorId === null) throw badRequest('device.zoneWithoutFloor');
    const zone = await findZone(db, scope, place.zoneId);
    if (zone.floorId !== place.floorId) throw badRequest('device.zoneNotOnFloor');
  }
  return building;
}

/**
 * The gateway must be a device of the building's tenant and project, of the field's category or a field bridge
 * (`mayBeGatewayOf`).
 */
async function checkGateway(db: Db, building: BuildingRow, ref: GatewayRef | null): Promise<number | null> {
  if (!ref || ref.id === null) return null;
  const [gateway] = await db
    .select({ tenantId: devices.tenantId, projectId: devices.projectId, category: devices.category })
    .from(devices)
    .where(eq(devices.id, ref.id));
  if (
    !gateway ||
    gateway.tenantId !== building.tenantId ||
    gateway.projectId !== building.projectId ||
    !mayBeGatewayOf(ref.category, gateway.category)
  ) {
    throw new AppError(400, 'device.wrongGateway', {}, { field: [ref.field] });
  }
  return ref.id;
}

const duplicate = (model: ModelId) =>
  new AppError(400, 'device.duplicate', {}, { fields: DEVICE_MODELS[model].identity });

async function checkUnique(db: Db, tenantId: number, model: ModelId, identity: string, exceptId?: number) {
  const [row] = await db
    .select({ id: devices.id })
    .from(devices)
    .where(
      and(
        eq(devices.tenantId, tenantId),
        eq(devices.model, model),
        eq(devices.identity, identity),
        exceptId === undefined ? undefined : ne(devices.id, exceptId),
      ),
    );
  if (row) throw duplicate(model);
}

type ParsedBody = Placement & {
  position: string;
  positionImageId: string | null;
  horizontalImageId: string | null;
  verticalImageId: string | null;
  [key: string]: unknown;
};

/** Everything a create or save checks, and the columns it writes. */
async function prepareWrite(db: Db, scope: Scope, model: ModelId, body: ParsedBody, exceptId?: number) {
  const building = await checkPlacement(db, scope, body);
  for (const id of [body.positionImageId, body.horizontalImageId, body.verticalImageId]) {
    await requireFile(db, building.tenantId, id, 'image');
  }
  const { props, ref, identity } = splitFields(model, body);
  const parentId = await checkGateway(db, building, ref);
  await checkUnique(db, building.tenantId, model, identity, exceptId);
  return {
    building,
    values: {
      projectId: building.projectId,
      buildingId: building.id,
      floorId: body.floorId,
      zoneId: body.zoneId,
      name: typeof body.name === 'string' ? body.name : '',
      position: body.position,
      props,
      identity,
      parentId,
      positionImageId: body.positionImageId,
      horizontalImageId: body.horizontalImageId,
      verticalImageId: body.verticalImageId,
    },
  };
}

/** A unique violation that slipped past checkUnique (a concurrent create) answers as the duplicate it is. */
async function asDuplicate<T>(model: ModelId, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate(model);
    throw error;
  }
}

/**
 * Registers a device of `model`; the body is read against the model (400 naming the field). A Bluetooth
 * gateway also gets its initialisation job row (pending); the caller starts the job (BleGatewayInitRunner)
 * once its transaction has committed. Pass `links` to answer the image URLs.
 */
export async function createDevice(
  db: Db,
  scope: Scope,
  model: ModelId,
  body: unknown,
  links?: FileLinks,
): Promise<Device> {
  const parsed = parseOr400(deviceCreateBodySchemaFor(model), body);
  const { building, values } = await prepareWrite(db, scope, model, parsed);
  const id = await asDuplicate(model, () =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(devices)
        .values({
          ...values,
          tenantId: building.tenantId,
          model,
          category: DEVICE_MODELS[model].category,
          accessToken: newAccessToken(),
        })
        .returning({ id: devices.id });
      if (!row) throw new AppError(500, 'error.internal');
      if (model === 'ba')
        await tx.insert(bleGatewayInits).values({ deviceId: row.id, tenantId: building.tenantId });
      return row.id;
    }),
  );
  return deviceById(db, id, links);
}

/** Saves a device (its model stays); 409 when it changed since the client read `version`. */
export async function saveDevice(
  db: Db,
  scope: Scope,
  id: number,
  body: unknown,
  hooks: DeviceHooks,
  links?: FileLinks,
  lang: Lang = 'EN',
): Promise<Device> {
  const current = await findDevice(db, scope, id);
  const parsed = parseOr400(deviceSaveBodySchemaFor(current.model), body);
  const { building, values } = await prepareWrite(db, scope, current.model, parsed, id);
  // A device stays in its tenant: an administrator cannot move it to another tenant's building.
  if (building.tenantId !== current.tenantId) throw notFound();
  const effects = await db.transaction(async (tx) => {
    // Moved to another floor: what hangs on it there (its plan mark) lets go, in this transaction.
    const floorChanged = values.floorId !== current.floorId;
    const done = floorChanged
      ? await hooks.run({ tx, scope, deviceId: id, lang, deleted: false, floorChanged })
      : [];
    const [row] = await asDuplicate(current.model, () =>
      tx
        .update(devices)
        .set({ ...values, version: parsed.version + 1, updatedAt: new Date() })
        .where(and(eq(devices.id, id), eq(devices.version, parsed.version)))
        .returning({ id: devices.id }),
    );
    if (!row) throw conflict();
    return done;
  });
  for (const effect of effects) effect();
  return deviceById(db, id, links);
}

/**
 * Deletes a device with nothing behind it (400 'device.hasChildren' for a gateway that still has devices).
 * What hangs on it (its plan mark, its open alerts) is let go by the modules' hooks first, all in one
 * transaction; their after-commit effects (alert events) run once it has committed.
 */
export async function deleteDevice(
  db: Db,
  scope: Scope,
  id: number,
  hooks: DeviceHooks,
  lang: Lang = 'EN',
): Promise<void> {
  const effects = await db.transaction(async (tx) => {
    await findDevice(tx, scope, id);
    const [children] = await tx.select({ value: count() }).from(devices).where(eq(devices.parentId, id));
    if ((children?.value ?? 0) > 0) throw badRequest('device.hasChildren');
    const done = await hooks.run({ tx, scope, deviceId: id, lang, deleted: true, floorChanged: false });
    // Its raw readings have no foreign key to cascade (telemetry/tables.ts); the rollups and latest do.
    await tx.delete(telemetryRaw).where(eq(telemetryRaw.deviceId, id));
    await tx.delete(devices).where(eq(devices.id, id));
    return done;
  });
  for (const effect of effects) effect();
}

/** PUT /sbuilding/device/createBleGateway/{floorId}: a Bluetooth gateway on the caller's floor. */
export async function createBleGateway(
  db: Db,
  scope: Scope,
  floorId: number,
  body: Record<string, unknown>,
  links?: FileLinks,
): Promise<Device> {
  const floor = await findFloor(db, scope, floorId);
  return createDevice(db, scope, 'ba', { ...body, buildingId: floor.buildingId, floorId: floor.id }, links);
}
