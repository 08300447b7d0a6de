import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client.js';
import type { ResourceKind } from '../../platform/access.js';
import { acAutomations } from '../ac-automation/tables.js';
import { alertRules, alerts } from '../alerts/tables.js';
import { apiKeys } from '../api-keys/tables.js';
import { buildings, floors, zones } from '../buildings/tables.js';
import { workTimes } from '../calendar/tables.js';
import { deviceGroups, deviceMarks, devices, meshVersions } from '../devices/tables.js';
import { energyEmissionFactors, energyMeterNodes, energyTariffs } from '../energy-billing/tables.js';
import { energyReportSchedules, energyShareLinks } from '../energy-reports/tables.js';
import { notificationChannels } from '../notifications/tables.js';
import { projects } from '../projects/tables.js';
import { noonNaps, scenes } from '../scenes/tables.js';
import { ssoIdentities, ssoInvitations, ssoProviders } from '../sso/tables.js';
import { tenants } from '../tenants/tables.js';
import { users } from '../users/tables.js';
import { maintenancePlans, workOrders } from '../work-orders/tables.js';
import { fddFindings } from '../fdd/tables.js';

/**
 * Where a row sits: its tenant (null: the platform's, an administrator's account), its project and its
 * building where it has them. What a principal's limits are compared with.
 */
export interface Ancestry {
  readonly tenantId: number | null;
  readonly projectId: number | null;
  readonly buildingId: number | null;
}

interface AncestryRow extends Ancestry {
  readonly id: number;
}

/** The columns a kind's query selects: the row's id and its ancestry (null where it has no such level). */
interface Lineage {
  readonly id: PgColumn;
  readonly tenantId: PgColumn | null;
  readonly projectId: PgColumn | null;
  readonly buildingId: PgColumn | null;
}

/** Runs a kind's query: from `table` (joined as `join` says) for these ids. */
type Query = (db: Db, ids: number[]) => Promise<AncestryRow[]>;

function toNumber(value: unknown): number | null {
  return typeof value === 'number' ? value : null;
}

function rowsOf(found: Record<string, unknown>[]): AncestryRow[] {
  return found.flatMap((row) => {
    const id = toNumber(row.id);
    if (id === null) return [];
    return [
      {
        id,
        tenantId: toNumber(row.tenantId),
        projectId: toNumber(row.projectId),
        buildingId: toNumber(row.buildingId),
      },
    ];
  });
}

/** A level a kind does not have: the query selects a null in its place. */
const NONE: SQL<null> = sql`null`;

/** A kind whose table carries its own lineage columns. */
function direct(table: PgTable, lineage: Lineage): Query {
  return async (db, ids) =>
    rowsOf(
      await db
        .select({
          id: lineage.id,
          tenantId: lineage.tenantId ?? NONE,
          projectId: lineage.projectId ?? NONE,
          buildingId: lineage.buildingId ?? NONE,
        })
        .from(table)
        .where(inArray(lineage.id, ids)),
    );
}

/** A kind below a building that names the building but not the project: the project comes from it. */
function throughBuilding(table: PgTable, id: PgColumn, buildingId: PgColumn, on?: SQL): Query {
  return async (db, ids) =>
    rowsOf(
      await db
        .select({
          id,
          tenantId: buildings.tenantId,
          projectId: buildings.projectId,
          buildingId: buildings.id,
        })
        .from(table)
        .innerJoin(buildings, on ?? eq(buildings.id, buildingId))
        .where(inArray(id, ids)),
    );
}

/** A kind that names its project only: the tenant comes from the project. */
function throughProject(table: PgTable, id: PgColumn, projectId: PgColumn): Query {
  return async (db, ids) =>
    rowsOf(
      await db
        .select({ id, tenantId: projects.tenantId, projectId: projects.id, buildingId: NONE })
        .from(table)
        .innerJoin(projects, eq(projects.id, projectId))
        .where(inArray(id, ids)),
    );
}

/** A kind that belongs to a user: the tenant is the user's. */
function throughUser(table: PgTable, id: PgColumn, userId: PgColumn): Query {
  return async (db, ids) =>
    rowsOf(
      await db
        .select({ id, tenantId: users.tenantId, projectId: NONE, buildingId: NONE })
        .from(table)
        .innerJoin(users, eq(users.id, userId))
        .where(inArray(id, ids)),
    );
}

const tenantOnly = (table: PgTable, id: PgColumn, tenantId: PgColumn) =>
  direct(table, { id, tenantId, projectId: null, buildingId: null });
const inProject = (table: PgTable, id: PgColumn, tenantId: PgColumn, projectId: PgColumn) =>
  direct(table, { id, tenantId, projectId, buildingId: null });

/**
 * Every kind's ancestry, in one place: a zone's is its floor's building's, a mark's its floor's, a work
 * time's its project's, a device's its own columns. Exhaustive over ResourceKind, so a new kind cannot be
 * declared on a route without saying where its rows sit.
 */
