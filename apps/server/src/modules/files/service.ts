import { eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import {
  UPLOAD_MAX_BYTES,
  type FileKind,
  type FileMimeType,
  type UploadedFile,
  type ViewBox,
} from '@sbuilding/shared';
import type { Db } from '../../platform/db/client.js';
import { AppError, badRequest, notFound } from '../../platform/errors.js';
import { ownedOr404, tenantForWrite, type Scope } from '../../platform/tenancy.js';
import { tenants } from '../tenants/tables.js';
import { reencodeImage } from './image.js';
import type { FileLinks } from './links.js';
import type { FileStore } from './store.js';
import { sanitizeSvg, SvgRejected } from './svg-sanitizer.js';
import { files } from './tables.js';

export type FileRow = typeof files.$inferSelect;

/** What file services need besides the database: where bytes live and how links are signed. */
export interface FilesContext {
  store: FileStore;
  links: FileLinks;
}

export interface Upload {
  bytes: Buffer;
  /** The name on the uploader's disk; display only. */
  filename: string;
  /** Read from a platform administrator only (who belongs to no tenant). */
  tenantId?: number | undefined;
}

const IMAGE_TYPES = ['image/png', 'image/jpeg'] as const satisfies readonly FileMimeType[];

export function toUploadedFile(row: FileRow, links: FileLinks): UploadedFile {
  const [x, y, w, h] = row.viewBox ?? [];
  return {
    id: row.id,
    tenantId: row.tenantId,
    kind: row.kind,
    mime: row.mime,
    size: row.size,
    originalName: row.originalName,
    viewBox: x !== undefined && y !== undefined && w !== undefined && h !== undefined ? [x, y, w, h] : null,
    url: links.url(row.id),
    createTime: row.createdAt.toISOString(),
  };
}

/** A display name from the client's: no directories, no control characters, not too long. */
function displayName(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  return base
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .trim()
    .slice(0, 200);
}

/** Writes the bytes, then the row; bytes whose row could not be written are removed again. */
export async function saveFile(
  db: Db,
  store: FileStore,
  file: {
    tenantId: number;
    kind: FileKind;
    mime: FileMimeType;
    bytes: Uint8Array;
    originalName: string;
    viewBox: ViewBox | null;
    createdBy: number | null;
  },
): Promise<FileRow> {
  const stored = await store.write(file.mime, file.bytes);
  try {
    const [row] = await db
      .insert(files)
      .values({
        id: stored.id,
        tenantId: file.tenantId,
        kind: file.kind,
        mime: file.mime,
        size: file.bytes.byteLength,
        storedName: stored.storedName,
        originalName: displayName(file.originalName),
        viewBox: file.viewBox,
        createdBy: file.createdBy,
      })
      .returning();
    if (!row) throw new AppError(500, 'error.internal');
    return row;
  } catch (error) {
    await store.remove(stored.storedName);
    throw error;
  }
}

/** The tenant an upload belongs to: the caller's, or the one a platform administrator names. */
async function uploadTenant(db: Db, scope: Scope, requested: number | undefined): Promise<number> {
  if (scope.isAdmin && requested === undefined) throw badRequest('file.tenantRequired');
  const tenantId = tenantForWrite(scope, requested);
  const [tenant] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId));
  if (!tenant) throw notFound();
  return tenantId;
}

function checkSize(bytes: Buffer) {
  if (bytes.byteLength > UPLOAD_MAX_BYTES) throw new AppError(413, 'file.tooLarge');
  if (bytes.byteLength === 0) throw badRequest('file.missing');
}

/** Stores a JPG or PNG picture, recognised by its bytes (the name and the declared type are ignored). */
export async function storeImage(
  db: Db,
  scope: Scope,
  ctx: FilesContext,
  upload: Upload,
): Promise<UploadedFile> {
  checkSize(upload.bytes);
  const detected = await fileTypeFromBuffer(upload.bytes);
  const mime = IMAGE_TYPES.find((type) => type === detected?.mime);
  if (!mime) throw badRequest('validation.imageFormat');
  // Only the pixels are kept: metadata and anything appended to the image data go (image.ts).
  const bytes = await reencodeImage(upload.bytes, mime);
  if (!bytes) throw badRequest('validation.imageFormat');
  const tenantId = await uploadTenant(db, scope, upload.tenantId);
  const row = await saveFile(db, ctx.store, {
    tenantId,
    kind: 'image',
    mime,
    bytes,
    originalName: upload.filename,
    viewBox: null,
    createdBy: scope.userId,
  });
  return toUploadedFile(row, ctx.links);
}

/** Stores a floor plan: an SVG document, sanitized (see svg-sanitizer.ts) before it touches the disk. */
export async function storeSvg(
  db: Db,
  scope: Scope,
  ctx: FilesContext,
  upload: Upload,
): Promise<UploadedFile> {
  checkSize(upload.bytes);
  let sanitized;
  try {
    sanitized = await sanitizeSvg(upload.bytes);
  } catch (error) {
    if (error instanceof SvgRejected) {
      throw badRequest(error.reason === 'format' ? 'file.svgFormat' : 'file.svgUnsafe');
    }
    throw error;
  }
  const tenantId = await uploadTenant(db, scope, upload.tenantId);
  const row = await saveFile(db, ctx.store, {
    tenantId,
    kind: 'svg',
    mime: 'image/svg+xml',
    bytes: Buffer.from(sanitized.svg, 'utf8'),
    originalName: upload.filename,
    viewBox: sanitized.viewBox,
    createdBy: scope.userId,
  });
  return toUploadedFile(row, ctx.links);
}

/** A file row by id, whoever owns it: for callers that proved access otherwise (a signed link). */
export async function fileById(db: Db, id: string): Promise<FileRow> {
  const [row] = await db.select().from(files).where(eq(files.id, id));
  if (!row) throw notFound('file.unknown');
  return row;
}

/** A file row of the caller's tenant (404 for anyone else's). */
export async function findFile(db: Db, scope: Scope, id: string): Promise<FileRow> {
  const [row] = await db.select().from(files).where(eq(files.id, id));
  return ownedOr404(scope, row);
}

/**
 * Checks a file reference of a row being written: the file exists, belongs to the row's tenant (404
 * otherwise, like any other tenant's id) and is of the expected kind (400).
 */
export async function requireFile(
  db: Db,
  tenantId: number,
  id: string | null,
  kind: FileKind,
): Promise<void> {
  if (id === null) return;
  const [row] = await db
    .select({ tenantId: files.tenantId, kind: files.kind })
    .from(files)
    .where(eq(files.id, id));
  if (!row || row.tenantId !== tenantId) throw notFound('file.unknown');
  if (row.kind !== kind) throw badRequest(kind === 'image' ? 'file.notAnImage' : 'file.notAPlan');
}
