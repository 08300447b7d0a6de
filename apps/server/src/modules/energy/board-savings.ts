import type { EnergyQuery, EnergySavings } from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import type { Scope } from '../../platform/tenancy.js';
import { acAutomationSavings } from '../ac-automation/index.js';
import { sceneSavings } from '../scenes/index.js';
import { addDays, localDate, localMidnight, periodRange } from './periods.js';
import { checkScope } from './service.js';

/**
 * The energy board's "Saved by automation": what the project's scenes and AC automations saved (the shared
 * savings rule, ./savings.ts) in the board's period of the project's calendar, up to now; with the board's
 * building, only what they saved on that building's devices (another tenant's or project's building 404s).
 */
export async function energySavings(
  db: Db,
  scope: Scope,
  query: EnergyQuery,
  now = Date.now(),
): Promise<EnergySavings> {
  const zone = (await checkScope(db, scope, query)).timeZone;
  const range = periodRange(query.period, query.anchor ?? localDate(now, zone));
  const fromMs = localMidnight(range.from, zone);
  const toMs = Math.max(fromMs, Math.min(now, localMidnight(addDays(range.to, 1), zone)));
  const period = { from: new Date(fromMs).toISOString(), to: new Date(toMs).toISOString() };
  const asked = { ...period, buildingId: query.buildingId };
  const [scenes, automations] = await Promise.all([
    sceneSavings(db, scope, query.projectId, asked),
    acAutomationSavings(db, scope, query.projectId, asked),
  ]);
  const sum = (rows: { kwh: number }[]) => rows.reduce((s, r) => s + r.kwh, 0);
  const round = (v: number) => Math.round(v * 100) / 100;
  const scenesKwh = round(sum(scenes.rows));
  const acAutomationsKwh = round(sum(automations.rows));
  return { ...period, scenesKwh, acAutomationsKwh, kwh: round(scenesKwh + acAutomationsKwh) };
}
