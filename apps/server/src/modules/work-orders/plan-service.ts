import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  MaintenancePlan,
  maintenancePlanCreateBodySchema,
  maintenancePlanSaveBodySchema,
} from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { badRequest, conflict } from '../../platform/errors.js';
import { ownedOr404, type Scope } from '../../platform/tenancy.js';
import { buildings } from '../buildings/tables.js';
import { devices } from '../devices/tables.js';
import { findProject } from '../projects/index.js';
import { nextRun } from './plan-time.js';
import { checkAssignee } from './support.js';
import { maintenancePlans } from './tables.js';

type PlanRow = typeof maintenancePlans.$inferSelect;
type PlanFields = Omit<z.infer<typeof maintenancePlanSaveBodySchema>, 'version'>;

export function toPlan(row: PlanRow): MaintenancePlan {
  return {
    id: row.id,
    projectId: row.projectId,
    name: row.name,
    description: row.description,
    priority: row.priority,
    category: row.category,
    deviceIds: row.deviceIds,
    buildingId: row.buildingId,
    interval: row.interval,
    intervalUnit: row.intervalUnit,
    startDate: row.startDate,
    hour: row.hour,
    assigneeId: row.assigneeId,
    enabled: row.enabled,
    nextRunAt: row.nextRunAt.toISOString(),
    lastRunAt: row.lastRunAt?.toISOString() ?? null,
    version: row.version,
  };
}

/** A plan's building and devices must be of its project, and its devices of its building when it names one. */
async function checkTargets(db: Db, projectId: number, fields: PlanFields): Promise<void> {
  if (fields.buildingId !== null) {
    const [building] = await db
      .select({ projectId: buildings.projectId })
      .from(buildings)
      .where(eq(buildings.id, fields.buildingId));
    if (building?.projectId !== projectId) throw badRequest('workOrder.planDevices');
  }
  if (fields.deviceIds.length === 0) return;
  const found = await db
    .select({ id: devices.id, projectId: devices.projectId, buildingId: devices.buildingId })
    .from(devices)
    .where(inArray(devices.id, fields.deviceIds));
  const fits = (id: number) =>
    found.some(
      (d) =>
        d.id === id &&
        d.projectId === projectId &&
        (fields.buildingId === null || d.buildingId === fields.buildingId),
    );
  if (!fields.deviceIds.every(fits)) throw badRequest('workOrder.planDevices');
}

async function ownedPlan(db: Db, scope: Scope, id: number): Promise<PlanRow> {
  const [row] = await db.select().from(maintenancePlans).where(eq(maintenancePlans.id, id));
  return ownedOr404(scope, row);
}

/** POST /sbuilding/workorder/plan/getList: the project's plans by name. */
export async function listPlans(db: Db, scope: Scope, projectId: number): Promise<MaintenancePlan[]> {
  await findProject(db, scope, projectId);
  const rows = await db
    .select()
    .from(maintenancePlans)
    .where(eq(maintenancePlans.projectId, projectId))
    .orderBy(asc(maintenancePlans.name), asc(maintenancePlans.id));
  return rows.map(toPlan);
}

/** PUT /sbuilding/workorder/plan/create: its first run is the first of its runs from now on. */
export async function createPlan(
  db: Db,
  scope: Scope,
  body: z.infer<typeof maintenancePlanCreateBodySchema>,
  now: Date,
): Promise<MaintenancePlan> {
  const project = await findProject(db, scope, body.projectId);
  await checkTargets(db, project.id, body);
  await checkAssignee(db, project.tenantId, body.assigneeId);
  const [row] = await db
    .insert(maintenancePlans)
    .values({
      ...body,
      tenantId: project.tenantId,
      projectId: project.id,
      nextRunAt: new Date(nextRun(body, project.timeZone, now.getTime())),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw conflict();
  return toPlan(row);
}

/**
 * POST /sbuilding/workorder/plan/save/{id} at the version read. A changed timing moves the next run to the
 * first of the new runs from now on; other edits keep it.
 */
export async function savePlan(
  db: Db,
  scope: Scope,
  id: number,
  body: z.infer<typeof maintenancePlanSaveBodySchema>,
  now: Date,
): Promise<MaintenancePlan> {
  const row = await ownedPlan(db, scope, id);
  const project = await findProject(db, scope, row.projectId);
  await checkTargets(db, row.projectId, body);
  await checkAssignee(db, row.tenantId, body.assigneeId);
  const { version, ...fields } = body;
  const retimed =
    fields.startDate !== row.startDate ||
    fields.interval !== row.interval ||
    fields.intervalUnit !== row.intervalUnit ||
    fields.hour !== row.hour;
  const [saved] = await db
    .update(maintenancePlans)
    .set({
      ...fields,
      ...(retimed ? { nextRunAt: new Date(nextRun(fields, project.timeZone, now.getTime())) } : {}),
      version: version + 1,
      updatedAt: now,
    })
    .where(and(eq(maintenancePlans.id, id), eq(maintenancePlans.version, version)))
    .returning();
  if (!saved) throw conflict();
  return toPlan(saved);
}

/** DELETE /sbuilding/workorder/plan/del/{id}: the work orders it made stay (without their plan). */
export async function deletePlan(db: Db, scope: Scope, id: number): Promise<void> {
  const row = await ownedPlan(db, scope, id);
  await db.delete(maintenancePlans).where(eq(maintenancePlans.id, row.id));
}
