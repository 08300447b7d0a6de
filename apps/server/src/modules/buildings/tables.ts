import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ZoneShape } from '@sbuilding/shared';
import { files } from '../files/tables.js';
import { projects } from '../projects/tables.js';
import { tenants } from '../tenants/tables.js';

/*
 * Buildings (halls), floors and zones (sectors), spec section 3. Each level references its parent ON
 * DELETE RESTRICT (a project, building or floor that still holds anything cannot be deleted, and nothing
 * is lost) and repeats the tenant, so every query filters through tenantFilter without a join.
 */

export const buildings = pgTable(
  'buildings',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'restrict' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    address: text('address').notNull().default(''),
    imageId: uuid('image_id').references(() => files.id, { onDelete: 'restrict' }),
    /** The mini-program binding: the building can be opened from the mini-program and has a QR code. */
    miniProgramEnabled: boolean('mini_program_enabled').notNull().default(true),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('buildings_project_idx').on(t.projectId),
    index('buildings_tenant_idx').on(t.tenantId),
    check('buildings_longitude_check', sql`${t.longitude} between -180 and 180`),
    check('buildings_latitude_check', sql`${t.latitude} between -90 and 90`),
  ],
);

export const floors = pgTable(
  'floors',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'restrict' }),
    buildingId: integer('building_id')
      .notNull()
      .references(() => buildings.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    mark: text('mark').notNull().default(''),
    /** Square metres; null when unknown. */
    area: doublePrecision('area'),
    imageId: uuid('image_id').references(() => files.id, { onDelete: 'restrict' }),
    /** The sanitized SVG floor plan; zone shapes are in its user units. */
    planId: uuid('plan_id').references(() => files.id, { onDelete: 'restrict' }),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    sort: integer('sort').notNull().default(0),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('floors_building_idx').on(t.buildingId, t.sort),
    index('floors_tenant_idx').on(t.tenantId),
    check('floors_area_check', sql`${t.area} is null or ${t.area} >= 0`),
  ],
);

export const zones = pgTable(
  'zones',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'restrict' }),
    floorId: integer('floor_id')
      .notNull()
      .references(() => floors.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    /** A value of the sb_zone_type dictionary; work times of the same zone type apply to the zone. */
    type: text('type').notNull(),
    mark: text('mark').notNull().default(''),
    /** Rectangle or polygon on the floor plan (validated by zoneShapeSchema); null until drawn. */
    shape: jsonb('shape').$type<ZoneShape>(),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('zones_floor_idx').on(t.floorId),
    index('zones_tenant_idx').on(t.tenantId),
    index('zones_type_idx').on(t.tenantId, t.type),
  ],
);
