import { eq } from 'drizzle-orm';
import type { EnergyQuery, EnergySavings } from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { ownedOr404, type Scope } from '../../platform/tenancy.js';
import { acAutomationSavings } from '../ac-automation/savings.js';
import { projects } from '../projects/tables.js';
import { sceneSavings } from '../scenes/savings.js';
import { addDays, localDate, localMidnight, periodRange } from './periods.js';

/**
 * The energy board's "Saved by automation": what the project's scenes and AC automations saved (the shared
 * savings rule, ./savings.ts) in the board's period of the project's calendar, up to now.
 */
export async function energySavings(
  db: Db,
  scope: Scope,
  query: EnergyQuery,
  now = Date.now(),
): Promise<EnergySavings> {
  const [project] = await db
    .select({ id: projects.id, tenantId: projects.tenantId, timeZone: projects.timeZone })
    .from(projects)
    .where(eq(projects.id, query.projectId));
  const zone = ownedOr404(scope, project).timeZone;
  const range = periodRange(query.period, query.anchor ?? localDate(now, zone));
  const fromMs = localMidnight(range.from, zone);
  const toMs = Math.max(fromMs, Math.min(now, localMidnight(addDays(range.to, 1), zone)));
  const period = { from: new Date(fromMs).toISOString(), to: new Date(toMs).toISOString() };
  const [scenes, automations] = await Promise.all([
    sceneSavings(db, scope, query.projectId, period),
    acAutomationSavings(db, scope, query.projectId, period),
  ]);
  const sum = (rows: { kwh: number }[]) => rows.reduce((s, r) => s + r.kwh, 0);
  const round = (v: number) => Math.round(v * 100) / 100;
  const scenesKwh = round(sum(scenes.rows));
  const acAutomationsKwh = round(sum(automations.rows));
  return { ...period, scenesKwh, acAutomationsKwh, kwh: round(scenesKwh + acAutomationsKwh) };
}
