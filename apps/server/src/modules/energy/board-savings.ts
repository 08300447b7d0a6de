import type { EnergyQuery, EnergySavings, SavingEvidence } from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import type { Scope } from '../../platform/tenancy.js';
import { acAutomationEvidence } from '../ac-automation/index.js';
import { sceneAndNapEvidence } from '../scenes/index.js';
import { addDays, localDate, localMidnight, periodRange } from './periods.js';
import { checkScope } from './service.js';

/** The board's period on the project's calendar, as instants, up to now (the project 404s when not in scope). */
export async function savingsRange(db: Db, scope: Scope, query: EnergyQuery, now: number) {
  const project = await checkScope(db, scope, query);
  const zone = project.timeZone;
  const range = periodRange(query.period, query.anchor ?? localDate(now, zone));
  const fromMs = localMidnight(range.from, zone);
  const toMs = Math.max(fromMs, Math.min(now, localMidnight(addDays(range.to, 1), zone)));
  return { zone, from: new Date(fromMs), to: new Date(toMs) };
}

/** Every saving of the project's scenes, noon naps and AC automations in the range (building's devices only). */
export async function automationEvidence(
  db: Db,
  scope: Scope,
  projectId: number,
  range: { from: Date; to: Date },
  buildingId?: number,
): Promise<{ scenes: SavingEvidence[]; noonNaps: SavingEvidence[]; acAutomations: SavingEvidence[] }> {
  const [{ scenes, noonNaps }, acAutomations] = await Promise.all([
    sceneAndNapEvidence(db, scope, projectId, range, buildingId),
    acAutomationEvidence(db, scope, projectId, range, buildingId),
  ]);
  return { scenes, noonNaps, acAutomations };
}

const round = (v: number) => Math.round(v * 100) / 100;
const sum = (rows: { kwh: number }[]) => rows.reduce((s, r) => s + r.kwh, 0);

/**
 * The energy board's "Saved by automation": what the project's scenes, noon naps and AC automations saved
 * (the shared savings rule, modules/savings) in the board's period of the project's calendar, up to now;
 * with the board's building, only what they saved on that building's devices (another tenant's or project's
 * building 404s).
 */
export async function energySavings(
  db: Db,
  scope: Scope,
  query: EnergyQuery,
  now = Date.now(),
): Promise<EnergySavings> {
  const { from, to } = await savingsRange(db, scope, query, now);
  const found = await automationEvidence(db, scope, query.projectId, { from, to }, query.buildingId);
  const scenesKwh = round(sum(found.scenes));
  const noonNapsKwh = round(sum(found.noonNaps));
  const acAutomationsKwh = round(sum(found.acAutomations));
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    scenesKwh,
    noonNapsKwh,
    acAutomationsKwh,
    kwh: round(scenesKwh + noonNapsKwh + acAutomationsKwh),
  };
}
