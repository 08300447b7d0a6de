import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import {
  DEVICE_MODELS,
  type AlertRuleLevel,
  type AlertRuleOperator,
  type ModelId,
  type ThresholdDetail,
} from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { placed, placeOf } from './detection.js';
import { alertHistory, alertRules, alerts, nextVersion } from './tables.js';

/*
 * What the threshold evaluator (rules.ts) writes: a rule as it keeps it in memory, and the alert rows it
 * raises and clears. Each write is one transaction; the evaluator emits the events after it.
 */

/** A rule as the evaluator keeps it. */
export interface Rule {
  id: number;
  version: number;
  tenantId: number;
  projectId: number;
  buildingId: number | null;
  name: string;
  model: ModelId;
  telemetryKey: string;
  /** The key on the wire is `${key}${channel}` (an ammeter channel's power). */
  perChannel: boolean;
  unit: string;
  operator: AlertRuleOperator;
  threshold: number;
  thresholdHigh: number | null;
  durationMs: number;
  level: AlertRuleLevel;
  autoClear: boolean;
  clearDelayMs: number;
  deadband: number;
}

/** The evaluator's form of a stored rule: durations in milliseconds, the key's unit from the catalogue. */
export function toRule(row: typeof alertRules.$inferSelect): Rule {
  const spec = DEVICE_MODELS[row.model].telemetry.find((s) => s.key === row.telemetryKey);
  return {
    id: row.id,
    version: row.version,
    tenantId: row.tenantId,
    projectId: row.projectId,
    buildingId: row.buildingId,
    name: row.name,
    model: row.model,
    telemetryKey: row.telemetryKey,
    perChannel: spec?.perChannel === true,
    unit: spec?.unit ?? '',
    operator: row.operator,
    threshold: row.threshold,
    thresholdHigh: row.thresholdHigh,
    durationMs: row.durationS * 1000,
    level: row.level,
    autoClear: row.autoClear,
    clearDelayMs: row.clearDelayS * 1000,
    deadband: row.deadband,
  };
}

function detailOf(rule: Rule): ThresholdDetail {
  return {
    ruleName: rule.name,
    telemetryKey: rule.telemetryKey,
    unit: rule.unit,
    operator: rule.operator,
    threshold: rule.threshold,
    thresholdHigh: rule.thresholdHigh,
  };
}

/** What a raise answers when the rule no longer exists or is switched off. */
export const RULE_GONE = Symbol('rule gone');

/** Opens the device's alert of the rule, or adds to the open one; answers its id (RULE_GONE: no rule). */
export async function raiseThresholdAlert(
  db: Db,
  rule: Rule,
  deviceId: number,
  value: number,
  at: number,
  readAt: number,
): Promise<number | null | typeof RULE_GONE> {
  const [device] = await placed(db, [deviceId]);
  if (!device) return null;
  return db.transaction(async (tx) => {
    // The rule may be gone or off without this process being told (its building or project deleted, or
    // changed on another process): raise nothing for it.
    const [current] = await tx
      .select({ id: alertRules.id })
      .from(alertRules)
      .where(and(eq(alertRules.id, rule.id), eq(alertRules.enabled, true)));
    if (!current) return RULE_GONE;
    const now = new Date(at);
    const [open] = await tx
      .select({ id: alerts.id })
      .from(alerts)
      .where(
        and(
          eq(alerts.deviceId, deviceId),
          eq(alerts.ruleId, rule.id),
          eq(alerts.type, 'threshold'),
          eq(alerts.status, 'alerting'),
        ),
      );
    if (open) {
      await tx
        .update(alerts)
        .set({ value, lastTelemetryAt: new Date(readAt), updatedAt: now })
        .where(eq(alerts.id, open.id));
      await tx.insert(alertHistory).values({
        alertId: open.id,
        at: now,
        fromStatus: 'alerting',
        toStatus: 'alerting',
        note: 'thresholdAgain',
      });
      return open.id;
    }
    const [raised] = await tx
      .insert(alerts)
      .values({
        tenantId: device.tenantId,
        projectId: device.projectId,
        deviceId: device.id,
        deviceName: device.name,
        model: device.model,
        category: device.category,
        buildingId: device.buildingId,
        floorId: device.floorId,
        level: rule.level,
        status: 'alerting',
        type: 'threshold',
        ...placeOf(device),
        object: device.name,
        alertTime: now,
        lastTelemetryAt: new Date(readAt),
        ruleId: rule.id,
        value,
        threshold: detailOf(rule),
      })
      // Another process raised it first: its alert is the one.
      .onConflictDoNothing()
      .returning({ id: alerts.id });
    if (!raised) return null;
    await tx
      .insert(alertHistory)
      .values({ alertId: raised.id, at: now, toStatus: 'alerting', note: 'raised' });
    return raised.id;
  });
}

/** Resolves the device's open alert of the rule with 'fault recovery'; answers its id (null: none open). */
export function clearThresholdAlert(
  db: Db,
  rule: Rule,
  deviceId: number,
  at: number,
): Promise<number | null> {
  return db.transaction(async (tx) => {
    const now = new Date(at);
    const [resolved] = await tx
      .update(alerts)
      .set({
        status: 'processed',
        solution: 'faultRecovery',
        resolvedAt: now,
        version: nextVersion,
        updatedAt: now,
      })
      .where(
        and(
          eq(alerts.deviceId, deviceId),
          eq(alerts.ruleId, rule.id),
          eq(alerts.type, 'threshold'),
          eq(alerts.status, 'alerting'),
        ),
      )
      .returning({ id: alerts.id });
    if (!resolved) return null;
    await tx.insert(alertHistory).values({
      alertId: resolved.id,
      at: now,
      fromStatus: 'alerting',
      toStatus: 'processed',
      solution: 'faultRecovery',
      note: 'recovered',
    });
    return resolved.id;
  });
}

/** The (rule, device) pairs of these rules with an open alert. */
export async function openThresholdAlerts(db: Db, ruleIds: number[]) {
  if (ruleIds.length === 0) return [];
  return db
    .select({ ruleId: alerts.ruleId, deviceId: alerts.deviceId })
    .from(alerts)
    .where(
      and(
        inArray(alerts.ruleId, ruleIds),
        eq(alerts.status, 'alerting'),
        eq(alerts.type, 'threshold'),
        isNotNull(alerts.deviceId),
      ),
    );
}
