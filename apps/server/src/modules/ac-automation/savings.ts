import { and, asc, eq, gt, gte, isNull, lte, sql } from 'drizzle-orm';
import {
  AC_RATED_WATTS,
  AC_SAVINGS_MAX_OFF_HOURS,
  type AcAutomationSavings,
  type SceneCommandResult,
} from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { tenantFilter, type Scope } from '../../platform/tenancy.js';
import { findProject } from '../projects/service.js';
import { sceneRuns } from '../scenes/tables.js';
import { telemetryRaw } from '../telemetry/tables.js';
import { acAutomations } from './tables.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** One stretch an automation's off command started: the unit, and when it was switched off. */
export interface OffEvent {
  automationId: number;
  deviceId: number;
  at: Date;
}

/**
 * The hours an off event kept its unit off within [from, to]: until the unit next reported on (`onAt`,
 * null when it did not), at most AC_SAVINGS_MAX_OFF_HOURS (beyond a working day nobody would have left it
 * running), clipped to the period. Pure, for the tests.
 */
export function keptOffHours(event: OffEvent, onAt: Date | null, from: Date, to: Date): number {
  const cap = event.at.getTime() + AC_SAVINGS_MAX_OFF_HOURS * HOUR_MS;
  const end = Math.min(onAt?.getTime() ?? Infinity, cap, to.getTime());
  const start = Math.max(event.at.getTime(), from.getTime());
  return Math.max(0, end - start) / HOUR_MS;
}

/** The successful off commands in a run's results. */
function offCommands(commands: SceneCommandResult[]): SceneCommandResult[] {
  return commands.filter(
    (c) => c.method === 'setOnOff' && c.params.onOff === false && c.result === 'success',
  );
}

/**
 * For each AC automation of a project, the energy it saved over [from, to] (default the last 30 days):
 * the device power model (AC_RATED_WATTS per unit) times the time its off commands kept units off (until
 * the unit reported on again, by anyone). Exposed for the savings view of scenes and automations.
 */
export async function acAutomationSavings(
  db: Db,
  scope: Scope,
  projectId: number,
  period: { from?: string | undefined; to?: string | undefined } = {},
  now = new Date(),
): Promise<AcAutomationSavings> {
  await findProject(db, scope, projectId);
  const to = period.to ? new Date(period.to) : now;
  const from = period.from ? new Date(period.from) : new Date(to.getTime() - 30 * DAY_MS);
  const configs = await db
    .select({ id: acAutomations.id })
    .from(acAutomations)
    .where(and(tenantFilter(scope, acAutomations.tenantId), eq(acAutomations.projectId, projectId)));
  const runs = await db
    .select({ startedAt: sceneRuns.startedAt, detail: sceneRuns.detail, commands: sceneRuns.commands })
    .from(sceneRuns)
    .where(
      and(
        tenantFilter(scope, sceneRuns.tenantId),
        eq(sceneRuns.projectId, projectId),
        isNull(sceneRuns.sceneId),
        sql`${sceneRuns.detail} ? 'acAutomationId'`,
        gte(sceneRuns.startedAt, new Date(from.getTime() - AC_SAVINGS_MAX_OFF_HOURS * HOUR_MS)),
        lte(sceneRuns.startedAt, to),
      ),
    )
    .orderBy(asc(sceneRuns.startedAt));
  const events: OffEvent[] = [];
  for (const run of runs) {
    const automationId = run.detail.acAutomationId;
    if (typeof automationId !== 'number') continue;
    for (const c of offCommands(run.commands))
      events.push({ automationId, deviceId: c.deviceId, at: run.startedAt });
  }
  const hours = new Map<number, number>(configs.map((c) => [c.id, 0]));
  for (const event of events) {
    const [on] = await db
      .select({ ts: telemetryRaw.ts })
      .from(telemetryRaw)
      .where(
        and(
          eq(telemetryRaw.deviceId, event.deviceId),
          eq(telemetryRaw.key, 'onOff'),
          eq(telemetryRaw.num, 1),
          gt(telemetryRaw.ts, event.at),
        ),
      )
      .orderBy(asc(telemetryRaw.ts))
      .limit(1);
    if (!hours.has(event.automationId)) continue;
    hours.set(
      event.automationId,
      (hours.get(event.automationId) ?? 0) + keptOffHours(event, on?.ts ?? null, from, to),
    );
  }
  const round = (v: number) => Math.round(v * 100) / 100;
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    ratedWatts: AC_RATED_WATTS,
    rows: [...hours].map(([automationId, offHours]) => ({
      automationId,
      offHours: round(offHours),
      kwh: round((offHours * AC_RATED_WATTS) / 1000),
    })),
  };
}
