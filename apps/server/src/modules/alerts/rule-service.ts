import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AlertRule, alertRuleCreateBodySchema, alertRuleUpdateBodySchema } from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { conflict, notFound } from '../../platform/errors.js';
import { ownedOr404, tenantFilter, type Scope } from '../../platform/tenancy.js';
import { buildings } from '../buildings/tables.js';
import { findProject } from '../projects/index.js';
import { alertRules } from './tables.js';

type Row = typeof alertRules.$inferSelect;
type CreateBody = z.infer<typeof alertRuleCreateBodySchema>;
type UpdateBody = z.infer<typeof alertRuleUpdateBodySchema>;

/** Told of the project whose rules changed, after the commit (the evaluator reloads them). */
export type RulesChanged = (projectId: number) => void;

export function toAlertRule(row: Row): AlertRule {
  return {
    id: row.id,
    projectId: row.projectId,
    buildingId: row.buildingId,
    name: row.name,
    enabled: row.enabled,
    model: row.model,
    telemetryKey: row.telemetryKey,
    operator: row.operator,
    threshold: row.threshold,
    thresholdHigh: row.thresholdHigh,
    durationS: row.durationS,
    level: row.level,
    autoClear: row.autoClear,
    clearDelayS: row.clearDelayS,
    deadband: row.deadband,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A rule's building must be one of its project's (another project's or tenant's building is a 404). */
async function checkBuilding(db: Db, projectId: number, buildingId: number | null): Promise<void> {
  if (buildingId === null) return;
  const [row] = await db
    .select({ id: buildings.id })
    .from(buildings)
    .where(and(eq(buildings.id, buildingId), eq(buildings.projectId, projectId)));
  if (!row) throw notFound();
}

/** The stored fields of a rule body; a single threshold drops a stray high end. */
function fieldsOf(body: Omit<CreateBody, 'projectId'>) {
  const range = body.operator === 'outside' || body.operator === 'inside';
  return {
    name: body.name,
    enabled: body.enabled,
    model: body.model,
    telemetryKey: body.telemetryKey,
    operator: body.operator,
    threshold: body.threshold,
    thresholdHigh: range ? body.thresholdHigh : null,
    durationS: body.durationS,
    level: body.level,
    autoClear: body.autoClear,
    clearDelayS: body.clearDelayS,
    deadband: body.deadband,
    buildingId: body.buildingId,
  };
}

/** POST /sbuilding/alert/rule/getList: every rule of a project, by name. */
export async function listRules(db: Db, scope: Scope, projectId: number): Promise<AlertRule[]> {
  await findProject(db, scope, projectId);
  const rows = await db
    .select()
    .from(alertRules)
    .where(and(tenantFilter(scope, alertRules.tenantId), eq(alertRules.projectId, projectId)))
    .orderBy(asc(alertRules.name), asc(alertRules.id));
  return rows.map(toAlertRule);
}

async function ownedRule(db: Db, scope: Scope, id: number): Promise<Row> {
  const [row] = await db.select().from(alertRules).where(eq(alertRules.id, id));
  return ownedOr404(scope, row);
}

/** POST /sbuilding/alert/rule/add: in the project's tenant. */
export async function createRule(
  db: Db,
  changed: RulesChanged,
  scope: Scope,
  body: CreateBody,
): Promise<AlertRule> {
  const project = await findProject(db, scope, body.projectId);
  await checkBuilding(db, project.id, body.buildingId);
  const [row] = await db
    .insert(alertRules)
    .values({ tenantId: project.tenantId, projectId: project.id, ...fieldsOf(body) })
    .returning();
  if (!row) throw new Error('rule not inserted');
  changed(row.projectId);
  return toAlertRule(row);
}

/** Applies `set` when the rule is still at `version` (409 otherwise: never on top of another change). */
async function updateAt(
  db: Db,
  changed: RulesChanged,
  existing: Row,
  version: number,
  set: Partial<typeof alertRules.$inferInsert>,
): Promise<AlertRule> {
  const [row] = await db
    .update(alertRules)
    .set({ ...set, version: existing.version + 1, updatedAt: new Date() })
    .where(and(eq(alertRules.id, existing.id), eq(alertRules.version, version)))
    .returning();
  if (!row) throw conflict();
  changed(row.projectId);
  return toAlertRule(row);
}

/** POST /sbuilding/alert/rule/edit/{id}: every field but the project. */
export async function updateRule(
  db: Db,
  changed: RulesChanged,
  scope: Scope,
  id: number,
  body: UpdateBody,
): Promise<AlertRule> {
  const existing = await ownedRule(db, scope, id);
  await checkBuilding(db, existing.projectId, body.buildingId);
  return updateAt(db, changed, existing, body.version, fieldsOf(body));
}

/** POST /sbuilding/alert/rule/enable/{id}: on or off. */
export async function enableRule(
  db: Db,
  changed: RulesChanged,
  scope: Scope,
  id: number,
  version: number,
  enabled: boolean,
): Promise<AlertRule> {
  const existing = await ownedRule(db, scope, id);
  return updateAt(db, changed, existing, version, { enabled });
}

/**
 * DELETE /sbuilding/alert/rule/{id}. Its alerts stay (they report what happened) with their copied threshold;
 * their rule becomes null, so open ones wait for a person to handle them.
 */
export async function deleteRule(db: Db, changed: RulesChanged, scope: Scope, id: number): Promise<void> {
  const existing = await ownedRule(db, scope, id);
  await db.delete(alertRules).where(eq(alertRules.id, existing.id));
  changed(existing.projectId);
}
