import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import type { MeterNodeKind, MeterTerm, TariffPlan } from '@sbuilding/shared';
import { devices } from '../devices/tables.js';
import { projects } from '../projects/tables.js';
import { tenants } from '../tenants/tables.js';

/** Dated tariff plans of a project: each applies from `valid_from` (a local date) until the next one's. */
export const energyTariffs = pgTable(
  'energy_tariffs',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'restrict' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    currency: text('currency').notNull().default('CNY'),
    /** The pricing: kind, prices, tiers, seasons, demand charge, fixed charges (shared TariffPlan). */
    plan: jsonb('plan').$type<TariffPlan>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('energy_tariffs_project_from_unique').on(t.projectId, t.validFrom)],
);

/** Dated grid emission factors of a project, kgCO2e per kWh. */
export const energyEmissionFactors = pgTable(
  'energy_emission_factors',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'restrict' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    kgPerKwh: doublePrecision('kg_per_kwh').notNull(),
  },
  (t) => [unique('energy_emission_factors_project_from_unique').on(t.projectId, t.validFrom)],
);

/**
 * A channel's local day split by tariff period, computed from its hourly rollups the first time a board or
 * bill asks and kept: `hour_map` (the period letter of each local hour) and `tariff_id` say what it was
 * split by, `kwh` the day's consumption then. A changed plan or calendar (another map or plan) or later
 * readings (another daily total) make the row stale, and it is split again.
 */
export const energyDayPeriods = pgTable(
  'energy_day_periods',
  {
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    tariffId: integer('tariff_id'),
    hourMap: text('hour_map').notNull(),
    kwh: doublePrecision('kwh').notNull(),
    sharp: doublePrecision('sharp').notNull(),
    peak: doublePrecision('peak').notNull(),
    flat: doublePrecision('flat').notNull(),
    valley: doublePrecision('valley').notNull(),
    deepValley: doublePrecision('deep_valley').notNull(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.day] }), index('energy_day_periods_day_idx').on(t.day)],
);

/**
 * Each channel's consumption per quarter hour (`quarter` = its start), from its stored counter readings with
 * what it counted across a gap spread over the gap (`demand.ts`): what peak demand is read from. Filled per
 * local day when first asked for, kept after the raw readings expire.
 */
export const energyDemandQuarters = pgTable(
  'energy_demand_quarters',
  {
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    quarter: timestamp('quarter', { withTimezone: true }).notNull(),
    kwh: doublePrecision('kwh').notNull(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.quarter] })],
);

/**
 * Which local days of a channel `energy_demand_quarters` holds, and from what: the day's reading count in
 * the daily rollups then (another count = late readings: split again) and whether a later reading existed
 * (the interval crossing the day's end was known; until then the day is split again when asked for and
 * its split is over `DEMAND_REFRESH_MS` old).
 */
export const energyDemandDays = pgTable(
  'energy_demand_days',
  {
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    sourceCount: integer('source_count').notNull(),
    complete: boolean('complete').notNull(),
    /** When it was split (a day not complete is split again once this is older than a few minutes). */
    splitAt: timestamp('split_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.day] })],
);

/**
 * The meter tree of a project (issue 22): which channels measure which building, floor, zone or tenant unit,
 * its area, and virtual meters (`terms`: the sum or difference of channels and other nodes). The whole
 * tree's rules (no cycle, a channel measures one node) are checked by the shared `meterTreeSchema` before a
 * change is written.
 */
export const energyMeterNodes = pgTable(
  'energy_meter_nodes',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'restrict' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id'),
    kind: text('kind').$type<MeterNodeKind>().notNull(),
    name: text('name').notNull(),
    areaM2: doublePrecision('area_m2'),
    channels: jsonb('channels').$type<number[]>().notNull().default([]),
    terms: jsonb('terms').$type<MeterTerm[]>().notNull().default([]),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('energy_meter_nodes_project_idx').on(t.projectId)],
);

/**
 * A channel's whole past month summed from its day splits (`energy_day_periods`), per stretch of the month
 * (cut at plan and factor changes), so a long range reads a row a month instead of every day. `split_key`
 * says what the sums were made under (each day's plan and hour map, the stretches and their factors): another
 * key is stale. `kwh` is the total of the day splits summed: when the daily rollups' total for the month no
 * longer matches it (a late reading), the month's days are checked and split again as before (profiles.ts).
 */
export const energyMonthPeriods = pgTable(
  'energy_month_periods',
  {
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    month: date('month', { mode: 'string' }).notNull(),
    splitKey: text('split_key').notNull(),
    kwh: doublePrecision('kwh').notNull(),
    /** kWh by period of each of the month's stretches, in order (`[sharp, peak, flat, valley, deepValley]`). */
    stretches: jsonb('stretches').$type<number[][]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.month] })],
);
