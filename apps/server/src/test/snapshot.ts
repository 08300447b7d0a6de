import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../platform/db/client.js';
import { projects } from '../modules/projects/tables.js';
import { calendarDays, projectCalendarYears, workTimes } from '../modules/calendar/tables.js';
import { sysConfig } from '../modules/system/tables.js';
import { energyEmissionFactors, energyMeterNodes, energyTariffs } from '../modules/energy-billing/tables.js';
import {
  energyReportSchedules,
  energyReportSends,
  energyShareLinks,
} from '../modules/energy-reports/tables.js';
import { sysDictData } from '../modules/system/dict-tables.js';
import { buildings, floors, zones } from '../modules/buildings/tables.js';
import { files } from '../modules/files/tables.js';
import { users } from '../modules/users/tables.js';
import { tenants } from '../modules/tenants/tables.js';
import { sessions } from '../modules/sessions/tables.js';
import { alertHistory, alertRules, alerts } from '../modules/alerts/tables.js';
import { noonNaps, sceneRuns, scenes } from '../modules/scenes/tables.js';
import { acAutomations } from '../modules/ac-automation/tables.js';
import { apiKeys } from '../modules/api-keys/tables.js';
import { fddFindings, fddRuleSettings } from '../modules/fdd/tables.js';
import { genTable, genTableColumn } from '../modules/codegen/tables.js';
import { ssoInvitations, ssoProviders } from '../modules/sso/tables.js';
import {
  maintenancePlans,
  workOrderComments,
  workOrderHistory,
  workOrderPhotos,
  workOrders,
  workOrderSettings,
} from '../modules/work-orders/tables.js';
import {
  bleGatewayInits,
  deviceAttributeChanges,
  deviceGroupMembers,
  deviceGroups,
  deviceMarks,
  devices,
  meshVersions,
} from '../modules/devices/tables.js';

/**
 * Everything the tenants own, and the platform tables, as plain data to compare: a refused try must change
 * none of it. Times of use (a key's last use, a session's last activity) are left out: reading moves them.
 */
