import { and, asc, count, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type AcAutomation,
  type AcAutomationDefinition,
  type AcAutomationListFilter,
  type PageResult,
  acAutomationSaveBodySchema,
} from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { likePattern } from '../../platform/db/like.js';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.js';
import { inScope, ownedOr404, tenantFilter, type Scope } from '../../platform/tenancy.js';
import { buildings, floors, zones } from '../buildings/tables.js';
import { deviceGroups, devices } from '../devices/tables.js';
import { findProject } from '../projects/index.js';
import { acAutomations, type AcAutomationRules } from './tables.js';

type Row = typeof acAutomations.$inferSelect;
type SaveBody = z.output<typeof acAutomationSaveBodySchema>;
type Input = AcAutomationDefinition | SaveBody;

function rulesOf(body: Input): AcAutomationRules {
  return {
    setTemperature: body.setTemperature,
    ambientTemperature: body.ambientTemperature,
    workMode: body.workMode,
    fanSpeed: body.fanSpeed,
    motionCountThreshold: body.motionCountThreshold,
    autoOpenClose: body.autoOpenClose,
    vacantMinutes: body.vacantMinutes,
    timingOpenClose: body.timingOpenClose,
    openTime: body.openTime,
    closeTime: body.closeTime,
    allWorkdays: body.allWorkdays,
    weekdays: body.weekdays,
    smartTempControl: body.smartTempControl,
    smartDoas: body.smartDoas,
    weatherLinkage: body.weatherLinkage,
    noCoolBelow: body.noCoolBelow,
    noHeatAbove: body.noHeatAbove,
    noonNap: body.noonNap,
  };
}

interface Names {
  targets: Map<string, string>;
  zones: Map<number, string>;
}

/** The current names of the configs' targets ('device:1', 'group:2') and zones. */
async function namesOf(db: Db, rows: Row[]): Promise<Names> {
  const deviceIds = rows.filter((r) => r.targetKind === 'device').map((r) => r.targetId);
  const groupIds = rows.filter((r) => r.targetKind === 'group').map((r) => r.targetId);
  const zoneIds = rows.flatMap((r) => (r.zoneId === null ? [] : [r.zoneId]));
  const [d, g, z] = await Promise.all([
    deviceIds.length === 0
      ? []
      : db.select({ id: devices.id, name: devices.name }).from(devices).where(inArray(devices.id, deviceIds)),
    groupIds.length === 0
      ? []
      : db
          .select({ id: deviceGroups.id, name: deviceGroups.name })
          .from(deviceGroups)
          .where(inArray(deviceGroups.id, groupIds)),
    zoneIds.length === 0
      ? []
      : db.select({ id: zones.id, name: zones.name }).from(zones).where(inArray(zones.id, zoneIds)),
  ]);
  const targets = new Map<string, string>();
  for (const r of d) targets.set(`device:${r.id}`, r.name);
  for (const r of g) targets.set(`group:${r.id}`, r.name);
  return { targets, zones: new Map(z.map((r) => [r.id, r.name])) };
}

export function targetNameOf(names: Names, row: Row): string {
  return names.targets.get(`${row.targetKind}:${row.targetId}`) ?? '';
}

function lastDesiredOf(row: Row): AcAutomation['lastDesired'] {
  if (!row.lastDesired) return null;
  const { onUnits: _units, ...desired } = row.lastDesired;
  return desired;
}

function toAutomation(row: Row, names: Names): AcAutomation {
  return {
    id: row.id,
    tenantId: row.tenantId,
    projectId: row.projectId,
    targetKind: row.targetKind,
    targetId: row.targetId,
    targetName: targetNameOf(names, row),
    zoneId: row.zoneId,
    zoneName: row.zoneId === null ? '' : (names.zones.get(row.zoneId) ?? ''),
    ...row.rules,
    active: row.active,
    lastDesired: lastDesiredOf(row),
    lastAppliedAt: row.lastAppliedAt?.toISOString() ?? null,
    version: row.version,
    createTime: row.createdAt.toISOString(),
    updateTime: row.updatedAt.toISOString(),
  };
}

export async function automationById(db: Db, id: number): Promise<AcAutomation> {
  const [row] = await db.select().from(acAutomations).where(eq(acAutomations.id, id));
  if (!row) throw new AppError(500, 'error.internal');
  return toAutomation(row, await namesOf(db, [row]));
}

/** The config when it exists and is the caller's (404 otherwise). */
export async function findAutomation(db: Db, scope: Scope, id: number): Promise<Row> {
  const [row] = await db.select().from(acAutomations).where(eq(acAutomations.id, id));
  return ownedOr404(scope, row);
}

export async function listAutomations(
  db: Db,
  scope: Scope,
  filter: AcAutomationListFilter,
): Promise<PageResult<AcAutomation>> {
  await findProject(db, scope, filter.projectId);
  const conditions: (SQL | undefined)[] = [
    tenantFilter(scope, acAutomations.tenantId),
    eq(acAutomations.projectId, filter.projectId),
  ];
  if (filter.name) {
    const pattern = likePattern(filter.name);
    conditions.push(
      or(
        and(
          eq(acAutomations.targetKind, 'device'),
          inArray(
            acAutomations.targetId,
            db.select({ id: devices.id }).from(devices).where(ilike(devices.name, pattern)),
          ),
        ),
        and(
          eq(acAutomations.targetKind, 'group'),
          inArray(
            acAutomations.targetId,
            db.select({ id: deviceGroups.id }).from(deviceGroups).where(ilike(deviceGroups.name, pattern)),
          ),
        ),
      ),
    );
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(acAutomations)
      .where(where)
      .orderBy(asc(acAutomations.id))
      .limit(filter.pageSize)
      .offset((filter.pageNum - 1) * filter.pageSize),
    db.select({ value: count() }).from(acAutomations).where(where),
  ]);
  const names = await namesOf(db, rows);
  return { rows: rows.map((r) => toAutomation(r, names)), total: total?.value ?? 0 };
}

