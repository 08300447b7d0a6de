import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import {
  BLE_INIT_STATES,
  DEVICE_CATEGORIES,
  GROUP_STATUSES,
  MARK_ALIGNMENTS,
  MARK_BELONG_TYPES,
  MODEL_IDS,
  type DeviceFieldValue,
  type MeshChange,
} from '@sbuilding/shared';
import { buildings, floors, zones } from '../buildings/tables.js';
import { files } from '../files/tables.js';
import { projects } from '../projects/tables.js';
import { tenants } from '../tenants/tables.js';
import { users } from '../users/tables.js';

/*
 * The device registry, its configuration, marks on floor plans, groups and mesh versions (spec section 3).
 * Every table repeats the tenant so tenantFilter works without a join. A device's model-specific fields
 * live in `props` (checked against the catalogue on every write); what queries need is a column.
 */

export const devices = pgTable(
  'devices',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'restrict' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'restrict' }),
    buildingId: integer('building_id')
      .notNull()
      .references(() => buildings.id, { onDelete: 'restrict' }),
    floorId: integer('floor_id').references(() => floors.id, { onDelete: 'restrict' }),
    zoneId: integer('zone_id').references(() => zones.id, { onDelete: 'restrict' }),
    model: text('model', { enum: MODEL_IDS }).notNull(),
    category: text('category', { enum: DEVICE_CATEGORIES }).notNull(),
    name: text('name').notNull(),
    position: text('position').notNull().default(''),
    /** The model's create fields other than name and the gateway reference. */
    props: jsonb('props').$type<Record<string, DeviceFieldValue>>().notNull().default({}),
    /** What identifies the physical device in its tenant (the model's `identity` fields joined). */
    identity: text('identity').notNull(),
    /** The gateway it sits behind: the model's deviceRef field. A gateway with devices cannot be deleted. */
    parentId: integer('parent_id').references((): AnyPgColumn => devices.id, { onDelete: 'restrict' }),
    /** MQTT username of the device (credentials); replaced on demand, unique across tenants. */
    accessToken: text('access_token').notNull().unique(),
    /** Client attributes saved from the console (dev-client-attr); absent keys are the device's defaults. */
    attributes: jsonb('attributes').$type<Record<string, DeviceFieldValue>>().notNull().default({}),
    /**
     * What the device itself reports on v1/devices/me/attributes (firmware, settings): ThingsBoard's client
     * attributes, merged key by key and answered back on attribute requests.
     */
    reportedAttributes: jsonb('reported_attributes').$type<Record<string, unknown>>().notNull().default({}),
    online: boolean('online').notNull().default(false),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }),
    /**
     * The device's latest MQTT connection (an id its node made up when the connection was ready): a node whose
     * older connection closes takes the device offline only while it is still the latest, so a device that
     * reconnected on another node first stays online (mqtt/directory.ts).
     */
    connectionId: text('connection_id'),
    positionImageId: uuid('position_image_id').references(() => files.id, { onDelete: 'restrict' }),
    horizontalImageId: uuid('horizontal_image_id').references(() => files.id, { onDelete: 'restrict' }),
    verticalImageId: uuid('vertical_image_id').references(() => files.id, { onDelete: 'restrict' }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('devices_identity_idx').on(t.tenantId, t.model, t.identity),
    index('devices_tenant_idx').on(t.tenantId),
    index('devices_project_idx').on(t.projectId, t.category),
    index('devices_building_idx').on(t.buildingId, t.floorId, t.zoneId),
    index('devices_parent_idx').on(t.parentId),
  ],
);

/** The latest value of each telemetry key of a device (written by the device protocol, read by getList/v2). */
export const deviceLatest = pgTable(
  'device_latest',
  {
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: jsonb('value').$type<number | string | boolean | null>(),
    ts: timestamp('ts', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.key] })],
);

/** Who changed which client attribute of a device, from what to what. */
export const deviceAttributeChanges = pgTable(
  'device_attribute_changes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'restrict' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    userName: text('user_name').notNull(),
    changes: jsonb('changes')
      .$type<{ key: string; from: DeviceFieldValue; to: DeviceFieldValue }[]>()
      .notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('device_attribute_changes_device_idx').on(t.deviceId, t.createdAt)],
);

/** The initialisation job of a Bluetooth gateway (pending → initialising → ready / failed). */
export const bleGatewayInits = pgTable('ble_gateway_inits', {
  deviceId: integer('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'restrict' }),
  status: text('status', { enum: BLE_INIT_STATES }).notNull().default('pending'),
  progress: integer('progress').notNull().default(0),
  step: text('step').notNull().default('queued'),
  /** Message key of the failure; '' unless failed. */
  error: text('error').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /**
   * The server node running the job and until when its lease holds (renewed at every step): another node
   * takes the job over only once the lease has run out (its node died), so a job runs on one node at a time.
   */
  leaseOwner: text('lease_owner'),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
});

export const deviceGroups = pgTable(
  'device_groups',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'restrict' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    status: text('status', { enum: GROUP_STATUSES }).notNull().default('0'),
    category: text('category', { enum: DEVICE_CATEGORIES }).notNull(),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('device_groups_project_idx').on(t.projectId),
    index('device_groups_tenant_idx').on(t.tenantId),
  ],
);

/** A deleted device leaves its groups (cascade); a group keeps at least one device through the API only. */
export const deviceGroupMembers = pgTable(
  'device_group_members',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => deviceGroups.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.deviceId] }),
    index('device_group_members_device_idx').on(t.deviceId),
  ],
);

export const deviceMarks = pgTable(
  'device_marks',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'restrict' }),
    buildingId: integer('building_id')
      .notNull()
      .references(() => buildings.id, { onDelete: 'restrict' }),
    floorId: integer('floor_id')
      .notNull()
      .references(() => floors.id, { onDelete: 'restrict' }),
    /** One mark per device; deleting the device unbinds the mark (the service records a mesh version). */
    deviceId: integer('device_id')
      .unique()
      .references(() => devices.id, { onDelete: 'set null' }),
    markName: text('mark_name').notNull(),
    nickname: text('nickname').notNull().default(''),
    onFloor: boolean('on_floor').notNull().default(true),
    belongType: text('belong_type', { enum: MARK_BELONG_TYPES }).notNull(),
    meshId: text('mesh_id').notNull().default(''),
    proxy: boolean('proxy').notNull().default(false),
    relay: boolean('relay').notNull().default(false),
    dashboardNickname: text('dashboard_nickname').notNull().default(''),
    alignment: text('alignment', { enum: MARK_ALIGNMENTS }).notNull().default('center'),
    leftButton: text('left_button').notNull().default(''),
    midButton: text('mid_button').notNull().default(''),
    rightButton: text('right_button').notNull().default(''),
    x: doublePrecision('x').notNull(),
    y: doublePrecision('y').notNull(),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('device_marks_floor_idx').on(t.floorId), index('device_marks_building_idx').on(t.buildingId)],
);

/** The mesh network of a building, versioned: a row whenever marks or their bindings change. */
export const meshVersions = pgTable(
  'mesh_versions',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'restrict' }),
    // The mesh history of an emptied building goes with it (the floors and devices hold it back meanwhile).
    buildingId: integer('building_id')
      .notNull()
      .references(() => buildings.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    description: text('description').notNull().default(''),
    log: text('log').notNull().default(''),
    changes: jsonb('changes').$type<MeshChange[]>().notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('mesh_versions_building_version_idx').on(t.buildingId, t.version)],
);
