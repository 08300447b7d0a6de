import { and, asc, between, eq } from 'drizzle-orm';
import {
  hoursOfDay,
  type EmissionFactor,
  type EmissionFactorBody,
  type Tariff,
  type TariffCreateBody,
  type TariffDay,
  type TariffPlan,
  type TariffUpdateBody,
} from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { ownedOr404, tenantFilter, type Scope } from '../../platform/tenancy.js';
import { describeDay, localTimeOf } from '../calendar/index.js';
import { calendarDays } from '../calendar/tables.js';
import { findProject } from '../projects/index.js';
import { inForce } from './pricing.js';
import { energyEmissionFactors, energyTariffs } from './tables.js';

type TariffRow = typeof energyTariffs.$inferSelect;

export function toTariff(row: TariffRow): Tariff {
  const plan = row.plan;
  return {
    id: row.id,
    projectId: row.projectId,
    name: row.name,
    validFrom: row.validFrom,
    currency: row.currency,
    kind: plan.kind,
    flatPrice: plan.flatPrice,
    tiers: plan.tiers,
    prices: plan.prices,
    seasons: plan.seasons,
    demandChargePerKw: plan.demandChargePerKw,
    fixedCharges: plan.fixedCharges,
  };
}

/** What is stored of a plan: only the parts its kind uses. */
function planOf(body: TariffCreateBody): TariffPlan {
  return {
    kind: body.kind,
    flatPrice: body.kind === 'flat' ? body.flatPrice : null,
    tiers: body.kind === 'tiered' ? body.tiers : [],
    prices: body.kind === 'tou' ? body.prices : null,
    seasons:
      body.kind === 'tou'
        ? body.seasons.map((s) => ({ ...s, months: [...s.months].sort((a, b) => a - b) }))
        : [],
    demandChargePerKw: body.demandChargePerKw,
    fixedCharges: body.fixedCharges,
  };
}

/** A project's tariffs, oldest first (each applies until the next one's date). */
export async function listTariffs(db: Db, scope: Scope, projectId: number): Promise<Tariff[]> {
  await findProject(db, scope, projectId);
  const rows = await db
    .select()
    .from(energyTariffs)
    .where(and(tenantFilter(scope, energyTariffs.tenantId), eq(energyTariffs.projectId, projectId)))
    .orderBy(asc(energyTariffs.validFrom));
  return rows.map(toTariff);
}

async function dateTaken(db: Db, projectId: number, validFrom: string, except?: number) {
  const [row] = await db
    .select({ id: energyTariffs.id })
    .from(energyTariffs)
    .where(and(eq(energyTariffs.projectId, projectId), eq(energyTariffs.validFrom, validFrom)));
  if (row && row.id !== except) throw badRequest('energy.tariffDateTaken', { date: validFrom });
}

export async function createTariff(db: Db, scope: Scope, body: TariffCreateBody): Promise<Tariff> {
  const project = await findProject(db, scope, body.projectId);
  await dateTaken(db, project.id, body.validFrom);
  const [row] = await db
    .insert(energyTariffs)
    .values({
      tenantId: project.tenantId,
      projectId: project.id,
      name: body.name,
      validFrom: body.validFrom,
      currency: body.currency,
      plan: planOf(body),
    })
    .returning();
  if (!row) throw new Error('tariff insert returned nothing');
  return toTariff(row);
}

async function ownedTariff(db: Db, scope: Scope, id: number): Promise<TariffRow> {
  const [row] = await db.select().from(energyTariffs).where(eq(energyTariffs.id, id));
  return ownedOr404(scope, row);
}

export async function updateTariff(db: Db, scope: Scope, body: TariffUpdateBody): Promise<Tariff> {
  const row = await ownedTariff(db, scope, body.id);
  if (row.projectId !== body.projectId) throw notFound();
  await dateTaken(db, row.projectId, body.validFrom, row.id);
  const [updated] = await db
    .update(energyTariffs)
    .set({
      name: body.name,
      validFrom: body.validFrom,
      currency: body.currency,
      plan: planOf(body),
      updatedAt: new Date(),
    })
    .where(eq(energyTariffs.id, row.id))
    .returning();
  if (!updated) throw notFound();
  return toTariff(updated);
}

export async function deleteTariff(db: Db, scope: Scope, id: number): Promise<void> {
  const row = await ownedTariff(db, scope, id);
  await db.delete(energyTariffs).where(eq(energyTariffs.id, row.id));
}

/** The tariffs and emission factors of a project, oldest first, for the arithmetic (no scope check). */
export async function pricingOf(db: Db, projectId: number) {
  const [tariffRows, factors] = await Promise.all([
    db
      .select()
      .from(energyTariffs)
      .where(eq(energyTariffs.projectId, projectId))
      .orderBy(asc(energyTariffs.validFrom)),
    db
      .select({ validFrom: energyEmissionFactors.validFrom, kgPerKwh: energyEmissionFactors.kgPerKwh })
      .from(energyEmissionFactors)
      .where(eq(energyEmissionFactors.projectId, projectId))
      .orderBy(asc(energyEmissionFactors.validFrom)),
  ]);
  return { tariffs: tariffRows.map(toTariff), factors };
}