export async function getAutomation(db: Db, scope: Scope, id: number): Promise<AcAutomation> {
  await findAutomation(db, scope, id);
  return automationById(db, id);
}

/**
 * What the schema cannot check alone: the target is the caller's (404), an AC or a group of ACs in the
 * config's project; the zone too. A config that follows occupancy (auto open/close) needs a zone: its
 * own or, for one AC, the AC's.
 */
async function checkReferences(db: Db, scope: Scope, projectId: number, body: Input): Promise<string> {
  const [target] =
    body.targetKind === 'device'
      ? await db.select().from(devices).where(eq(devices.id, body.targetId))
      : await db.select().from(deviceGroups).where(eq(deviceGroups.id, body.targetId));
  if (!target || !inScope(scope, target.tenantId)) throw notFound('command.notFound');
  if (target.projectId !== projectId) throw badRequest('acAutomation.otherProject', { name: target.name });
  if (target.category !== 'ac') throw badRequest('acAutomation.notAc');
  if (body.zoneId !== null) {
    const [zone] = await db
      .select({ tenantId: zones.tenantId, projectId: buildings.projectId, name: zones.name })
      .from(zones)
      .innerJoin(floors, eq(floors.id, zones.floorId))
      .innerJoin(buildings, eq(buildings.id, floors.buildingId))
      .where(eq(zones.id, body.zoneId));
    const owned = ownedOr404(scope, zone);
    if (owned.projectId !== projectId) throw badRequest('acAutomation.otherProject', { name: owned.name });
  } else if (body.autoOpenClose && !('zoneId' in target && target.zoneId !== null)) {
    throw badRequest('acAutomation.noZone', { name: target.name });
  }
  return target.name;
}

async function checkUnique(
  tx: Db,
  projectId: number,
  body: Input,
  name: string,
  except?: number,
): Promise<void> {
  const same = [
    eq(acAutomations.projectId, projectId),
    eq(acAutomations.targetKind, body.targetKind),
    eq(acAutomations.targetId, body.targetId),
  ];
  if (except !== undefined) same.push(ne(acAutomations.id, except));
  const [taken] = await tx
    .select({ id: acAutomations.id })
    .from(acAutomations)
    .where(and(...same));
  if (taken) throw badRequest('acAutomation.duplicate', { name });
}

export async function createAutomation(
  db: Db,
  scope: Scope,
  body: AcAutomationDefinition,
): Promise<AcAutomation> {
  const project = await findProject(db, scope, body.projectId);
  const name = await checkReferences(db, scope, project.id, body);
  await checkUnique(db, project.id, body, name);
  const [row] = await db
    .insert(acAutomations)
    .values({
      tenantId: project.tenantId,
      projectId: project.id,
      targetKind: body.targetKind,
      targetId: body.targetId,
      zoneId: body.zoneId,
      active: body.active,
      rules: rulesOf(body),
    })
    .onConflictDoNothing()
    .returning({ id: acAutomations.id });
  // Two creates for one AC at once: the unique index lets one through.
  if (!row) throw badRequest('acAutomation.duplicate', { name });
  return automationById(db, row.id);
}

/**
 * Saves a config; 409 when it changed since `version`. What it last applied is forgotten, so the new
 * settings are applied at the next evaluation.
 */
export async function saveAutomation(
  db: Db,
  scope: Scope,
  id: number,
  body: SaveBody,
): Promise<AcAutomation> {
  const current = await findAutomation(db, scope, id);
  const name = await checkReferences(db, scope, current.projectId, body);
  await checkUnique(db, current.projectId, body, name, id);
  const [row] = await db
    .update(acAutomations)
    .set({
      targetKind: body.targetKind,
      targetId: body.targetId,
      zoneId: body.zoneId,
      active: body.active,
      rules: rulesOf(body),
      lastDesired: null,
      retryAt: null,
      stateSeq: sql`${acAutomations.stateSeq} + 1`,
      version: body.version + 1,
      updatedAt: new Date(),
    })
    .where(and(eq(acAutomations.id, id), eq(acAutomations.version, body.version)))
    .returning({ id: acAutomations.id });
  if (!row) throw conflict();
  return automationById(db, id);
}

/** Makes a config active or inactive (spec section 4); like a save, it starts from a clean slate. */
export async function setAutomationActive(
  db: Db,
  scope: Scope,
  id: number,
  active: boolean,
): Promise<AcAutomation> {
  await findAutomation(db, scope, id);
  await db
    .update(acAutomations)
    .set({
      active,
      lastDesired: null,
      retryAt: null,
      stateSeq: sql`${acAutomations.stateSeq} + 1`,
      version: sql`${acAutomations.version} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(acAutomations.id, id));
  return automationById(db, id);
}

/** Deletes a config; what it did stays in the scheduling log. */
export async function deleteAutomation(db: Db, scope: Scope, id: number): Promise<void> {
  await findAutomation(db, scope, id);
  await db.delete(acAutomations).where(eq(acAutomations.id, id));
}
