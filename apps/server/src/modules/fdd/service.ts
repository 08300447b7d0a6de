import { and, count, desc, eq, gte, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import {
  ACTIVE_FDD_STATUSES,
  FDD_DIGEST_TOP,
  FDD_RULE_DELAY_MINUTES,
  FDD_RULES,
  fddMoves,
  type FddDigest,
  type FddFinding,
  type FddRuleSetting,
  type FddSummary,
  type PageResult,
} from '@sbuilding/shared';
import type { z } from 'zod';
import type {
  fddFindingListBodySchema,
  fddRuleSaveBodySchema,
  fddSummaryQuerySchema,
  fddTransitionBodySchema,
} from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { badRequest, conflict } from '../../platform/errors.js';
import { ownedOr404, tenantFilter, type Scope } from '../../platform/tenancy.js';
import { buildings, zones } from '../buildings/tables.js';
import { devices } from '../devices/tables.js';
import { addDays, localDate, localMidnight, periodRange } from '../energy/index.js';
import { findProject } from '../projects/index.js';
import { ruleSettingsOf } from './gather.js';
import { fddFindings, fddRuleSettings, fddRuns } from './tables.js';

type Row = typeof fddFindings.$inferSelect;
const DAY_MS = 86_400_000;

/** Shown findings (held for their rule's delay) with the names of their place. */
function selectFindings(db: Db) {
  return db
    .select({
      finding: fddFindings,
      deviceName: devices.name,
      buildingName: buildings.name,
      zoneName: zones.name,
    })
    .from(fddFindings)
    .innerJoin(devices, eq(devices.id, fddFindings.deviceId))
    .leftJoin(buildings, eq(buildings.id, fddFindings.buildingId))
    .leftJoin(zones, eq(zones.id, fddFindings.zoneId));
}

/** Days a finding has been seen over, at least one: its waste per day is what it wasted over them. */
function daysSeen(f: Row): number {
  return Math.max(1, (f.lastSeen.getTime() - f.firstSeen.getTime()) / DAY_MS);
}

function toFinding(r: {
  finding: Row;
  deviceName: string | null;
  buildingName: string | null;
  zoneName: string | null;
}): FddFinding {
  const f = r.finding;
  const days = daysSeen(f);
  return {
    id: f.id,
    projectId: f.projectId,
    rule: f.rule,
    deviceId: f.deviceId,
    deviceName: r.deviceName ?? '',
    buildingId: f.buildingId,
    buildingName: r.buildingName ?? '',
    zoneId: f.zoneId,
    zoneName: r.zoneName ?? '',
    status: f.status,
    reason: f.reason,
    clearedByRule: f.clearedByRule,
    firstSeen: f.firstSeen.toISOString(),
    lastSeen: f.lastSeen.toISOString(),
    wasteKwh: f.wasteKwh,
    wasteCost: f.wasteCost,
    wasteCo2: f.wasteCo2,
    wasteKwhPerDay: f.wasteKwh / days,
    wasteCostPerDay: f.wasteCost / days,
    evidence: f.evidence,
    fix: f.evidence.fix ?? null,
    fixRequestedAt: f.fixRequestedAt?.toISOString() ?? null,
    workOrderId: f.workOrderId,
    version: f.version,
  };
}

/** The cost per day a finding runs at, as a sort key. */
const costPerDay = sql`${fddFindings.wasteCost} / greatest(1, extract(epoch from (${fddFindings.lastSeen} - ${fddFindings.firstSeen})) / 86400)`;

/** POST /sbuilding/fdd/finding/getList: the costliest per day first. */
export async function listFindings(
  db: Db,
  scope: Scope,
  filter: z.infer<typeof fddFindingListBodySchema>,
): Promise<PageResult<FddFinding>> {
  await findProject(db, scope, filter.projectId);
  const conditions: (SQL | undefined)[] = [
    eq(fddFindings.projectId, filter.projectId),
    tenantFilter(scope, fddFindings.tenantId),
    isNotNull(fddFindings.raisedAt),
    filter.status ? eq(fddFindings.status, filter.status) : undefined,
    filter.active ? inArray(fddFindings.status, [...ACTIVE_FDD_STATUSES]) : undefined,
    filter.buildingId ? eq(fddFindings.buildingId, filter.buildingId) : undefined,
    filter.rule ? eq(fddFindings.rule, filter.rule) : undefined,
  ];
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    selectFindings(db)
      .where(where)
      .orderBy(desc(costPerDay), desc(fddFindings.wasteKwh), desc(fddFindings.id))
      .limit(filter.pageSize)
      .offset((filter.pageNum - 1) * filter.pageSize),
    db.select({ value: count() }).from(fddFindings).where(where),
  ]);
  return { rows: rows.map(toFinding), total: total?.value ?? 0 };
}