const QUERIES: Record<ResourceKind, Query> = {
  tenant: direct(tenants, { id: tenants.id, tenantId: tenants.id, projectId: null, buildingId: null }),
  project: direct(projects, {
    id: projects.id,
    tenantId: projects.tenantId,
    projectId: projects.id,
    buildingId: null,
  }),
  building: direct(buildings, {
    id: buildings.id,
    tenantId: buildings.tenantId,
    projectId: buildings.projectId,
    buildingId: buildings.id,
  }),
  floor: throughBuilding(floors, floors.id, floors.buildingId),
  zone: async (db, ids) =>
    rowsOf(
      await db
        .select({
          id: zones.id,
          tenantId: buildings.tenantId,
          projectId: buildings.projectId,
          buildingId: buildings.id,
        })
        .from(zones)
        .innerJoin(floors, eq(floors.id, zones.floorId))
        .innerJoin(buildings, eq(buildings.id, floors.buildingId))
        .where(inArray(zones.id, ids)),
    ),
  device: direct(devices, {
    id: devices.id,
    tenantId: devices.tenantId,
    projectId: devices.projectId,
    buildingId: devices.buildingId,
  }),
  group: inProject(deviceGroups, deviceGroups.id, deviceGroups.tenantId, deviceGroups.projectId),
  mark: throughBuilding(deviceMarks, deviceMarks.id, deviceMarks.buildingId),
  meshVersion: throughBuilding(meshVersions, meshVersions.id, meshVersions.buildingId),
  workTime: throughProject(workTimes, workTimes.id, workTimes.projectId),
  scene: inProject(scenes, scenes.id, scenes.tenantId, scenes.projectId),
  noonNap: inProject(noonNaps, noonNaps.id, noonNaps.tenantId, noonNaps.projectId),
  acAutomation: inProject(acAutomations, acAutomations.id, acAutomations.tenantId, acAutomations.projectId),
  alert: direct(alerts, {
    id: alerts.id,
    tenantId: alerts.tenantId,
    projectId: alerts.projectId,
    buildingId: alerts.buildingId,
  }),
  alertRule: direct(alertRules, {
    id: alertRules.id,
    tenantId: alertRules.tenantId,
    projectId: alertRules.projectId,
    buildingId: alertRules.buildingId,
  }),
  channel: inProject(
    notificationChannels,
    notificationChannels.id,
    notificationChannels.tenantId,
    notificationChannels.projectId,
  ),
  tariff: inProject(energyTariffs, energyTariffs.id, energyTariffs.tenantId, energyTariffs.projectId),
  emission: inProject(
    energyEmissionFactors,
    energyEmissionFactors.id,
    energyEmissionFactors.tenantId,
    energyEmissionFactors.projectId,
  ),
  meterNode: inProject(
    energyMeterNodes,
    energyMeterNodes.id,
    energyMeterNodes.tenantId,
    energyMeterNodes.projectId,
  ),
  reportSchedule: inProject(
    energyReportSchedules,
    energyReportSchedules.id,
    energyReportSchedules.tenantId,
    energyReportSchedules.projectId,
  ),
  shareLink: inProject(
    energyShareLinks,
    energyShareLinks.id,
    energyShareLinks.tenantId,
    energyShareLinks.projectId,
  ),
  // A work order names its building when it has one: a weixin customer's buildings limit it like an alert.
  workOrder: direct(workOrders, {
    id: workOrders.id,
    tenantId: workOrders.tenantId,
    projectId: workOrders.projectId,
    buildingId: workOrders.buildingId,
  }),
  maintenancePlan: direct(maintenancePlans, {
    id: maintenancePlans.id,
    tenantId: maintenancePlans.tenantId,
    projectId: maintenancePlans.projectId,
    buildingId: maintenancePlans.buildingId,
  }),
  // A finding names its device's building: a weixin customer's buildings limit it like a work order.
  fddFinding: direct(fddFindings, {
    id: fddFindings.id,
    tenantId: fddFindings.tenantId,
    projectId: fddFindings.projectId,
    buildingId: fddFindings.buildingId,
  }),
  user: tenantOnly(users, users.id, users.tenantId),
  invitation: tenantOnly(ssoInvitations, ssoInvitations.id, ssoInvitations.tenantId),
  ssoProvider: tenantOnly(ssoProviders, ssoProviders.id, ssoProviders.tenantId),
  apiKey: tenantOnly(apiKeys, apiKeys.id, apiKeys.tenantId),
  identity: throughUser(ssoIdentities, ssoIdentities.id, ssoIdentities.userId),
};

/**
 * The ancestry of rows of one kind, by id; an id with no row is absent from the answer. One query per
 * kind whatever the number of ids.
 */
export async function resolveAncestry(
  db: Db,
  kind: ResourceKind,
  ids: readonly number[],
): Promise<Map<number, Ancestry>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await QUERIES[kind](db, unique);
  return new Map(rows.map((row) => [row.id, row]));
}
