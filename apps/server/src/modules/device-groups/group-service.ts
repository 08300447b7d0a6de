import { and, asc, count, eq, ilike, inArray, ne, type SQL } from 'drizzle-orm';
import type {
  DeviceCategory,
  DeviceGroup,
  GroupCreateBody,
  GroupListFilter,
  GroupSaveBody,
  PageResult,
} from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { likePattern } from '../../platform/db/like.js';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.js';
import { inScope, ownedOr404, tenantFilter, type Scope } from '../../platform/tenancy.js';
import { floors } from '../buildings/tables.js';
import { deviceGroupMembers, deviceGroups, devices } from '../devices/tables.js';
import { findProject } from '../projects/index.js';
import { projects } from '../projects/tables.js';

type GroupRow = typeof deviceGroups.$inferSelect;
type GroupDevice = DeviceGroup['devices'][number];

/** How many devices each row of the list carries; the group itself (GET) has them all. */
export const LIST_DEVICES_MAX = 50;

/** The devices of some groups, in each group's order. */
async function membersOf(db: Db, groupIds: number[]): Promise<Map<number, GroupDevice[]>> {
  const out = new Map<number, GroupDevice[]>();
  if (groupIds.length === 0) return out;
  const rows = await db
    .select({
      groupId: deviceGroupMembers.groupId,
      id: devices.id,
      name: devices.name,
      position: devices.position,
      model: devices.model,
      floorName: floors.name,
      online: devices.online,
    })
    .from(deviceGroupMembers)
    .innerJoin(devices, eq(devices.id, deviceGroupMembers.deviceId))
    .leftJoin(floors, eq(floors.id, devices.floorId))
    .where(inArray(deviceGroupMembers.groupId, groupIds))
    .orderBy(asc(deviceGroupMembers.groupId), asc(deviceGroupMembers.sort));
  for (const { groupId, ...device } of rows) {
    const list = out.get(groupId) ?? [];
    list.push(device);
    out.set(groupId, list);
  }
  return out;
}

function toGroup(row: GroupRow, members: GroupDevice[], cap = Infinity): DeviceGroup {
  return {
    id: row.id,
    tenantId: row.tenantId,
    projectId: row.projectId,
    name: row.name,
    status: row.status,
    category: row.category,
    deviceCount: members.length,
    devices: members.slice(0, cap),
    version: row.version,
    createTime: row.createdAt.toISOString(),
    updateTime: row.updatedAt.toISOString(),
  };
}

/** The group when it exists and is the caller's (404 otherwise). */
export async function findGroup(db: Db, scope: Scope, id: number): Promise<GroupRow> {
  const [row] = await db.select().from(deviceGroups).where(eq(deviceGroups.id, id));
  return ownedOr404(scope, row);
}

async function groupById(db: Db, id: number): Promise<DeviceGroup> {
  const [row] = await db.select().from(deviceGroups).where(eq(deviceGroups.id, id));
  if (!row) throw new AppError(500, 'error.internal');
  return toGroup(row, (await membersOf(db, [id])).get(id) ?? []);
}

export async function listGroups(
  db: Db,
  scope: Scope,
  filter: GroupListFilter,
): Promise<PageResult<DeviceGroup>> {
  await findProject(db, scope, filter.projectId);
  const conditions: (SQL | undefined)[] = [
    tenantFilter(scope, deviceGroups.tenantId),
    eq(deviceGroups.projectId, filter.projectId),
  ];
  if (filter.name) conditions.push(ilike(deviceGroups.name, likePattern(filter.name)));
  if (filter.status) conditions.push(eq(deviceGroups.status, filter.status));
  if (filter.category) conditions.push(eq(deviceGroups.category, filter.category));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(deviceGroups)
      .where(where)
      .orderBy(asc(deviceGroups.name), asc(deviceGroups.id))
      .limit(filter.pageSize)
      .offset((filter.pageNum - 1) * filter.pageSize),
    db.select({ value: count() }).from(deviceGroups).where(where),
  ]);
  const members = await membersOf(
    db,
    rows.map((r) => r.id),
  );
  return {
    rows: rows.map((r) => toGroup(r, members.get(r.id) ?? [], LIST_DEVICES_MAX)),
    total: total?.value ?? 0,
  };
}