/** Shown findings by id with their tenant, whoever asks (the notifications of a round). */
export async function findingsByIds(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const rows = await selectFindings(db).where(inArray(fddFindings.id, [...ids]));
  return rows.map((r) => ({ tenantId: r.finding.tenantId, finding: toFinding(r) }));
}

/** One shown finding of the caller's (404 otherwise). */
export async function findingOf(db: Db, scope: Scope, id: number): Promise<FddFinding> {
  const [row] = await selectFindings(db).where(and(eq(fddFindings.id, id), isNotNull(fddFindings.raisedAt)));
  ownedOr404(scope, row?.finding);
  return toFinding(row!);
}

/** A person's move: acknowledge, mark fixed, dismiss (with why) or reopen; 409 on a stale version. */
export async function transitionFinding(
  db: Db,
  scope: Scope,
  id: number,
  body: z.infer<typeof fddTransitionBodySchema>,
  now: Date,
): Promise<FddFinding> {
  const current = await findingOf(db, scope, id);
  if (!fddMoves(current.status).includes(body.to)) throw badRequest('fdd.notAllowed');
  const closing = body.to === 'fixed' || body.to === 'dismissed';
  const [moved] = await db
    .update(fddFindings)
    .set({
      status: body.to,
      reason: body.reason,
      clearedByRule: false,
      closedAt: closing ? now : null,
      fixRequestedAt: null,
      // A reopened finding counts from now: the rule adds to it again while the fault holds.
      ...(body.to === 'open' ? { checkedAt: now, lastSeen: now } : {}),
      version: current.version + 1,
    })
    .where(and(eq(fddFindings.id, id), eq(fddFindings.version, body.version)))
    .returning({ id: fddFindings.id });
  if (!moved) throw conflict();
  return findingOf(db, scope, id);
}

/**
 * Notes that a person sent the finding's fix, and makes its project's rules due at the next tick: the device's
 * report of its new state may reach the database after the check made at once.
 */
export async function markFixRequested(db: Db, id: number, projectId: number, now: Date): Promise<void> {
  await db
    .update(fddFindings)
    .set({ fixRequestedAt: now, version: sql`${fddFindings.version} + 1` })
    .where(eq(fddFindings.id, id));
  await db.update(fddRuns).set({ nextRunAt: now }).where(eq(fddRuns.projectId, projectId));
}

/** Links the work order made from a finding. */
export async function linkWorkOrder(db: Db, id: number, workOrderId: number): Promise<void> {
  await db.update(fddFindings).set({ workOrderId }).where(eq(fddFindings.id, id));
}

/** The work order already made from a finding, if any. */
export async function workOrderOf(db: Db, id: number): Promise<number | null> {
  const [row] = await db
    .select({ workOrderId: fddFindings.workOrderId })
    .from(fddFindings)
    .where(eq(fddFindings.id, id));
  return row?.workOrderId ?? null;
}

/** GET /sbuilding/fdd/rule/list: every rule with the project's switch and thresholds. */
export async function listRules(db: Db, scope: Scope, projectId: number): Promise<FddRuleSetting[]> {
  await findProject(db, scope, projectId);
  return (await ruleSettingsOf(db, projectId)).map((s) => ({
    ...s,
    delayMinutes: FDD_RULE_DELAY_MINUTES[s.rule],
  }));
}

/** POST /sbuilding/fdd/rule/save/{projectId}: one rule's switch and thresholds; 409 on a stale version. */
export async function saveRule(
  db: Db,
  scope: Scope,
  projectId: number,
  body: z.infer<typeof fddRuleSaveBodySchema>,
): Promise<FddRuleSetting> {
  const project = await findProject(db, scope, projectId);
  const current = (await ruleSettingsOf(db, projectId)).find((s) => s.rule === body.rule);
  if (body.version !== undefined && current && body.version !== current.version) throw conflict();
  await db
    .insert(fddRuleSettings)
    .values({
      projectId,
      rule: body.rule,
      tenantId: project.tenantId,
      enabled: body.enabled,
      params: body.params,
    })
    .onConflictDoUpdate({
      target: [fddRuleSettings.projectId, fddRuleSettings.rule],
      set: {
        enabled: body.enabled,
        params: body.params,
        version: sql`${fddRuleSettings.version} + 1`,
        updatedAt: new Date(),
      },
    });
  const saved = (await listRules(db, scope, projectId)).find((s) => s.rule === body.rule);
  if (!saved) throw conflict();
  return saved;
}

