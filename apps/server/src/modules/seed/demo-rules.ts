import type { Db } from '../../platform/db/client.js';
import { alertRules } from '../alerts/tables.js';

type NewRule = Omit<typeof alertRules.$inferInsert, 'tenantId' | 'projectId'>;

/**
 * The demo campus's threshold rules, the ones operators ask for first: stale air in a room, a room too cold
 * or too hot, a circuit drawing more than it should. Limits sit above what the simulator's normal day
 * produces, so the board shows an alert when something is really off (an over-full room, a fault).
 */
export const DEMO_RULES: readonly NewRule[] = [
  {
    name: 'CO2 above 1500 ppm',
    model: 'sair4g',
    telemetryKey: 'co2',
    operator: 'above',
    threshold: 1500,
    durationS: 600,
    level: 'secondary',
    autoClear: true,
    clearDelayS: 300,
    deadband: 100,
  },
  {
    name: 'Room temperature outside 16-30 °C',
    model: 'th10',
    telemetryKey: 'temperature',
    operator: 'outside',
    threshold: 16,
    thresholdHigh: 30,
    durationS: 900,
    level: 'general',
    autoClear: true,
    clearDelayS: 300,
    deadband: 1,
  },
  {
    name: 'Circuit power above 8 kW',
    model: 'ammeter4g',
    telemetryKey: 'power',
    operator: 'above',
    threshold: 8000,
    durationS: 300,
    level: 'urgent',
    autoClear: true,
    clearDelayS: 120,
    deadband: 500,
  },
];

/** Adds the demo rules to the demo campus (first start only, like the rest of the demo). */
export async function seedAlertRules(db: Db, tenantId: number, projectId: number): Promise<void> {
  await db.insert(alertRules).values(DEMO_RULES.map((rule) => ({ ...rule, tenantId, projectId })));
}