export async function getGroup(db: Db, scope: Scope, id: number): Promise<DeviceGroup> {
  await findGroup(db, scope, id);
  return groupById(db, id);
}

/**
 * The category of a group's devices. Every device must be the caller's (404 otherwise, like an id that
 * does not exist), in the group's project, and all of one category ('Select the same category device').
 */
async function categoryOf(db: Db, scope: Scope, projectId: number, ids: number[]): Promise<DeviceCategory> {
  const rows = await db.select().from(devices).where(inArray(devices.id, ids));
  if (rows.length !== ids.length || rows.some((d) => !inScope(scope, d.tenantId))) throw notFound();
  const stranger = rows.find((d) => d.projectId !== projectId);
  if (stranger) throw badRequest('group.otherProject', { device: stranger.name });
  const categories = new Set(rows.map((d) => d.category));
  const [category] = categories;
  if (categories.size !== 1 || category === undefined) throw badRequest('validation.sameCategory');
  return category;
}

/**
 * Locks the project row so that two writes cannot both find a name free; then refuses a name another
 * group of the project has.
 */
async function checkName(tx: Db, projectId: number, name: string, except?: number): Promise<void> {
  await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).for('update');
  const same = [eq(deviceGroups.projectId, projectId), eq(deviceGroups.name, name)];
  if (except !== undefined) same.push(ne(deviceGroups.id, except));
  const [taken] = await tx
    .select({ id: deviceGroups.id })
    .from(deviceGroups)
    .where(and(...same));
  if (taken) throw badRequest('group.duplicateName', { name });
}

async function writeMembers(tx: Db, groupId: number, deviceIds: number[]): Promise<void> {
  await tx.delete(deviceGroupMembers).where(eq(deviceGroupMembers.groupId, groupId));
  await tx
    .insert(deviceGroupMembers)
    .values(deviceIds.map((deviceId, sort) => ({ groupId, deviceId, sort })));
}

export async function createGroup(db: Db, scope: Scope, body: GroupCreateBody): Promise<DeviceGroup> {
  const project = await findProject(db, scope, body.projectId);
  const category = await categoryOf(db, scope, project.id, body.deviceIds);
  const id = await db.transaction(async (tx) => {
    await checkName(tx, project.id, body.name);
    const [row] = await tx
      .insert(deviceGroups)
      .values({
        tenantId: project.tenantId,
        projectId: project.id,
        name: body.name,
        status: body.status,
        category,
      })
      .returning({ id: deviceGroups.id });
    if (!row) throw new AppError(500, 'error.internal');
    await writeMembers(tx, row.id, body.deviceIds);
    return row.id;
  });
  return groupById(db, id);
}

/** Saves a group with its devices in the order given; 409 when it changed since `version`. */
export async function saveGroup(db: Db, scope: Scope, id: number, body: GroupSaveBody): Promise<DeviceGroup> {
  const current = await findGroup(db, scope, id);
  const category = await categoryOf(db, scope, current.projectId, body.deviceIds);
  await db.transaction(async (tx) => {
    await checkName(tx, current.projectId, body.name, id);
    const [row] = await tx
      .update(deviceGroups)
      .set({
        name: body.name,
        status: body.status,
        category,
        version: body.version + 1,
        updatedAt: new Date(),
      })
      .where(and(eq(deviceGroups.id, id), eq(deviceGroups.version, body.version)))
      .returning({ id: deviceGroups.id });
    if (!row) throw conflict();
    await writeMembers(tx, id, body.deviceIds);
  });
  return groupById(db, id);
}

export async function deleteGroup(db: Db, scope: Scope, id: number): Promise<void> {
  await findGroup(db, scope, id);
  await db.delete(deviceGroups).where(eq(deviceGroups.id, id));
}