/** Whether each date of a list works, by the project's calendar (weekends and holidays rest). */
export async function workdaysOf(db: Db, projectId: number, from: string, to: string) {
  const rows = await db
    .select({ date: calendarDays.date, type: calendarDays.type, name: calendarDays.name })
    .from(calendarDays)
    .where(and(eq(calendarDays.projectId, projectId), between(calendarDays.date, from, to)));
  const byDate = new Map(rows.map((r) => [r.date, r]));
  return (date: string) => describeDay(date, byDate.get(date));
}

/** The periods of one local day of a project: the plan in force, the calendar's verdict, each hour's period. */
export async function tariffDay(db: Db, scope: Scope, projectId: number, date: string): Promise<TariffDay> {
  await findProject(db, scope, projectId);
  const { tariffs } = await pricingOf(db, projectId);
  const day = (await workdaysOf(db, projectId, date, date))(date);
  const tariff = inForce(tariffs, date);
  const hours = tariff ? hoursOfDay(tariff, Number(date.slice(5, 7)), day.workday) : [];
  const prices = hours.map((p) => {
    if (!tariff) return 0;
    if (tariff.kind === 'tou') return tariff.prices?.[p] ?? 0;
    if (tariff.kind === 'tiered') return tariff.tiers[0]?.price ?? 0;
    return tariff.flatPrice ?? 0;
  });
  return { date, workday: day.workday, holidayName: day.holidayName ?? null, tariff, hours, prices };
}

/* ---------- Emission factors ---------- */

export async function listFactors(db: Db, scope: Scope, projectId: number): Promise<EmissionFactor[]> {
  await findProject(db, scope, projectId);
  return db
    .select({
      id: energyEmissionFactors.id,
      projectId: energyEmissionFactors.projectId,
      validFrom: energyEmissionFactors.validFrom,
      kgPerKwh: energyEmissionFactors.kgPerKwh,
    })
    .from(energyEmissionFactors)
    .where(
      and(
        tenantFilter(scope, energyEmissionFactors.tenantId),
        eq(energyEmissionFactors.projectId, projectId),
      ),
    )
    .orderBy(asc(energyEmissionFactors.validFrom));
}

/** Sets the factor valid from a date (replacing the one of that date). */
export async function putFactor(db: Db, scope: Scope, body: EmissionFactorBody): Promise<EmissionFactor> {
  const project = await findProject(db, scope, body.projectId);
  const [row] = await db
    .insert(energyEmissionFactors)
    .values({
      tenantId: project.tenantId,
      projectId: project.id,
      validFrom: body.validFrom,
      kgPerKwh: body.kgPerKwh,
    })
    .onConflictDoUpdate({
      target: [energyEmissionFactors.projectId, energyEmissionFactors.validFrom],
      set: { kgPerKwh: body.kgPerKwh },
    })
    .returning();
  if (!row) throw new Error('factor upsert returned nothing');
  return { id: row.id, projectId: row.projectId, validFrom: row.validFrom, kgPerKwh: row.kgPerKwh };
}

export async function deleteFactor(db: Db, scope: Scope, id: number): Promise<void> {
  const [row] = await db.select().from(energyEmissionFactors).where(eq(energyEmissionFactors.id, id));
  ownedOr404(scope, row);
  await db.delete(energyEmissionFactors).where(eq(energyEmissionFactors.id, id));
}

/**
 * The price of a kWh and the grid's kgCO2e per kWh at an instant in a project: the plan and factor in force on
 * its local date, the period of its local hour (a tiered plan's first tier). Zero without a plan or factor.
 * For estimates priced as they happen (fault findings' waste).
 */
export async function priceAt(
  db: Db,
  project: { id: number; timeZone: string },
  instant: Date,
): Promise<{ price: number; kgPerKwh: number }> {
  const { tariffs, factors } = await pricingOf(db, project.id);
  const local = localTimeOf(instant, project.timeZone);
  const tariff = inForce(tariffs, local.date);
  const factor = inForce(factors, local.date);
  let price = 0;
  if (tariff) {
    if (tariff.kind === 'tiered') price = tariff.tiers[0]?.price ?? 0;
    else if (tariff.kind === 'flat') price = tariff.flatPrice ?? 0;
    else {
      const day = (await workdaysOf(db, project.id, local.date, local.date))(local.date);
      const period = hoursOfDay(tariff, Number(local.date.slice(5, 7)), day.workday)[
        Math.floor(local.minutes / 60)
      ];
      price = (period && tariff.prices?.[period]) ?? 0;
    }
  }
  return { price, kgPerKwh: factor ? Number(factor.kgPerKwh) : 0 };
}