/** GET /sbuilding/fdd/summary: the waste of the findings seen since the period began (local month or year). */
export async function findingsSummary(
  db: Db,
  scope: Scope,
  query: z.infer<typeof fddSummaryQuerySchema>,
  now: Date,
): Promise<FddSummary> {
  const project = await findProject(db, scope, query.projectId);
  const range = periodRange(query.period, localDate(now.getTime(), project.timeZone));
  const from = new Date(localMidnight(range.from, project.timeZone));
  const rows = await selectFindings(db).where(
    and(
      eq(fddFindings.projectId, project.id),
      isNotNull(fddFindings.raisedAt),
      or(gte(fddFindings.lastSeen, from), inArray(fddFindings.status, [...ACTIVE_FDD_STATUSES])),
    ),
  );
  const findings = rows.map(toFinding);
  const active = findings.filter((f) => ACTIVE_FDD_STATUSES.includes(f.status));
  const sum = (list: FddFinding[], pick: (f: FddFinding) => number) => list.reduce((a, f) => a + pick(f), 0);
  const buildingsSeen = new Map<number | null, { name: string; list: FddFinding[] }>();
  for (const f of findings) {
    const entry = buildingsSeen.get(f.buildingId) ?? { name: f.buildingName, list: [] };
    entry.list.push(f);
    buildingsSeen.set(f.buildingId, entry);
  }
  return {
    period: query.period,
    from: from.toISOString(),
    active: active.length,
    wasteKwh: sum(findings, (f) => f.wasteKwh),
    wasteCost: sum(findings, (f) => f.wasteCost),
    wasteCo2: sum(findings, (f) => f.wasteCo2),
    activeCostPerDay: sum(active, (f) => f.wasteCostPerDay),
    byRule: FDD_RULES.map((rule) => {
      const list = findings.filter((f) => f.rule === rule);
      return {
        rule,
        count: list.length,
        wasteKwh: sum(list, (f) => f.wasteKwh),
        wasteCost: sum(list, (f) => f.wasteCost),
      };
    }).filter((r) => r.count > 0),
    byBuilding: [...buildingsSeen.entries()]
      .map(([buildingId, { name, list }]) => ({
        buildingId,
        buildingName: name,
        count: list.length,
        wasteKwh: sum(list, (f) => f.wasteKwh),
        wasteCost: sum(list, (f) => f.wasteCost),
      }))
      .sort((a, b) => b.wasteCost - a.wasteCost || b.wasteKwh - a.wasteKwh),
  };
}

/**
 * The fault findings of a scheduled report's period, local dates `from` to `to` of the project: how many were
 * raised in it, how many are still to deal with now, the waste so far of every finding seen in it, and the
 * FDD_DIGEST_TOP costliest per day of those.
 */
export async function faultDigest(
  db: Db,
  scope: Scope,
  projectId: number,
  range: { from: string; to: string },
): Promise<FddDigest> {
  const project = await findProject(db, scope, projectId);
  const start = new Date(localMidnight(range.from, project.timeZone));
  const end = new Date(localMidnight(addDays(range.to, 1), project.timeZone));
  const rows = await selectFindings(db)
    .where(
      and(
        eq(fddFindings.projectId, project.id),
        tenantFilter(scope, fddFindings.tenantId),
        isNotNull(fddFindings.raisedAt),
        gte(fddFindings.lastSeen, start),
        sql`${fddFindings.raisedAt} < ${end.toISOString()}`,
      ),
    )
    .orderBy(desc(costPerDay), desc(fddFindings.wasteKwh), desc(fddFindings.id));
  const [active] = await db
    .select({ value: count() })
    .from(fddFindings)
    .where(
      and(
        eq(fddFindings.projectId, project.id),
        isNotNull(fddFindings.raisedAt),
        inArray(fddFindings.status, [...ACTIVE_FDD_STATUSES]),
      ),
    );
  const findings = rows.map(toFinding);
  const sum = (pick: (f: FddFinding) => number) => findings.reduce((a, f) => a + pick(f), 0);
  return {
    from: range.from,
    to: range.to,
    raised: rows.filter((r) => r.finding.raisedAt !== null && r.finding.raisedAt >= start).length,
    active: active?.value ?? 0,
    wasteKwh: sum((f) => f.wasteKwh),
    wasteCost: sum((f) => f.wasteCost),
    wasteCo2: sum((f) => f.wasteCo2),
    top: findings.slice(0, FDD_DIGEST_TOP).map((f) => ({
      id: f.id,
      rule: f.rule,
      deviceName: f.deviceName,
      buildingName: f.buildingName,
      zoneName: f.zoneName,
      status: f.status,
      wasteKwhPerDay: f.wasteKwhPerDay,
      wasteCostPerDay: f.wasteCostPerDay,
    })),
  };
}
