import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/client.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { ownedOr404, type Scope } from '../../platform/tenancy.js';
import type { AlertEvents } from '../alerts/index.js';
import { buildings, floors, zones } from '../buildings/tables.js';
import { devices } from '../devices/tables.js';
import { files } from '../files/tables.js';
import { users } from '../users/tables.js';
import { workOrders } from './tables.js';

/** What the work-order services need besides the caller. */
export interface WorkOrderDeps {
  db: Db;
  /** The app's clock (tests move it): creation, due times, escalation, plans. */
  clock: Clock;
  /** Tells the notification dispatcher that deliveries are waiting (called once they are committed). */
  notify(): void;
  /** A signed link to an uploaded picture, for `<img src>`. */
  fileUrl(fileId: string): string;
  /** Alert changes, told when a resolution handles the linked alert. */
  alertEvents: AlertEvents;
}

/** Who acts: a person (their id and name) or the system (escalation, an alert rule, a plan). */
export interface Actor {
  userId: number | null;
  userName: string;
}

/** Roles that may be given work orders: they may also work them (workOrders:write). */
const ASSIGNABLE = ['tbAdmin', 'tbCustomer'];

/** A tbAdmin of the tenant or the platform administrator: may make any move and edit any work order. */
export function isManager(scope: Scope): boolean {
  return scope.isAdmin || scope.roles.includes('tbAdmin');
}

/** The caller as history entries name them (the nickname, else the username). */
export async function actorOf(db: Db, scope: Scope): Promise<Actor> {
  const [user] = await db
    .select({ nickName: users.nickName, username: users.username })
    .from(users)
    .where(eq(users.id, scope.userId));
  return { userId: scope.userId, userName: user?.nickName || user?.username || '' };
}

/** A work order of the caller's tenant (and a limited key's projects); 404 otherwise. */
export async function ownedWorkOrder(db: Db, scope: Scope, id: number) {
  const [row] = await db.select().from(workOrders).where(eq(workOrders.id, id));
  return ownedOr404(scope, row);
}

/**
 * An assignee must be an active user of the work order's tenant who may work orders (tbAdmin or tbCustomer):
 * another tenant's user is 404 (the policy says so first), anyone else 400.
 */
export async function checkAssignee(db: Db, tenantId: number, assigneeId: number | null): Promise<void> {
  if (assigneeId === null) return;
  const [user] = await db
    .select({ tenantId: users.tenantId, roles: users.roles, blacklisted: users.blacklisted })
    .from(users)
    .where(and(eq(users.id, assigneeId), isNull(users.deletedAt)));
  if (!user || user.tenantId !== tenantId) throw notFound();
  if (user.blacklisted || !user.roles.some((r) => ASSIGNABLE.includes(r)))
    throw badRequest('workOrder.notAssignable');
}

/**
 * Pictures attached to a work order or a comment: images of its tenant that the caller uploaded, so nobody can
 * attach (and so be handed a link to) a file they never had: another tenant's is 404, another person's 400.
 */
export async function checkPhotos(
  db: Db,
  tenantId: number,
  userId: number,
  photoIds: readonly string[],
): Promise<void> {
  if (photoIds.length === 0) return;
  const rows = await db
    .select({ id: files.id, tenantId: files.tenantId, kind: files.kind, createdBy: files.createdBy })
    .from(files)
    .where(inArray(files.id, [...photoIds]));
  for (const id of photoIds) {
    const file = rows.find((r) => r.id === id);
    if (!file || file.tenantId !== tenantId) throw notFound('file.unknown');
    if (file.kind !== 'image') throw badRequest('file.notAnImage');
    if (file.createdBy !== userId) throw badRequest('workOrder.photoNotYours');
  }
}

export interface Place {
  buildingId: number | null;
  floorId: number | null;
  zoneId: number | null;
  deviceId: number | null;
}

/**
 * A place of the project, completed upwards (a device gives its building, floor and room; a room its floor; a
 * floor its building) and consistent: each part of the project and of the parts above it, else 400.
 */
export async function resolvePlace(db: Db, projectId: number, place: Place): Promise<Place> {
  const out: Place = { ...place };
  const mismatch = () => badRequest('workOrder.placeMismatch');
  if (out.deviceId !== null) {
    const [device] = await db
      .select({
        projectId: devices.projectId,
        buildingId: devices.buildingId,
        floorId: devices.floorId,
        zoneId: devices.zoneId,
      })
      .from(devices)
      .where(eq(devices.id, out.deviceId));
    if (!device || device.projectId !== projectId) throw mismatch();
    if (out.buildingId !== null && out.buildingId !== device.buildingId) throw mismatch();
    if (out.floorId !== null && out.floorId !== device.floorId) throw mismatch();
    if (out.zoneId !== null && out.zoneId !== device.zoneId) throw mismatch();
    out.buildingId = device.buildingId;
    out.floorId ??= device.floorId;
    out.zoneId ??= device.zoneId;
  }
  if (out.zoneId !== null) {
    const [zone] = await db.select({ floorId: zones.floorId }).from(zones).where(eq(zones.id, out.zoneId));
    if (!zone || (out.floorId !== null && out.floorId !== zone.floorId)) throw mismatch();
    out.floorId = zone.floorId;
  }
  if (out.floorId !== null) {
    const [floor] = await db
      .select({ buildingId: floors.buildingId })
      .from(floors)
      .where(eq(floors.id, out.floorId));
    if (!floor || (out.buildingId !== null && out.buildingId !== floor.buildingId)) throw mismatch();
    out.buildingId = floor.buildingId;
  }
  if (out.buildingId !== null) {
    const [building] = await db
      .select({ projectId: buildings.projectId })
      .from(buildings)
      .where(eq(buildings.id, out.buildingId));
    if (!building || building.projectId !== projectId) throw mismatch();
  }
  return out;
}
