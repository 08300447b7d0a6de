import { and, asc, eq } from 'drizzle-orm';
import type { MeterTerm, TariffPlan, TariffSeason } from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { buildings, floors } from '../buildings/tables.js';
import { devices } from '../devices/tables.js';
import { energyEmissionFactors, energyMeterNodes, energyTariffs } from './tables.js';

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
  await seedMeterTree(db, tenantId, projectId);
}

/** Area of each demo floor and of its tenant units, m². */
export const DEMO_FLOOR_M2 = 1200;
export const DEMO_TENANT_A_M2 = 850;
export const DEMO_TENANT_B_M2 = 600;

/**
 * The demo campus's meter tree: each building (its floors' sum) and floor (its 4-channel ammeter) with its
 * area; on the first building's first floor the common areas (a virtual meter: channel 4, the corridor) and
 * tenant A = the floor's meter − the common areas; on its second floor tenant B = channels 1 + 2, which
 * leaves channels 3 and 4 as the floor's unmetered remainder. Nothing when the project has a tree already.
 */
export async function seedMeterTree(db: Db, tenantId: number, projectId: number): Promise<void> {
  const [existing] = await db
    .select({ id: energyMeterNodes.id })
    .from(energyMeterNodes)
    .where(eq(energyMeterNodes.projectId, projectId))
    .limit(1);
  if (existing) return;
  const rows = await db
    .select({
      deviceId: devices.id,
      props: devices.props,
      buildingId: buildings.id,
      buildingName: buildings.name,
      floorId: floors.id,
      floorName: floors.name,
    })
    .from(devices)
    .innerJoin(buildings, eq(buildings.id, devices.buildingId))
    .innerJoin(floors, eq(floors.id, devices.floorId))
    .where(and(eq(devices.projectId, projectId), eq(devices.model, 'ammeter4g')))
    .orderBy(asc(buildings.id), asc(floors.sort), asc(floors.id), asc(devices.id));
  const tree = new Map<number, { name: string; floors: Map<number, { name: string; channels: number[] }> }>();
  for (const row of rows) {
    let building = tree.get(row.buildingId);
    if (!building) tree.set(row.buildingId, (building = { name: row.buildingName, floors: new Map() }));
    let floor = building.floors.get(row.floorId);
    if (!floor) building.floors.set(row.floorId, (floor = { name: row.floorName, channels: [] }));
    floor.channels.push(row.deviceId);
    floor.channels.sort((a, b) => a - b);
  }
  const insert = async (values: Omit<typeof energyMeterNodes.$inferInsert, 'tenantId' | 'projectId'>) => {
    const [row] = await db
      .insert(energyMeterNodes)
      .values({ tenantId, projectId, ...values })
      .returning({ id: energyMeterNodes.id });
    if (!row) throw new Error('meter node insert returned nothing');
    return row.id;
  };
  let b = 0;
  for (const building of tree.values()) {
    const buildingId = await insert({
      kind: 'building',
      name: building.name,
      areaM2: DEMO_FLOOR_M2 * building.floors.size,
      sort: b++,
    });
    let f = 0;
    for (const floor of building.floors.values()) {
      const floorId = await insert({
        parentId: buildingId,
        kind: 'floor',
        name: `${building.name} ${floor.name}`,
        areaM2: DEMO_FLOOR_M2,
        channels: floor.channels,
        sort: f++,
      });
      const [ch1, ch2, , ch4] = floor.channels;
      if (b !== 1 || ch1 === undefined || ch2 === undefined || ch4 === undefined) continue;
      const term = (sign: 1 | -1, ref: { nodeId?: number; deviceId?: number }): MeterTerm => ({
        sign,
        nodeId: ref.nodeId ?? null,
        deviceId: ref.deviceId ?? null,
      });
      if (f === 1) {
        const common = await insert({
          parentId: floorId,
          kind: 'zone',
          name: 'Common areas',
          areaM2: DEMO_FLOOR_M2 - DEMO_TENANT_A_M2,
          terms: [term(1, { deviceId: ch4 })],
          sort: 1,
        });
        await insert({
          parentId: floorId,
          kind: 'tenantUnit',
          name: 'Tenant A',
          areaM2: DEMO_TENANT_A_M2,
          terms: [term(1, { nodeId: floorId }), term(-1, { nodeId: common })],
          sort: 0,
        });
      } else if (f === 2) {
        await insert({
          parentId: floorId,
          kind: 'tenantUnit',
          name: 'Tenant B',
          areaM2: DEMO_TENANT_B_M2,
          terms: [term(1, { deviceId: ch1 }), term(1, { deviceId: ch2 })],
          sort: 0,
        });
      }
    }
  }
}
