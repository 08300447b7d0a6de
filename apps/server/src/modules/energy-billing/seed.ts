import type { TariffPlan, TariffSeason } from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { energyEmissionFactors, energyTariffs } from './tables.js';

type Hours = TariffSeason['workday'];
const h = (period: Hours[number]['period'], from: number, to: number) => ({ period, from, to });

/**
 * The demo campus's five-period commercial tariff (CNY/kWh), shaped like the provincial grids' 2024 plans:
 * a sharp peak in summer (July, August) and winter (December, January) late mornings and afternoons, a deep
 * valley at night, and on rest days also at noon (solar surplus).
 */
export const DEMO_TARIFF: TariffPlan = {
  kind: 'tou',
  flatPrice: null,
  tiers: [],
  prices: { sharp: 1.35, peak: 1.08, flat: 0.65, valley: 0.32, deepValley: 0.22 },
  seasons: [
    {
      name: 'Summer and winter',
      months: [1, 7, 8, 12],
      workday: [
        h('deepValley', 0, 6),
        h('valley', 6, 8),
        h('peak', 8, 10),
        h('sharp', 10, 12),
        h('flat', 12, 14),
        h('sharp', 14, 16),
        h('peak', 16, 20),
        h('flat', 20, 22),
        h('valley', 22, 24),
      ],
      restDay: [
        h('deepValley', 0, 6),
        h('valley', 6, 8),
        h('flat', 8, 11),
        h('deepValley', 11, 14),
        h('flat', 14, 17),
        h('peak', 17, 21),
        h('flat', 21, 22),
        h('valley', 22, 24),
      ],
    },
    {
      name: 'Spring and autumn',
      months: [2, 3, 4, 5, 6, 9, 10, 11],
      workday: [
        h('deepValley', 0, 6),
        h('valley', 6, 8),
        h('peak', 8, 11),
        h('flat', 11, 13),
        h('peak', 13, 17),
        h('flat', 17, 22),
        h('valley', 22, 24),
      ],
      restDay: [
        h('deepValley', 0, 6),
        h('valley', 6, 8),
        h('flat', 8, 11),
        h('deepValley', 11, 14),
        h('flat', 14, 22),
        h('valley', 22, 24),
      ],
    },
  ],
  demandChargePerKw: 40,
  fixedCharges: [{ name: 'Metering service', amount: 50 }],
};

/** China's national grid average emission factor (2022, published 2024), kgCO2e/kWh. */
export const DEMO_EMISSION_FACTOR = 0.5366;
/** From well before the simulator's year of history, so every board shows cost and carbon at once. */
export const DEMO_VALID_FROM = '2020-01-01';

/** Gives the demo campus its tariff and emission factor (nothing when they are there already). */
export async function seedEnergyBilling(db: Db, tenantId: number, projectId: number): Promise<void> {
  await db
    .insert(energyTariffs)
    .values({
      tenantId,
      projectId,
      name: 'Commercial time-of-use (demo)',
      validFrom: DEMO_VALID_FROM,
      currency: 'CNY',
      plan: DEMO_TARIFF,
    })
    .onConflictDoNothing();
  await db
    .insert(energyEmissionFactors)
    .values({ tenantId, projectId, validFrom: DEMO_VALID_FROM, kgPerKwh: DEMO_EMISSION_FACTOR })
    .onConflictDoNothing();
}
