import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { FILE_KINDS, FILE_MIME_TYPES } from '@sbuilding/shared';
import { tenants } from '../tenants/tables.js';
import { users } from '../users/tables.js';

/**
 * Uploaded images and floor plans. The bytes live on disk under the upload directory as `stored_name`
 * (`{id}.{png|jpg|svg}`, made up by the server); the row says whose they are and how to serve them.
 * Rows that use a file (buildings, floors) reference it ON DELETE RESTRICT.
 */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: FILE_KINDS }).notNull(),
    /** Decided by the server from the bytes (images) or the sanitizer (SVG), never by the client. */
    mime: text('mime', { enum: FILE_MIME_TYPES }).notNull(),
    size: integer('size').notNull(),
    storedName: text('stored_name').notNull().unique(),
    /** The uploader's file name, for display only: it never reaches a path. */
    originalName: text('original_name').notNull().default(''),
    /** Floor plans: the SVG's `[minX, minY, width, height]`, the coordinate system of zone shapes. */
    viewBox: doublePrecision('view_box').array(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('files_tenant_idx').on(t.tenantId),
    check('files_kind_check', sql`${t.kind} in ('image', 'svg')`),
    check('files_mime_check', sql`${t.mime} in ('image/png', 'image/jpeg', 'image/svg+xml')`),
  ],
);

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * The bytes of uploads and exports on PostgreSQL without FILES_DIR, so that every node serves what another
 * stored (platform/storage.ts reaches it by name). `area` is 'uploads' (name: files.stored_name) or
 * 'exports' (the generated .xlsx name, removed once downloaded or an hour old).
 */
export const storedBytes = pgTable(
  'stored_bytes',
  {
    area: text('area').notNull(),
    name: text('name').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.area, t.name] })],
);