export async function snapshot(db: Db, tenantIds: number[]) {
  const bProjects = await db
    .select()
    .from(projects)
    .where(inArray(projects.tenantId, tenantIds))
    .orderBy(asc(projects.id));
  const projectIds = bProjects.map((p) => p.id);
  return {
    projects: bProjects,
    tariffs: await db
      .select()
      .from(energyTariffs)
      .where(inArray(energyTariffs.projectId, projectIds))
      .orderBy(asc(energyTariffs.id)),
    emissionFactors: await db
      .select()
      .from(energyEmissionFactors)
      .where(inArray(energyEmissionFactors.projectId, projectIds))
      .orderBy(asc(energyEmissionFactors.id)),
    meterNodes: await db
      .select()
      .from(energyMeterNodes)
      .where(inArray(energyMeterNodes.projectId, projectIds))
      .orderBy(asc(energyMeterNodes.id)),
    reportSchedules: await db
      .select()
      .from(energyReportSchedules)
      .where(inArray(energyReportSchedules.projectId, projectIds))
      .orderBy(asc(energyReportSchedules.id)),
    reportSends: await db
      .select()
      .from(energyReportSends)
      .where(inArray(energyReportSends.projectId, projectIds))
      .orderBy(asc(energyReportSends.id)),
    shareLinks: await db
      .select()
      .from(energyShareLinks)
      .where(inArray(energyShareLinks.projectId, projectIds))
      .orderBy(asc(energyShareLinks.id)),
    workTimes: await db
      .select()
      .from(workTimes)
      .where(inArray(workTimes.projectId, projectIds))
      .orderBy(asc(workTimes.id)),
    days: await db
      .select()
      .from(calendarDays)
      .where(inArray(calendarDays.projectId, projectIds))
      .orderBy(asc(calendarDays.id)),
    years: await db
      .select()
      .from(projectCalendarYears)
      .where(inArray(projectCalendarYears.projectId, projectIds)),
    buildings: await db
      .select()
      .from(buildings)
      .where(inArray(buildings.tenantId, tenantIds))
      .orderBy(asc(buildings.id)),
    floors: await db.select().from(floors).where(inArray(floors.tenantId, tenantIds)).orderBy(asc(floors.id)),
    zones: await db.select().from(zones).where(inArray(zones.tenantId, tenantIds)).orderBy(asc(zones.id)),
    files: await db.select().from(files).where(inArray(files.tenantId, tenantIds)).orderBy(asc(files.id)),
    users: await db.select().from(users).where(inArray(users.tenantId, tenantIds)).orderBy(asc(users.id)),
    sessions: await db
      .select({ id: sessions.id, revokedAt: sessions.revokedAt })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(inArray(users.tenantId, tenantIds))
      .orderBy(asc(sessions.id)),
    tenants: await db.select().from(tenants).orderBy(asc(tenants.id)),
    config: await db.select().from(sysConfig).orderBy(asc(sysConfig.id)),
    dict: await db.select().from(sysDictData).orderBy(asc(sysDictData.dictCode)),
    genTables: await db.select().from(genTable).orderBy(asc(genTable.id)),
    genColumns: await db.select().from(genTableColumn).orderBy(asc(genTableColumn.id)),
    groups: await db
      .select()
      .from(deviceGroups)
      .where(inArray(deviceGroups.tenantId, tenantIds))
      .orderBy(asc(deviceGroups.id)),
    groupMembers: await db
      .select({ member: deviceGroupMembers })
      .from(deviceGroupMembers)
      .innerJoin(deviceGroups, eq(deviceGroups.id, deviceGroupMembers.groupId))
      .where(inArray(deviceGroups.tenantId, tenantIds))
      .orderBy(asc(deviceGroupMembers.groupId), asc(deviceGroupMembers.sort)),
    marks: await db
      .select()
      .from(deviceMarks)
      .where(inArray(deviceMarks.tenantId, tenantIds))
      .orderBy(asc(deviceMarks.id)),
    meshVersions: await db
      .select()
      .from(meshVersions)
      .where(inArray(meshVersions.tenantId, tenantIds))
      .orderBy(asc(meshVersions.id)),
    devices: await db
      .select()
      .from(devices)
      .where(inArray(devices.tenantId, tenantIds))
      .orderBy(asc(devices.id)),
    attributeChanges: await db
      .select()
      .from(deviceAttributeChanges)
      .where(inArray(deviceAttributeChanges.tenantId, tenantIds))
      .orderBy(asc(deviceAttributeChanges.id)),
    bleInits: await db
      .select()
      .from(bleGatewayInits)
      .where(inArray(bleGatewayInits.tenantId, tenantIds))
      .orderBy(asc(bleGatewayInits.deviceId)),
    alerts: await db.select().from(alerts).where(inArray(alerts.tenantId, tenantIds)).orderBy(asc(alerts.id)),
    apiKeys: (
      await db.select().from(apiKeys).where(inArray(apiKeys.tenantId, tenantIds)).orderBy(asc(apiKeys.id))
    ).map(({ lastUsedAt: _at, lastUsedIp: _ip, ...key }) => key),
    alertRules: await db
      .select()
      .from(alertRules)
      .where(inArray(alertRules.tenantId, tenantIds))
      .orderBy(asc(alertRules.id)),
    scenes: await db.select().from(scenes).where(inArray(scenes.tenantId, tenantIds)).orderBy(asc(scenes.id)),
    noonNaps: await db
      .select()
      .from(noonNaps)
      .where(inArray(noonNaps.tenantId, tenantIds))
      .orderBy(asc(noonNaps.id)),
    acAutomations: await db
      .select()
      .from(acAutomations)
      .where(inArray(acAutomations.tenantId, tenantIds))
      .orderBy(asc(acAutomations.id)),
    sceneRuns: await db
      .select()
      .from(sceneRuns)
      .where(inArray(sceneRuns.tenantId, tenantIds))
      .orderBy(asc(sceneRuns.id)),
    ssoProviders: await db
      .select()
      .from(ssoProviders)
      .where(inArray(ssoProviders.tenantId, tenantIds))
      .orderBy(asc(ssoProviders.id)),
    ssoInvitations: await db
      .select()
      .from(ssoInvitations)
      .where(inArray(ssoInvitations.tenantId, tenantIds))
      .orderBy(asc(ssoInvitations.id)),
    alertHistory: await db
      .select({ entry: alertHistory })
      .from(alertHistory)
      .innerJoin(alerts, eq(alerts.id, alertHistory.alertId))
      .where(inArray(alerts.tenantId, tenantIds))
      .orderBy(asc(alertHistory.id)),
    workOrders: await db
      .select()
      .from(workOrders)
      .where(inArray(workOrders.tenantId, tenantIds))
      .orderBy(asc(workOrders.id)),
    workOrderHistory: await db
      .select({ entry: workOrderHistory })
      .from(workOrderHistory)
      .innerJoin(workOrders, eq(workOrders.id, workOrderHistory.workOrderId))
      .where(inArray(workOrders.tenantId, tenantIds))
      .orderBy(asc(workOrderHistory.id)),
    workOrderComments: await db
      .select({ comment: workOrderComments })
      .from(workOrderComments)
      .innerJoin(workOrders, eq(workOrders.id, workOrderComments.workOrderId))
      .where(inArray(workOrders.tenantId, tenantIds))
      .orderBy(asc(workOrderComments.id)),
    workOrderPhotos: await db
      .select({ photo: workOrderPhotos })
      .from(workOrderPhotos)
      .innerJoin(workOrders, eq(workOrders.id, workOrderPhotos.workOrderId))
      .where(inArray(workOrders.tenantId, tenantIds))
      .orderBy(asc(workOrderPhotos.workOrderId), asc(workOrderPhotos.fileId)),
    maintenancePlans: await db
      .select()
      .from(maintenancePlans)
      .where(inArray(maintenancePlans.tenantId, tenantIds))
      .orderBy(asc(maintenancePlans.id)),
    workOrderSettings: await db
      .select()
      .from(workOrderSettings)
      .where(inArray(workOrderSettings.tenantId, tenantIds))
      .orderBy(asc(workOrderSettings.projectId)),
    fddFindings: await db
      .select()
      .from(fddFindings)
      .where(inArray(fddFindings.tenantId, tenantIds))
      .orderBy(asc(fddFindings.id)),
    fddRuleSettings: await db
      .select()
      .from(fddRuleSettings)
      .where(inArray(fddRuleSettings.tenantId, tenantIds))
      .orderBy(asc(fddRuleSettings.projectId), asc(fddRuleSettings.rule)),
  };
}
