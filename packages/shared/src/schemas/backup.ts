import { z } from 'zod';

/** The archive's kind: a restore refuses any other file. */
export const BACKUP_FORMAT = 'sbuilding-backup';
/** The layout of the archive; a restore refuses a later one. */
export const BACKUP_FORMAT_VERSION = 1;

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);
/** A path inside the archive: plain names under database/ or files/, never a way out of a folder. */
const entryPath = z.string().regex(/^(database|files\/(uploads|exports))\/[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/);

/** One entry of the archive, as the manifest vouches for it. */
export const backupEntrySchema = z.object({ path: entryPath, bytes: z.number().int().min(0), sha256 });

/** A table of a PostgreSQL snapshot: its copied columns, and for a partition its parent and bound. */
export const backupTableSchema = z.object({
  name: z.string().regex(/^[a-z_][a-z0-9_]{0,62}$/),
  columns: z.array(z.string().regex(/^[a-z_][a-z0-9_]{0,62}$/)).min(1),
  partitionOf: z
    .object({ parent: z.string().regex(/^[a-z_][a-z0-9_]{0,62}$/), bound: z.string().max(500) })
    .nullable(),
  rows: z.number().int().min(0),
});

/**
 * `manifest.json`, the archive's first entry (issue 36): what made it, how far its database's migrations went,
 * what it holds (counts a restored server must show again) and every other entry's size and SHA-256.
 */
export const backupManifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.number().int().min(1),
  release: z.string().min(1).max(50),
  /** The migrations the database had gone through, in order (drizzle's tags). */
  migrations: z.array(z.string().min(1).max(200)),
  createdAt: z.iso.datetime(),
  /** pglite: PGlite's data directory as a tar; postgres: one COPY file per table, all of one snapshot. */
  database: z.enum(['pglite', 'postgres']),
  tables: z.array(backupTableSchema),
  /** The values of the sequences in the snapshot (postgres). */
  sequences: z.array(
    z.object({
      name: z.string().max(63),
      value: z
        .string()
        .regex(/^-?\d+$/)
        .nullable(),
    }),
  ),
  counts: z.object({
    projects: z.number().int().min(0),
    devices: z.number().int().min(0),
    readings: z.number().int().min(0),
    files: z.number().int().min(0),
    users: z.number().int().min(0),
  }),
  entries: z.array(backupEntrySchema),
});

export type BackupManifest = z.infer<typeof backupManifestSchema>;
export type BackupEntry = z.infer<typeof backupEntrySchema>;
export type BackupTable = z.infer<typeof backupTableSchema>;
